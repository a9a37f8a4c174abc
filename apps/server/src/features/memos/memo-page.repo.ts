import type { SortMode } from "@mnemo/domain";
import { REVIEWED_TODAY_SHIFT, shiftedReviewCount } from "@mnemo/domain";
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from "kysely";
import type { Executor } from "../../db/database.js";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import { precompile } from "../../db/precompiled.js";
import { readSnapshot } from "../../db/read-snapshot.js";
import type { Database } from "../../db/schema.js";

// The folder page query: one keyset page of a folder's memos in a sort mode, built once per mode
// (with or without a cursor) and rerun with new arguments.

/** Where a page ends: the sort-key values of its last memo (see `memoPageKey`) and its id. */
export interface PagePosition {
  values: number[];
  id: string;
}

/** What one page is: the folder, the order, where the previous page ended and its size. */
export interface PageRequest {
  folderId: string;
  mode: SortMode;
  /**
   * Start of "today" (epoch ms): memos reviewed since then sort as reviewed today. In the
   * `retrievability` mode: the time recall is ranked at (the first page's now).
   */
  todayStart: number;
  /** The previous page's last memo, or null for the first page. */
  after: PagePosition | null;
  limit: number;
}

interface SortColumn {
  expr: RawBuilder<number>;
  isDescending: boolean;
}

/**
 * The ORDER BY of a sort mode, before the id: the same order as the domain's `memoSortKey`. In the
 * review-count modes the count of a memo reviewed today is shifted (see selectReviewCountPage). In the
 * `retrievability` mode `now` is the time recall is ranked at; other modes do not use it.
 */
function sortColumns(mode: SortMode, now: number): SortColumn[] {
  const createdAt = sql<number>`created_at`;
  switch (mode) {
    case "latest":
      return [{ expr: createdAt, isDescending: true }];
    case "oldest":
      return [{ expr: createdAt, isDescending: false }];
    case "priority":
      return [
        { expr: sql<number>`priority`, isDescending: true },
        { expr: createdAt, isDescending: true },
      ];
    case "review_count_asc":
    case "review_count_desc":
      return reviewCountColumns(mode, false);
    case "repetition_value":
      return [{ expr: sql<number>`due_key`, isDescending: false }];
    case "retrievability":
      return retrievabilityColumns(now);
  }
}

/**
 * The `retrievability` order at `now` (epoch ms), as the domain's `retrievabilityKey` and
 * `memoPageKey`: never-reviewed FSRS memos first, then recall ascending (elapsed ms / stability
 * descending: the same division as the domain's, so keys compare exactly), memos without an
 * FSRS state last. The state is in memo_fsrs, read by scalar subqueries on its primary key.
 */
function retrievabilityColumns(now: number): SortColumn[] {
  const fsrs = (column: string) =>
    sql`(select ${sql.ref(`f.${column}`)} from memo_fsrs f where f.user_id = memos.user_id and f.memo_id = memos.id)`;
  const group = sql<number>`(case when ${fsrs("memo_id")} is null then 2 when ${fsrs("last_review")} is null or ${fsrs("stability")} <= 0 then 0 else 1 end)`;
  const ratio = sql<number>`coalesce((select (case when ${now} > f.last_review then ${now} - f.last_review else 0 end) / f.stability from memo_fsrs f where f.user_id = memos.user_id and f.memo_id = memos.id and f.last_review is not null and f.stability > 0), 0)`;
  return [
    { expr: group, isDescending: false },
    { expr: ratio, isDescending: true },
  ];
}

/** How many key values a page position of `mode` carries. */
export function pageKeyLength(mode: SortMode): number {
  return sortColumns(mode, 0).length;
}

/**
 * Whether the order of `mode` depends on the clock: the start of today (it ranks "reviewed
 * today") or the time recall is ranked at.
 */
function usesToday(mode: SortMode): boolean {
  return isReviewCountMode(mode) || mode === "retrievability";
}

/** The page query's arguments by name (precompile binds them as one flat list). */
interface PageArgs {
  userId: string;
  folderId: string;
  limit: number;
  /** Review-count modes only; null otherwise. */
  todayStart: number | null;
  /** With a cursor only; null otherwise. */
  after: PagePosition | null;
}

/** The arguments in the one order {@link fromArgList} reads them back. */
function toArgList(args: PageArgs): Array<string | number> {
  const list: Array<string | number> = [args.userId, args.folderId, args.limit];
  if (args.todayStart !== null) list.push(args.todayStart);
  if (args.after !== null) list.push(...args.after.values, args.after.id);
  return list;
}

/** Reads {@link toArgList}'s list back by name, for a query of `mode` with or without a cursor. */
function fromArgList(mode: SortMode, hasCursor: boolean, list: Array<string | number>): PageArgs {
  let next = 0;
  const take = () => list[next++] as never;
  const userId: string = take();
  const folderId: string = take();
  const limit: number = take();
  const todayStart: number | null = usesToday(mode) ? take() : null;
  if (!hasCursor) return { userId, folderId, limit, todayStart, after: null };
  const values: number[] = Array.from({ length: pageKeyLength(mode) }, () => take());
  const id: string = take();
  return { userId, folderId, limit, todayStart, after: { values, id } };
}

