import type {
  ChangePriorityInput,
  CompleteMemoInput,
  CountryCode,
  CreateMemoInput,
  DeleteQuery,
  ListMemosQuery,
  MemoDetail,
  MemoOpInput,
  MemoShare,
  MemoSummary,
  MoveMemoInput,
  PublicMemo,
  PublicMemoParams,
  ReviewMemoInput,
  SortMode,
  UpdateMemoInput,
} from "@mnemo/domain";
import {
  AppError,
  countryCodeSchema,
  DAY_MS,
  ErrorCode,
  isEmptyRichText,
  memoPageKey,
  memoSortingValue,
  objectIdSchema,
  previewFromHtml,
  ROOT_FOLDER_ID,
  randomId,
  repetitionDueKey,
  sharedMemoPath,
  sortModeSchema,
  startOfDay,
} from "@mnemo/domain";
import { z } from "zod";
import type { AppDeps } from "../../app.js";
import type { Executor } from "../../db/database.js";
import { presentMemoFields } from "../../db/memo-rows.js";
import { sanitizeRichText } from "../../http/sanitize-html.js";
import {
  addReviewToMemo,
  addToPriority,
  deleteMemo as deleteMemoRow,
  deleteTombstone,
  ensureRootFolder,
  hasTombstone,
  insertCompletion,
  insertMemo,
  insertReview,
  insertRootFolderIfMissing,
  insertTombstones,
  isReplay,
  type MemoFolder,
  markLatestCompletionUndone,
  markMemoShared,
  markMemoUnshared,
  nextChangeSeq,
  opIdConflict,
  type PagePosition,
  pageKeyLength,
  refreshCompletionCounters,
  type StoredMemo,
  type StoredMemoSummary,
  selectCompletionOpMemoId,
  selectCompletionTimes,
  selectMemo,
  selectMemoFolder,
  selectMemoForReview,
  selectMemoPage,
  selectMemoSharing,
  selectMemoSummary,
  selectReviewOpMemoId,
  selectReviewTimes,
  selectSharedMemo,
  selectUndoOpMemoId,
  updateMemo as updateMemoRow,
} from "./memos.repo.js";

type Deps = Pick<Required<AppDeps>, "db" | "now">;

/** `applied_ops.kind` of the memo operations whose opId has no row of its own. */
const PRIORITY_OP = "memo.priority";
const UPDATE_OP = "memo.update";
const MOVE_OP = "memo.move";
const DELETE_OP = "memo.delete";

/** How far ahead of the server's clock a client's review time may be (clock skew). */
const MAX_CLOCK_AHEAD_MS = DAY_MS;

function memoNotFound(memoId: string): AppError {
  return new AppError(ErrorCode.MEMO_NOT_FOUND, `memo ${memoId} not found`);
}

function toSummary(memo: StoredMemoSummary, sortingValue: number | null): MemoSummary {
  return { ...presentMemoFields(memo), sortingValue };
}

async function presentDetail(db: Executor, userId: string, memoId: string): Promise<MemoDetail> {
  const memo: StoredMemo | undefined = await selectMemo(db, userId, memoId);
  if (!memo) throw memoNotFound(memoId);
  const { sortingValue: _, ...summary } = toSummary(memo, null);
  return {
    ...summary,
    contents: memo.contents,
    reviewedDates: await selectReviewTimes(db, userId, memoId),
    completedDates: await selectCompletionTimes(db, userId, memoId),
  };
}

async function presentSummary(db: Executor, userId: string, memoId: string): Promise<MemoSummary> {
  const memo = await selectMemoSummary(db, userId, memoId);
  if (!memo) throw memoNotFound(memoId);
  return toSummary(memo, null);
}

/**
 * The user's folder; the root folder is created on first use, stamped with the change `seq` of
 * the write transaction (`null` for a read, which creates it in a transaction of its own).
 *
 * @throws FOLDER_NOT_FOUND
 */
async function requireFolder(
  db: Executor,
  userId: string,
  folderId: string,
  stamp: { now: number; seq: number | null },
): Promise<MemoFolder> {
  let folder = await selectMemoFolder(db, userId, folderId);
  if (!folder && folderId === ROOT_FOLDER_ID) {
    if (stamp.seq === null) await ensureRootFolder(db, userId, stamp.now);
    else await insertRootFolderIfMissing(db, userId, stamp.now, stamp.seq);
    folder = await selectMemoFolder(db, userId, folderId);
  }
  if (!folder) throw new AppError(ErrorCode.FOLDER_NOT_FOUND, `folder ${folderId} not found`);
  return folder;
}

