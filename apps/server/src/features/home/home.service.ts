import type {
  HomeListPosition,
  HomeReviewItem,
  HomeReviewListQuery,
  HomeReviewListResponse,
} from "@mnemo/domain";
import {
  homeDueKeyFloor,
  homeListCursorSchema,
  isAfterHomePosition,
  isMemoCompleted,
  mergeHomeReviewList,
  repetitionScore,
} from "@mnemo/domain";
import type { Kysely } from "kysely";
import { withFsrs } from "../../db/memo-fsrs.js";
import type { Database } from "../../db/schema.js";
import type { ServiceDeps } from "../../deps.js";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "../../http/opaque-cursor.js";
import {
  countHomeMemos,
  type HomeMemo,
  type HomeMemoFilter,
  selectFolderTitles,
  selectHomeCompletionFolderIds,
  selectHomeRepetitionValues,
  selectMostDueMemos,
} from "./home.repo.js";

type Deps = ServiceDeps;

/** Where a page starts: the time every page of the list is scored at, and the last memo shown. */
interface HomePageStart {
  /** Epoch ms: the first page's now. */
  asOf: number;
  after: HomeListPosition | null;
}

/**
 * One page of the home review list (`GET /api/home/review-list`): `limit` memos after the
 * cursor, the next page's cursor (`null` on the last), and `total`, the COUNT of every memo of
 * the list under the same rule. Later pages are scored at the first page's time (the cursor
 * carries it), so they continue exactly where the previous page stopped, each memo once.
 *
 * @throws VALIDATION_FAILED (path `cursor`) for a damaged or forged cursor
 */
export async function listHomeReviewPage(
  deps: Deps,
  userId: string,
  query: HomeReviewListQuery,
): Promise<HomeReviewListResponse> {
  const start: HomePageStart =
    query.cursor === undefined ? { asOf: deps.now(), after: null } : decodeHomeCursor(query.cursor);
  const db = deps.db.kysely;
  const filter = await homeFilter(db, userId);
  const values = await selectHomeRepetitionValues(db, userId);
  // One more than the page: whether a next page exists without a second query.
  const memos = await rankHomeMemos(deps, userId, query.limit + 1, filter, values, start);
  const page = memos.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    memos.length > query.limit && last
      ? encodeOpaqueCursor({ v: 1, a: start.asOf, s: last.repetitionScore, id: last.id })
      : null;
  const total = await countHomeMemos(db, userId);
  return { memos: page, nextCursor, total };
}

function decodeHomeCursor(text: string): HomePageStart {
  const body = decodeOpaqueCursor(text, homeListCursorSchema, "Not a cursor of the home list");
  return { asOf: body.a, after: { score: body.s, id: body.id } };
}

async function homeFilter(
  db: Kysely<Database>,
  userId: string,
  excludeFolderIds: readonly string[] = [],
): Promise<HomeMemoFilter> {
  return { excludeFolderIds, completionFolderIds: await selectHomeCompletionFolderIds(db, userId) };
}

/**
 * The home review list: memos of folders shown on home, highest repetition score first (ties by
 * id), completed memos of folders with the completion feature left out (`isHomeListEligible`).
 * Score = `dateRV × now / DAY_MS − dueKey`, so for one repetition value the due-key order is
 * the score order: per distinct value one indexed range scan of at most `limit` rows (from the
 * due key where the page starts), then the domain's `mergeHomeReviewList`. No memo outside
 * those scans is scored. `excludeFolderIds` leaves those folders' memos out (the review queue's
 * FSRS folders); `start` reads a later page (default: the first, at now).
 */
export async function listHomeReviewMemos(
  deps: Deps,
  userId: string,
  query: { limit: number },
  options: { excludeFolderIds?: readonly string[]; start?: HomePageStart } = {},
): Promise<HomeReviewItem[]> {
  const db = deps.db.kysely;
  const filter = await homeFilter(db, userId, options.excludeFolderIds);
  const values = await selectHomeRepetitionValues(db, userId);
  return rankHomeMemos(deps, userId, query.limit, filter, values, options.start);
}

/** {@link listHomeReviewMemos} once the filter and the repetition values are read. */
async function rankHomeMemos(
  deps: Deps,
  userId: string,
  limit: number,
  filter: HomeMemoFilter,
  values: readonly number[],
  start: HomePageStart | undefined,
): Promise<HomeReviewItem[]> {
  const db = deps.db.kysely;
  const now = deps.now();
  const { asOf, after } = start ?? { asOf: now, after: null };
  const groups = [];
  for (const dateRepetitionValue of values) {
    const memos = await selectGroupAfter(
      db,
      userId,
      dateRepetitionValue,
      limit,
      filter,
      asOf,
      after,
    );
    groups.push({ dateRepetitionValue, memos });
  }
  const merged = mergeHomeReviewList(groups, limit, asOf, after);
  const presented = await withFsrs(
    db,
    userId,
    merged.map(({ memo }) => memo),
    now,
  );
  const scored = merged.map((entry, index) => ({ ...entry, memo: presented[index] ?? entry.memo }));
  const titles = await selectFolderTitles(db, userId, [
    ...new Set(scored.map(({ memo }) => memo.folderId)),
  ]);
  return scored.map(({ memo: { homeRv: _, ...memo }, score }) => ({
    ...memo,
    isCompleted: isMemoCompleted(memo),
    sortingValue: score,
    folderTitle: titles.get(memo.folderId) ?? "",
    repetitionScore: score,
  }));
}

/**
 * The `limit` most due memos of one repetition value ranked after `after` at `asOf`: a range
 * scan from the domain's `homeDueKeyFloor`, read on in batches while rows that rank before the
 * position (ties by score whose id comes first, rounding at the floor) fill a batch, so a page
 * misses no memo whatever the ties.
 */
async function selectGroupAfter(
  db: Kysely<Database>,
  userId: string,
  dateRepetitionValue: number,
  limit: number,
  filter: HomeMemoFilter,
  asOf: number,
  after: HomeListPosition | null,
): Promise<HomeMemo[]> {
  if (after === null) return selectMostDueMemos(db, userId, dateRepetitionValue, limit, filter);
  const dueKeyFloor = homeDueKeyFloor(dateRepetitionValue, asOf, after);
  const found: HomeMemo[] = [];
  let scanned: { dueKey: number; id: string } | undefined;
  for (;;) {
    const rows = await selectMostDueMemos(db, userId, dateRepetitionValue, limit, filter, {
      dueKeyFloor,
      after: scanned,
    });
    for (const row of rows) {
      const score = repetitionScore(row, dateRepetitionValue, asOf);
      if (isAfterHomePosition(score, row.id, after)) found.push(row);
    }
    const last = rows.at(-1);
    if (found.length >= limit || rows.length < limit || !last) return found.slice(0, limit);
    scanned = { dueKey: last.dueKey, id: last.id };
  }
}