/** The review-count modes: a memo reviewed today ranks by its count shifted by 999. */
type ReviewCountMode = "review_count_asc" | "review_count_desc";

function isReviewCountMode(mode: SortMode): mode is ReviewCountMode {
  return mode === "review_count_asc" || mode === "review_count_desc";
}

/**
 * The order of one part of a review-count page: the memos not reviewed today rank by their count
 * as stored, those reviewed today by the count shifted as {@link sortColumns} shifts it.
 */
function reviewCountColumns(mode: ReviewCountMode, isReviewedToday: boolean): SortColumn[] {
  const shift = mode === "review_count_asc" ? REVIEWED_TODAY_SHIFT : -REVIEWED_TODAY_SHIFT;
  return [
    {
      expr: isReviewedToday
        ? sql<number>`review_count + ${sql.lit(shift)}`
        : sql<number>`review_count`,
      isDescending: mode === "review_count_desc",
    },
    { expr: sql<number>`created_at`, isDescending: true },
  ];
}

/** The rows after `after` in the order of `columns`, then ids ascending (the keyset cursor). */
function afterPosition(
  eb: ExpressionBuilder<Database, "memos">,
  columns: SortColumn[],
  after: PagePosition,
) {
  const branches = [];
  for (let i = 0; i <= columns.length; i += 1) {
    const equal = columns
      .slice(0, i)
      .map((column, j) => eb(column.expr, "=", after.values[j] ?? 0));
    const column = columns[i];
    branches.push(
      column
        ? eb.and([...equal, eb(column.expr, column.isDescending ? "<" : ">", after.values[i] ?? 0)])
        : eb.and([...equal, eb(sql<string>`id`, ">", after.id)]),
    );
  }
  return eb.or(branches);
}

/**
 * `query` in the order of `columns`, ties by id in code-unit order on both engines: the id column
 * has the "C" collation on PostgreSQL (see the migration), SQLite compares bytes.
 */
function inOrder<Query extends OrderableQuery>(query: Query, columns: SortColumn[]): Query {
  let result = query;
  for (const column of columns) {
    result = result.orderBy(column.expr, column.isDescending ? "desc" : "asc") as Query;
  }
  return result.orderBy(sql`id`, "asc") as Query;
}

interface OrderableQuery {
  orderBy(expr: RawBuilder<unknown>, direction: "asc" | "desc"): unknown;
}

/** A folder's memos of `args`, in the order of `columns`, after the cursor (not cut). */
function folderPage(db: Executor, args: PageArgs, columns: SortColumn[]) {
  const { userId, folderId, after } = args;
  const memos = db
    .selectFrom("memos")
    .where("user_id", "=", userId)
    .where("folder_id", "=", folderId);
  return inOrder(after ? memos.where((eb) => afterPosition(eb, columns, after)) : memos, columns);
}

/** The page query of one sort mode, with or without a cursor, built once (see precompile). */
function buildPageQuery(mode: SortMode, hasCursor: boolean) {
  return precompile((db, ...list: Array<string | number>) => {
    const args = fromArgList(mode, hasCursor, list);
    const { userId, limit, todayStart } = args;
    if (todayStart === null) {
      return folderPage(db, args, sortColumns(mode, 0)).select(memoSummaryColumns).limit(limit);
    }
    // The retrievability mode ranks by recall at the first page's time, which no index holds:
    // every memo of the folder is ranked on a covering folder index first, then only the page's
    // rows are read (reading all rows to sort them cost ~3× as much).
    const columns = sortColumns(mode, todayStart);
    const pageIds = folderPage(db, args, columns).select("id").limit(limit);
    return inOrder(
      db.selectFrom("memos").where("user_id", "=", userId).where("id", "in", pageIds),
      columns,
    ).select(memoSummaryColumns);
  });
}

/**
 * One part of a review-count page (see {@link selectReviewCountPage}): the folder's memos
 * reviewed today or not, in that part's order (see {@link reviewCountColumns}), after the cursor.
 */
function reviewCountPart(
  db: Executor,
  mode: ReviewCountMode,
  args: PageArgs,
  isReviewedToday: boolean,
) {
  const todayStart = args.todayStart ?? 0;
  return folderPage(db, args, reviewCountColumns(mode, isReviewedToday))
    .where((eb) =>
      isReviewedToday
        ? eb("last_reviewed_at", ">=", todayStart)
        : eb.or([eb("last_reviewed_at", "is", null), eb("last_reviewed_at", "<", todayStart)]),
    )
    .limit(args.limit);
}

/** {@link reviewCountPart} with the memos' list columns, built once (see precompile). */
function buildReviewCountPart(mode: ReviewCountMode, hasCursor: boolean, isReviewedToday: boolean) {
  return precompile((db, ...list: Array<string | number>) =>
    reviewCountPart(db, mode, fromArgList(mode, hasCursor, list), isReviewedToday).select(
      memoSummaryColumns,
    ),
  );
}

/**
 * The memos reviewed today with only the columns that rank them, read from
 * memos_folder_reviewed_idx alone, built once (see precompile).
 */