/** The repetition fields a memo gets from its folder. */
function folderKeys(folder: MemoFolder, createdAt: number, accumulatedReviewValue: number) {
  return {
    dueKey: repetitionDueKey(createdAt, folder.dateRepetitionValue, accumulatedReviewValue),
    homeRv: folder.showAtHomeReviewList ? folder.dateRepetitionValue : null,
  };
}

// ---- lists -------------------------------------------------------------------------------

const cursorSchema = z.object({
  v: z.literal(1),
  m: sortModeSchema,
  t: z.int(),
  k: z.array(z.number()),
  id: objectIdSchema,
});

interface Cursor {
  mode: SortMode;
  todayStart: number;
  after: PagePosition;
}

function encodeCursor(cursor: Cursor): string {
  const body = {
    v: 1,
    m: cursor.mode,
    t: cursor.todayStart,
    k: cursor.after.values,
    id: cursor.after.id,
  };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

function invalidCursor(issue: string): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
    { path: "cursor", issue },
  ]);
}

/**
 * Whether a page key's values fit the SQL they are compared with: every value but the due key is
 * an integer (created_at is bigint, priority and review counts are integer columns), so a forged
 * cursor with a fraction or a huge number is refused here instead of failing on PostgreSQL.
 */
function isComparablePageKey(mode: SortMode, values: readonly number[]): boolean {
  if (mode === "repetition_value") return true;
  const createdAt = values.at(-1) ?? 0;
  const counters = values.slice(0, -1);
  return (
    Number.isSafeInteger(createdAt) &&
    counters.every((value) => Number.isInteger(value) && Math.abs(value) < 2 ** 31)
  );
}

function decodeCursor(text: string, mode: SortMode): Cursor {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("Not a cursor of this list");
  }
  const parsed = cursorSchema.safeParse(body);
  if (
    !parsed.success ||
    parsed.data.k.length !== pageKeyLength(parsed.data.m) ||
    !isComparablePageKey(parsed.data.m, parsed.data.k)
  ) {
    throw invalidCursor("Not a cursor of this list");
  }
  if (parsed.data.m !== mode) throw invalidCursor(`Cursor of sort mode ${parsed.data.m}`);
  return {
    mode,
    todayStart: parsed.data.t,
    after: { values: parsed.data.k, id: parsed.data.id },
  };
}

/**
 * One page of a folder's memos in a sort mode (default: the folder's sortingMethod), ordered as
 * the domain's `sortMemos`. The cursor carries the mode and the start of "today" of the first
 * page, so later pages use the same order even across midnight.
 *
 * @throws FOLDER_NOT_FOUND; VALIDATION_FAILED (path `cursor`) for a cursor of another mode or a
 *   damaged one
 */
export async function listMemos(
  deps: Deps,
  userId: string,
  folderId: string,
  query: ListMemosQuery,
): Promise<{ memos: MemoSummary[]; nextCursor: string | null }> {
  const db = deps.db.kysely;
  const now = deps.now();
  const folder = await requireFolder(db, userId, folderId, { now, seq: null });
  const mode = query.sort ?? folder.sortingMethod;
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, mode);
  const todayStart = cursor?.todayStart ?? startOfDay(now, query.tz);
  const rows = await selectMemoPage(db, userId, {
    folderId,
    mode,
    todayStart,
    after: cursor?.after ?? null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          mode,
          todayStart,
          after: { values: memoPageKey(last, mode, todayStart), id: last.id },
        })
      : null;
  return {
    memos: page.map((memo) =>
      toSummary(
        memo,
        memoSortingValue(memo, mode, {
          now,
          todayStart,
          dateRepetitionValue: folder.dateRepetitionValue,
        }),
      ),
    ),
    nextCursor,
  };
}

// ---- memos -------------------------------------------------------------------------------

/**
 * Creates a memo in one of the user's folders: contents sanitized, preview derived from them,
 * repetition keys from the folder. A known client id answers the existing memo (`created: false`).
 *
 * @throws FOLDER_NOT_FOUND
 */
export async function createMemo(
  deps: Deps,
  user: { id: string; name: string },
  input: CreateMemoInput,
): Promise<{ memo: MemoDetail; created: boolean }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, user.id);
    const now = deps.now();
    const id = input.id ?? randomId();
    if (input.id !== undefined && (await selectMemoSummary(trx, user.id, id))) {
      return { memo: await presentDetail(trx, user.id, id), created: false };
    }
    const folder = await requireFolder(trx, user.id, input.folderId, { now, seq });
    const contents = sanitizeRichText(input.contents ?? "");
    const created = await insertMemo(trx, user.id, {
      id,
      folderId: folder.id,
      title: input.title,
      contents,
      preview: previewFromHtml(contents),
      categoryId: input.categoryId ?? null,
      category: input.category ?? null,
      type: input.type ?? "memo",
      tags: input.tags ?? [],
      userName: user.name,
      flashCardHint: input.flashCardHint ?? "",
      priority: input.priority ?? 0,
      ...folderKeys(folder, now, 0),
      createdAt: now,
      updatedAt: now,
      seq,
      conflictOf: null,
    });
    await deleteTombstone(trx, user.id, "memo", id);
    return { memo: await presentDetail(trx, user.id, id), created };
  });
}

/** The whole memo with its review and completion times. @throws MEMO_NOT_FOUND */
export async function getMemo(deps: Deps, userId: string, memoId: string): Promise<MemoDetail> {
  return presentDetail(deps.db.kysely, userId, memoId);
}

/**
 * Changes a memo's fields. New contents are sanitized and replace the old (with a new preview)
 * only when they are not empty rich text (spec 5). The revision rises by 1 when the title or the
 * contents change.
 *
 * Offline edits (the later edit by server order wins, the losing text is kept): when
 * `baseRevision` is lower than the stored revision and the change gives the memo another title or
 * contents, the stored text is first kept as a conflict copy in the same folder (a new memo with
 * `conflictOf` = this memo's id, fresh counters, revision 1). With an `opId`, a replay changes
 * nothing and answers the memo's current state without a copy.
 *
 * @throws MEMO_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another operation
 */
export async function updateMemo(
  deps: Deps,
  user: { id: string; name: string },
  memoId: string,
  input: UpdateMemoInput,
): Promise<{ memo: MemoDetail; conflictCopy: MemoDetail | null }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, user.id);
    const now = deps.now();
    const { opId, baseRevision, contents: rawContents, ...fields } = input;
    const op = { opId, kind: UPDATE_OP, targetId: memoId, appliedAt: now };
    if (await isReplay(trx, user.id, op)) {
      return { memo: await presentDetail(trx, user.id, memoId), conflictCopy: null };
    }
    const memo = await selectMemo(trx, user.id, memoId, { lock: true });
    if (!memo) throw memoNotFound(memoId);
    const contents = rawContents === undefined ? "" : sanitizeRichText(rawContents);
    const hasContents = !isEmptyRichText(contents);
    const isTextChange =
      (fields.title !== undefined && fields.title !== memo.title) ||
      (hasContents && contents !== memo.contents);
    let conflictCopy: MemoDetail | null = null;
    if (isTextChange && baseRevision !== undefined && baseRevision < memo.revision) {
      conflictCopy = await insertConflictCopy(trx, user, memo, { now, seq });
    }
    await updateMemoRow(trx, user.id, memoId, {
      ...fields,
      ...(hasContents ? { contents, preview: previewFromHtml(contents) } : {}),
      ...(isTextChange ? { revision: memo.revision + 1 } : {}),
      updatedAt: now,
      seq,
    });
    return { memo: await presentDetail(trx, user.id, memoId), conflictCopy };
  });
}

/** Keeps a memo's stored text as a new memo beside it (see updateMemo). */
async function insertConflictCopy(
  trx: Executor,
  user: { id: string; name: string },
  memo: StoredMemo,
  stamp: { now: number; seq: number },
): Promise<MemoDetail> {
  const folder = await requireFolder(trx, user.id, memo.folderId, stamp);
  const id = randomId();
  await insertMemo(trx, user.id, {
    id,
    folderId: memo.folderId,
    title: memo.title,
    contents: memo.contents,
    preview: memo.preview,
    categoryId: memo.categoryId,
    category: memo.category,
    type: memo.type,
    tags: memo.tags,
    userName: memo.userName || user.name,
    flashCardHint: memo.flashCardHint,
    priority: 0,
    ...folderKeys(folder, stamp.now, 0),
    createdAt: stamp.now,
    updatedAt: stamp.now,
    seq: stamp.seq,
    conflictOf: memo.id,
  });
  return presentDetail(trx, user.id, id);
}

/**
 * Moves a memo into another of the user's folders; its repetition keys follow the new folder.
 * With an `opId`, a replay changes nothing and answers the memo.
 *
 * @throws MEMO_NOT_FOUND; FOLDER_NOT_FOUND for the target; OP_ID_CONFLICT when the opId was used
 *   for another operation
 */