function buildReviewedTodayRanks(mode: ReviewCountMode, hasCursor: boolean) {
  return precompile((db, ...list: Array<string | number>) =>
    reviewCountPart(db, mode, fromArgList(mode, hasCursor, list), true).select([
      "id",
      "review_count",
      "last_reviewed_at",
      "created_at",
    ]),
  );
}

/** Queries built once per mode and cursor presence (and part), keyed by their builder's key. */
const builtQueries = new Map<string, unknown>();

function built<Query>(key: string, build: () => Query): Query {
  let query = builtQueries.get(key) as Query | undefined;
  if (!query) {
    query = build();
    builtQueries.set(key, query);
  }
  return query;
}

/**
 * A page of a review-count mode. The shifted count is an expression no index holds, and ranking
 * every memo of the folder by it cost a sort of the whole folder per page. Instead the page is
 * merged from two parts that indexes hand over in order: the memos not reviewed today, read
 * whole up to the page size (memos_folder_review_count_idx), and those reviewed today (at most a
 * day's reviews), ranked on memos_folder_reviewed_idx alone; only the ones that make the page
 * are read whole (none, usually: the shift sends them to the end).
 */
async function selectReviewCountPage(
  db: Executor,
  mode: ReviewCountMode,
  args: PageArgs,
): Promise<StoredMemoSummary[]> {
  // Read on one snapshot: a memo reviewed between the parts' reads would be in both.
  if (!db.isTransaction) {
    return readSnapshot(db as Kysely<Database>, (trx) => selectReviewCountPage(trx, mode, args));
  }
  const hasCursor = args.after !== null;
  const argList = toArgList(args);
  const todayStart = args.todayStart ?? 0;
  const earlier = (
    await built(`${mode}:${hasCursor}:earlier`, () => buildReviewCountPart(mode, hasCursor, false))(
      db,
      ...argList,
    )
  ).map(toStoredMemoSummary);
  const todayRanks = await built(`${mode}:${hasCursor}:today-ranks`, () =>
    buildReviewedTodayRanks(mode, hasCursor),
  )(db, ...argList);
  if (todayRanks.length === 0) return earlier;
  const columns = reviewCountColumns(mode, false);
  const rankOf = (memo: RankedMemo): PagePosition => ({
    values: [
      shiftedReviewCount(memo.reviewCount, memo.lastReviewedAt, mode, todayStart),
      memo.createdAt,
    ],
    id: memo.id,
  });
  // The page's order from the ranks alone: each place an earlier memo, or the n-th memo reviewed
  // today (those that make the page are the first ones of their own order).
  const places = [
    ...earlier.map((memo) => ({ rank: rankOf(memo), memo, todayIndex: -1 })),
    ...todayRanks.map((row, todayIndex) => ({
      rank: rankOf({
        reviewCount: row.review_count,
        lastReviewedAt: row.last_reviewed_at,
        createdAt: row.created_at,
        id: row.id,
      }),
      memo: undefined,
      todayIndex,
    })),
  ]
    .sort((a, b) => comparePositions(columns, a.rank, b.rank))
    .slice(0, args.limit);
  const todayCount = places.filter((place) => place.memo === undefined).length;
  if (todayCount === 0) return earlier;
  // The same order and snapshot as the ranks: the n-th row is the n-th ranked memo.
  const today = (
    await built(`${mode}:${hasCursor}:today`, () => buildReviewCountPart(mode, hasCursor, true))(
      db,
      ...toArgList({ ...args, limit: todayCount }),
    )
  ).map(toStoredMemoSummary);
  return places.flatMap((place) => place.memo ?? today[place.todayIndex] ?? []);
}

/** What ranks a memo in a review-count mode. */
type RankedMemo = Pick<StoredMemoSummary, "reviewCount" | "lastReviewedAt" | "createdAt" | "id">;

/**
 * How two page positions compare in the order of `columns` (each in its direction), then ids in
 * code-unit order, as the queries order them (see {@link inOrder}).
 */
function comparePositions(columns: SortColumn[], a: PagePosition, b: PagePosition): number {
  for (const [i, column] of columns.entries()) {
    const x = a.values[i] ?? 0;
    const y = b.values[i] ?? 0;
    if (x !== y) return x < y === column.isDescending ? 1 : -1;
  }
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * One keyset page of a folder's memos in a sort mode (ties by id), after `page.after` when given.
 * Never OFFSET: the cursor holds the last row's sort values.
 */
export async function selectMemoPage(
  db: Executor,
  userId: string,
  page: PageRequest,
): Promise<StoredMemoSummary[]> {
  const hasCursor = page.after !== null;
  const args: PageArgs = {
    userId,
    folderId: page.folderId,
    limit: page.limit,
    todayStart: usesToday(page.mode) ? page.todayStart : null,
    after: page.after,
  };
  if (isReviewCountMode(page.mode)) return selectReviewCountPage(db, page.mode, args);
  const query = built(`${page.mode}:${hasCursor}`, () => buildPageQuery(page.mode, hasCursor));
  const rows = await query(db, ...toArgList(args));
  return rows.map(toStoredMemoSummary);
}