export async function moveMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  input: MoveMemoInput,
): Promise<MemoDetail> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, userId);
    const now = deps.now();
    const op = { opId: input.opId, kind: MOVE_OP, targetId: memoId, appliedAt: now };
    if (await isReplay(trx, userId, op)) return presentDetail(trx, userId, memoId);
    const memo = await selectMemoSummary(trx, userId, memoId, { lock: true });
    if (!memo) throw memoNotFound(memoId);
    const folder = await requireFolder(trx, userId, input.folderId, { now, seq });
    await updateMemoRow(trx, userId, memoId, {
      folderId: folder.id,
      ...folderKeys(folder, memo.createdAt, memo.accumulatedReviewValue),
      updatedAt: now,
      seq,
    });
    return presentDetail(trx, userId, memoId);
  });
}

/**
 * Deletes a memo with its reviews and completions, leaving a tombstone at the change `seq` of
 * the delete. Deleting a memo that is already deleted (its tombstone exists) or replaying the
 * opId changes nothing: the user's intent is fulfilled.
 *
 * @throws MEMO_NOT_FOUND for an unknown memo; OP_ID_CONFLICT when the opId was used for another
 *   operation
 */
export async function deleteMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  query: DeleteQuery,
): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, userId);
    const op = { opId: query.opId, kind: DELETE_OP, targetId: memoId, appliedAt: deps.now() };
    if (await isReplay(trx, userId, op)) return;
    if (await deleteMemoRow(trx, userId, memoId)) {
      await insertTombstones(trx, userId, "memo", [memoId], seq);
    } else if (!(await hasTombstone(trx, userId, "memo", memoId))) {
      throw memoNotFound(memoId);
    }
  });
}

// ---- reviews, completions, priority --------------------------------------------------------

/**
 * Runs one idempotent operation on a memo in a transaction that takes the change seq (see
 * nextChangeSeq) and locks the memo, so retries and concurrent operations on it run one after
 * another; answers the memo's state afterwards. `apply` stamps the seq on what it changes.
 */
async function runMemoOp(
  deps: Deps,
  userId: string,
  memoId: string,
  apply: (trx: Executor, stamp: { now: number; seq: number }) => Promise<void>,
): Promise<MemoSummary> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, userId);
    const memo = await selectMemoSummary(trx, userId, memoId, { lock: true });
    if (!memo) throw memoNotFound(memoId);
    await apply(trx, { now: deps.now(), seq });
    return presentSummary(trx, userId, memoId);
  });
}

/**
 * When a client says something happened (a review or completion made offline), or now. A time
 * more than a day ahead of the server's clock is refused (clock skew has limits).
 *
 * @throws VALIDATION_FAILED at `path`
 */
function clientTime(at: number | undefined, now: number, path: string): number {
  if (at === undefined) return now;
  if (at > now + MAX_CLOCK_AHEAD_MS) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path, issue: "Expected a time no later than one day from now" },
    ]);
  }
  return at;
}

/**
 * Records a review (spec 4): a review row keyed by the opId, count + 1, accumulated value +
 * value (default: the folder's readRepetitionValue), latest review time and due key, all in one
 * transaction. A retry with the same opId changes nothing and answers the memo's state.
 *
 * @throws MEMO_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another memo;
 *   VALIDATION_FAILED when `reviewedAt` is more than a day ahead of the server's clock
 */
export async function reviewMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  input: ReviewMemoInput,
): Promise<MemoSummary> {
  const now = deps.now();
  const reviewedAt = clientTime(input.reviewedAt, now, "reviewedAt");
  // The hottest write of the app: the change seq, one read (memo + folder), one insert, one
  // update that stamps the seq and returns the new state.
  const memo = await deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, userId);
    const found = await selectMemoForReview(trx, userId, memoId);
    if (!found) throw memoNotFound(memoId);
    const value = input.value ?? found.readRepetitionValue;
    if (await insertReview(trx, userId, { opId: input.opId, memoId, value, reviewedAt })) {
      const { dateRepetitionValue } = found;
      const review = { value, reviewedAt, dateRepetitionValue, seq };
      return addReviewToMemo(trx, userId, memoId, review);
    }
    if ((await selectReviewOpMemoId(trx, userId, input.opId)) !== memoId) {
      throw opIdConflict(input.opId);
    }
    return found.memo;
  });
  return toSummary(memo, null);
}

/**
 * Marks a memo complete (spec 4): a completion row keyed by the opId and the completed count,
 * in one transaction; a retry changes nothing.
 *
 * @throws MEMO_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another memo
 */
export async function completeMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  input: CompleteMemoInput,
): Promise<MemoSummary> {
  const completedAt = clientTime(input.completedAt, deps.now(), "completedAt");
  return runMemoOp(deps, userId, memoId, async (trx, { seq }) => {
    if (await insertCompletion(trx, userId, { opId: input.opId, memoId, completedAt })) {
      await refreshCompletionCounters(trx, userId, memoId, seq);
    } else if ((await selectCompletionOpMemoId(trx, userId, input.opId)) !== memoId) {
      throw opIdConflict(input.opId);
    }
  });
}

/**
 * Un-completes a memo (spec 4: removes the latest completion) by stamping its latest live
 * completion with the opId, so a retry finds it and changes nothing.
 *
 * @throws MEMO_NOT_FOUND; MEMO_NOT_COMPLETED when no completion is left; OP_ID_CONFLICT when the
 *   opId undid a completion of another memo
 */
export async function uncompleteMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  input: MemoOpInput,
): Promise<MemoSummary> {
  return runMemoOp(deps, userId, memoId, async (trx, { now, seq }) => {
    const usedFor = await selectUndoOpMemoId(trx, userId, input.opId);
    if (usedFor !== undefined) {
      if (usedFor !== memoId) throw opIdConflict(input.opId);
      return;
    }
    const undo = { opId: input.opId, undoneAt: now };
    if (!(await markLatestCompletionUndone(trx, userId, memoId, undo))) {
      throw new AppError(ErrorCode.MEMO_NOT_COMPLETED, `memo ${memoId} has no completion`);
    }
    await refreshCompletionCounters(trx, userId, memoId, seq);
  });
}

/**
 * Adds or subtracts 1 from a memo's priority (spec 4), once per opId.
 *
 * @throws MEMO_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another memo or operation
 */
export async function changeMemoPriority(
  deps: Deps,
  userId: string,
  memoId: string,
  input: ChangePriorityInput,
): Promise<MemoSummary> {
  return runMemoOp(deps, userId, memoId, async (trx, { now, seq }) => {
    const op = { opId: input.opId, kind: PRIORITY_OP, targetId: memoId, appliedAt: now };
    if (!(await isReplay(trx, userId, op))) {
      await addToPriority(trx, userId, memoId, { delta: input.delta, seq });
    }
  });
}

// ---- sharing -------------------------------------------------------------------------------

/**
 * Shares a memo at `/view/{countryCode}/{memoId}` under the owner's country at this moment.
 * Sharing a shared memo changes nothing and answers its share (its address stays the same even
 * when the owner's country changed since).
 *
 * @throws MEMO_NOT_FOUND; VALIDATION_FAILED (path `memoId`) when another user's memo is already
 *   shared under this country with the same id (ids are unique per user only)
 */
export async function shareMemo(
  deps: Deps,
  user: { id: string; countryCode: CountryCode },
  memoId: string,
): Promise<MemoShare> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, user.id);
    const sharing = await selectMemoSharing(trx, user.id, memoId);
    if (!sharing) throw memoNotFound(memoId);
    const shared = countryCodeSchema.safeParse(sharing.countryCode);
    if (shared.success) {
      return { memoId, countryCode: shared.data, path: sharedMemoPath(shared.data, memoId) };
    }
    if (!(await markMemoShared(trx, user.id, memoId, { countryCode: user.countryCode, seq }))) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
        { path: "memoId", issue: "Another memo is shared with this id; share a copy of the memo" },
      ]);
    }
    return {
      memoId,
      countryCode: user.countryCode,
      path: sharedMemoPath(user.countryCode, memoId),
    };
  });
}

/** Stops sharing a memo; a memo that is not shared stays so. @throws MEMO_NOT_FOUND */
export async function unshareMemo(deps: Deps, userId: string, memoId: string): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const seq = await nextChangeSeq(trx, userId);
    if (!(await markMemoUnshared(trx, userId, memoId, seq))) throw memoNotFound(memoId);
  });
}

/**
 * A shared memo as anyone may read it, by its public address (`null` for an address that did
 * not parse). Contents are answered as stored: every write sanitizes them (sanitizing again here
 * would cost up to half a second of CPU per request on a public route).
 *
 * @throws MEMO_NOT_FOUND, the same answer for a malformed address, a memo that is not shared
 *   under that country and one that does not exist, so an answer tells nothing of other memos
 */
export async function getSharedMemo(
  deps: Deps,
  address: PublicMemoParams | null,
): Promise<PublicMemo> {
  const memo =
    address && (await selectSharedMemo(deps.db.kysely, address.countryCode, address.memoId));
  if (!memo) throw new AppError(ErrorCode.MEMO_NOT_FOUND, "memo not found");
  return {
    id: memo.id,
    title: memo.title,
    contents: memo.contents,
    preview: memo.preview,
    createdAt: memo.createdAt,
    updatedAt: memo.updatedAt,
  };
}
