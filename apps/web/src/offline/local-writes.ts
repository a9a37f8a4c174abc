import {
  AppError,
  applyComplete,
  applyReview,
  applyUncomplete,
  type CreateFolderInput,
  type CreateMemoInput,
  changePriority,
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_REPETITION_VALUE,
  DEFAULT_SCHEDULER,
  ErrorCode,
  type Folder,
  type FsrsGrade,
  type FsrsMemoState,
  fsrsRetrievability,
  fsrsStateFromReviews,
  isEmptyRichText,
  isMemoCompleted,
  type MemoDetail,
  type MemoSummary,
  newFsrsMemory,
  nextFsrsMemory,
  normalizeTags,
  previewFromHtml,
  ROOT_FOLDER_ID,
  randomId,
  restoredMemoFolderId,
  restoredParentFolderId,
  type TrashItem,
  type TrashKind,
  type UpdateFolderInput,
  type UpdateMemoInput,
  withFolderTree,
} from "@mnemo/domain";
import { ApiError } from "../api/client";
import { sanitizeRichText } from "../lib/html-text";
import {
  cacheDb,
  cacheUser,
  deleteMemos,
  derivedKeys,
  indexMemos,
  notifyChanged,
  putBodies,
  putFolder,
  readMemosWithBodies,
} from "./cache";
import type { CacheDb, CachedMemo, OutboxOp, TrashEntry } from "./cache-db";
import { readMemoDetail, toSummary } from "./local-reads";
import { memoTables } from "./memo-bundles";
import { isBeingSent } from "./sync-push";

// Every change the user makes lands here: the cache and the outbox are written in one IndexedDB
// transaction (so a change is never shown without being queued, nor queued without being shown),
// the screens refresh at once, and the sync engine is told there is something to send.

const queuedListeners = new Set<() => void>();

/** Called after each queued change (the sync engine sends it when the server can be reached). */
export function onQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function refused(code: ErrorCode, message: string): ApiError {
  return new ApiError(code, 400, message);
}

function targetOf(op: OutboxOp): string {
  if ("memoId" in op) return op.memoId;
  if ("folderId" in op) return op.folderId;
  return "";
}

/** Adds a change to the outbox; answers its opId (the server applies each opId once). */
async function queue(db: CacheDb, op: OutboxOp, opId = randomId()): Promise<string> {
  await db.outbox.add({ opId, op, targetId: targetOf(op), queuedAt: Date.now(), attempts: 0 });
  return opId;
}

/** Runs a change in one transaction over the cache and the outbox, then tells everyone. */
async function change<T>(run: (db: CacheDb) => Promise<T>): Promise<T> {
  const db = cacheDb();
  const result = await db.transaction(
    "rw",
    [...memoTables(db), db.folders, db.outbox, db.trash],
    () => run(db),
  );
  notifyChanged();
  for (const listener of queuedListeners) listener();
  return result;
}

async function requireMemo(db: CacheDb, memoId: string): Promise<CachedMemo> {
  const memo = await db.memos.get(memoId);
  if (!memo) throw refused(ErrorCode.MEMO_NOT_FOUND, `memo ${memoId} is not on this device`);
  return memo;
}

async function requireFolder(db: CacheDb, folderId: string): Promise<Folder> {
  const folder = await db.folders.get(folderId);
  if (!folder)
    throw refused(ErrorCode.FOLDER_NOT_FOUND, `folder ${folderId} is not on this device`);
  return folder;
}

async function detailOf(memoId: string): Promise<MemoDetail> {
  // The answer of a save: the body may have been evicted from a full cache (its text is unchanged).
  const detail = await readMemoDetail(memoId, { allowMissingBody: true });
  if (!detail) throw refused(ErrorCode.MEMO_NOT_FOUND, `memo ${memoId} is not on this device`);
  return detail;
}

// ---- memos --------------------------------------------------------------------------------

export async function createMemoLocally(input: CreateMemoInput): Promise<MemoDetail> {
  const user = cacheUser();
  const id = input.id ?? randomId();
  await change(async (db) => {
    const folder = await requireFolder(db, input.folderId);
    const now = Date.now();
    const contents = sanitizeRichText(input.contents ?? "");
    const fields = {
      id,
      title: input.title.trim(),
      preview: previewFromHtml(contents),
      categoryId: input.categoryId ?? null,
      type: input.type ?? "memo",
      tags: normalizeTags(input.tags ?? []),
      createdAt: now,
      updatedAt: now,
      userId: user?.userId ?? "",
      userName: user?.userName ?? "",
      category: input.category ?? null,
      folderId: folder.id,
      accumulatedReviewValue: 0,
      reviewCount: 0,
      flashCardHint: input.flashCardHint ?? "",
      priority: input.priority ?? 0,
      lastReviewedAt: null,
      completedCount: 0,
      isCompleted: false,
      isShared: false,
      revision: 1,
      conflictOf: null,
      fsrs: null,
    };
    await db.memos.put({
      ...fields,
      ...derivedKeys(fields, folder),
      reviewedDates: [],
      completedDates: [],
    });
    await putBodies(db, [{ id, contents }]);
    await indexMemos(db, [{ memo: fields, contents }]);
    await queue(db, { kind: "memo.create", memoId: id, input: { ...input, id } });
  });
  return detailOf(id);
}

export async function updateMemoLocally(
  memoId: string,
  input: UpdateMemoInput,
): Promise<MemoDetail> {
  await change(async (db) => {
    const memo = await requireMemo(db, memoId);
    const { contents: rawContents, ...fields } = input;
    const contents = rawContents === undefined ? "" : sanitizeRichText(rawContents);
    // PRODUCT.md › Editing and deleting: empty editor content leaves the stored contents (and
    // preview) as they are.
    const hasContents = !isEmptyRichText(contents);
    const updated: CachedMemo = {
      ...memo,
      ...fields,
      ...(fields.title !== undefined && { title: fields.title.trim() }),
      ...(fields.tags !== undefined && { tags: normalizeTags(fields.tags) }),
      ...(hasContents && { preview: previewFromHtml(contents) }),
      updatedAt: Date.now(),
    };
    await db.memos.put(updated);
    if (hasContents) await putBodies(db, [{ id: memoId, contents }]);
    await indexMemos(db, [{ memo: updated, contents: hasContents ? contents : undefined }]);
    await queue(db, {
      kind: "memo.update",
      memoId,
      input: { ...fields, ...(hasContents && { contents }) },
      baseRevision: memo.revision,
    });
  });
  return detailOf(memoId);
}

/**
 * A memo's FSRS state in `folder` after a move or a change of the folder's scheduler, until the
 * server's copy (derived again from every review row) arrives: none in a repetition folder; the
 * known state, else the reviews known on this device replayed without their grades (Good), in
 * an FSRS folder.
 */
function fsrsInFolder(
  memo: CachedMemo,
  folder: Folder,
  now: number,
  weights: readonly number[] | null,
): FsrsMemoState | null {
  if (folder.scheduler !== "fsrs") return null;
  if (memo.fsrs) return memo.fsrs;
  const rows = (memo.reviewedDates ?? []).map((at) => ({ at, grade: null }));
  return fsrsStateFromReviews(rows, {
    now,
    desiredRetention: folder.desiredRetention,
    weights,
    createdAt: memo.createdAt,
  });
}

export async function moveMemoLocally(memoId: string, folderId: string): Promise<MemoDetail> {
  await change(async (db) => {
    const memo = await requireMemo(db, memoId);
    const folder = await requireFolder(db, folderId);
    const now = Date.now();
    const fsrs = fsrsInFolder(memo, folder, now, await fsrsWeights(db));
    const moved = { ...memo, folderId, fsrs, updatedAt: now };
    delete moved.homeRv;
    await db.memos.put({ ...moved, ...derivedKeys(moved, folder) });
    // The index filters by folder and ranks ties by the time of the last change.
    await indexMemos(db, [{ memo: moved }]);
    await queue(db, { kind: "memo.move", memoId, folderId });
  });
  return detailOf(memoId);
}

/** Moves memos (and folders) of the cache into its trash as one entry (PRODUCT.md › Trash). */
async function keepInTrash(
  db: CacheDb,
  item: Pick<TrashEntry, "kind" | "id" | "title" | "folderId">,
  memoIds: readonly string[],
  folderIds: readonly string[],
): Promise<void> {
  const stored = await readMemosWithBodies(db, memoIds);
  const memos = stored.flatMap(({ memo }) => (memo ? [memo] : []));
  const bodies = stored.flatMap(({ memo, contents }) =>
    memo && contents !== undefined ? [{ id: memo.id, contents }] : [],
  );
  const folders = (await db.folders.bulkGet([...folderIds])).filter(
    (folder) => folder !== undefined,
  );
  const origin = item.folderId === null ? undefined : await db.folders.get(item.folderId);
  await db.trash.put({
    ...item,
    key: `${item.kind}:${item.id}`,
    trashedAt: Date.now(),
    folderTitle: origin?.title ?? null,
    memoCount: memos.length,
    folders,
    memos,
    bodies,
  });
}

export async function deleteMemoLocally(memoId: string): Promise<void> {
  await change(async (db) => {
    const memo = await requireMemo(db, memoId);
    const item = { kind: "memo" as const, id: memoId, title: memo.title, folderId: memo.folderId };
    await keepInTrash(db, item, [memoId], []);
    await deleteMemos(db, [memoId]);
    await queue(db, { kind: "memo.delete", memoId });
  });
}

/**
 * Applies a counted operation to the cached memo and queues it; answers the new summary. A rule
 * of the domain that refuses the change (e.g. MEMO_NOT_COMPLETED) is answered as the server would.
 */
async function memoOp(
  memoId: string,
  op: OutboxOp,
  apply: (memo: CachedMemo, folder: Folder | undefined) => CachedMemo,
  opId = randomId(),
): Promise<MemoSummary> {
  return change(async (db) => {
    const memo = await requireMemo(db, memoId);
    const folder = await db.folders.get(memo.folderId);
    let next: CachedMemo;
    try {
      next = apply(memo, folder);
    } catch (error) {
      if (error instanceof AppError) throw refused(error.code, error.message);
      throw error;
    }
    await db.memos.put(next);
    await queue(db, op, opId);
    keepForUndo(opId, memo);
    return toSummary(next, null);
  });
}

/** The user's FSRS weights as last read from the server; `null`: the defaults. */
async function fsrsWeights(db: CacheDb): Promise<readonly number[] | null> {
  const stored = await db.meta.get("fsrsWeights");
  return Array.isArray(stored?.value) ? (stored.value as number[]) : null;
}

/**
 * A memo after one review at `at` (PRODUCT.md › Review, issue 9 › The scheduler): the domain's
 * `applyReview` with the folder's read repetition value and the new due key; in an FSRS folder
 * also its FSRS state advanced by the grade (none: Good) with the domain's `nextFsrsMemory`, as
 * the server's replay of the rows ends.
 */
function reviewedMemo(
  memo: CachedMemo,
  folder: Folder | undefined,
  review: { at: number; grade: FsrsGrade | null },
  weights: readonly number[] | null,
): CachedMemo {
  const value = folder?.readRepetitionValue ?? DEFAULT_REPETITION_VALUE;
  const reviewed = applyReview(memo, { at: review.at, value });
  let fsrs: FsrsMemoState | null = null;
  if (folder?.scheduler === "fsrs") {
    const memory = nextFsrsMemory(memo.fsrs ?? newFsrsMemory(memo.createdAt), review, {
      desiredRetention: folder.desiredRetention,
      weights,
    });
    fsrs = { ...memory, retrievability: fsrsRetrievability(memory, review.at, weights) };
  }
  return { ...reviewed, fsrs, ...derivedKeys(reviewed, folder) };
}

/** PRODUCT.md › Review: a review from a list (no grade: Good in an FSRS folder). */
export async function reviewMemoLocally(memoId: string): Promise<MemoSummary> {
  const reviewedAt = Date.now();
  const weights = await fsrsWeights(cacheDb());
  return memoOp(memoId, { kind: "memo.review", memoId, reviewedAt }, (memo, folder) =>
    reviewedMemo(memo, folder, { at: reviewedAt, grade: null }, weights),
  );
}

/** A review recorded on the device: its outbox opId (to undo it by) and the memo after it. */
export interface RecordedReview {
  opId: string;
  memo: MemoSummary;
}

/**
 * The cached memos as they were before the latest reviews and completions of this tab, by the
 * change's opId, so an undo puts back what the change did on the device (the server derives its
 * own copy from the rows left). Only the latest few are kept: an undo is offered for 5 s, and a
 * session undoes its last review only (PRODUCT.md › Undo).
 */
const beforeChange = new Map<string, CachedMemo>();
const KEPT_FOR_UNDO = 20;

function keepForUndo(opId: string, memo: CachedMemo): void {
  beforeChange.set(opId, memo);
  for (const key of beforeChange.keys()) {
    if (beforeChange.size <= KEPT_FOR_UNDO) break;
    beforeChange.delete(key);
  }
}

/** The memo as it was before the change `opId`, when this tab kept it (once: it is forgotten). */
function takeBefore(opId: string): CachedMemo | undefined {
  const before = beforeChange.get(opId);
  beforeChange.delete(opId);
  return before;
}

/**
 * Takes back the change `opId` of a memo in the outbox: while it still waits there (and is not
 * being sent) it is simply dropped, else `inverse` is queued after it with an opId of its own
 * (the server applies it once). The last step of its transaction (see `memoOp`).
 */
async function takeBack(db: CacheDb, memoId: string, opId: string, inverse: OutboxOp) {
  const waiting = await db.outbox.where("targetId").equals(memoId).toArray();
  const entry = waiting.find((candidate) => candidate.opId === opId);
  if (entry?.seq !== undefined && !isBeingSent(opId)) await db.outbox.delete(entry.seq);
  else await queue(db, inverse);
}

/**
 * A review of the review session, with its grade (`null`: none, e.g. a repetition folder),
 * recorded as {@link reviewMemoLocally} does under the opId the session chose (it moves on
 * before this write ends, and undoes the review by that opId).
 */
export async function recordReviewLocally(
  memoId: string,
  opId: string,
  grade: FsrsGrade | null,
): Promise<RecordedReview> {
  const reviewedAt = Date.now();
  return change(async (db) => {
    const memo = await requireMemo(db, memoId);
    const folder = await db.folders.get(memo.folderId);
    const next = reviewedMemo(memo, folder, { at: reviewedAt, grade }, await fsrsWeights(db));
    await db.memos.put(next);
    await queue(
      db,
      { kind: "memo.review", memoId, reviewedAt, ...(grade !== null && { grade }) },
      opId,
    );
    keepForUndo(opId, memo);
    return { opId, memo: toSummary(next, null) };
  });
}

/**
 * Undoes a review recorded by {@link recordReviewLocally}: while it still waits in the outbox it
 * is simply dropped; once sent (or while being sent) a `memo.review.undo` is queued after it
 * (`DELETE /api/memos/:memoId/reviews/:opId`). Either way the device's memo gets back the review
 * fields and FSRS state it had before; the server derives its own from the rows left.
 */
export async function undoReviewLocally(memoId: string, opId: string): Promise<void> {
  await change(async (db) => {
    const memo = await requireMemo(db, memoId);
    const inverse: OutboxOp = { kind: "memo.review.undo", memoId, reviewOpId: opId };
    const before = takeBefore(opId);
    if (!before) {
      await takeBack(db, memoId, opId, inverse);
      return;
    }
    const folder = await db.folders.get(memo.folderId);
    const restored: CachedMemo = {
      ...memo,
      reviewCount: before.reviewCount,
      accumulatedReviewValue: before.accumulatedReviewValue,
      lastReviewedAt: before.lastReviewedAt,
      fsrs: before.fsrs,
    };
    if (before.reviewedDates) restored.reviewedDates = before.reviewedDates;
    else delete restored.reviewedDates;
    delete restored.homeRv;
    await db.memos.put({ ...restored, ...derivedKeys(restored, folder) });
    await takeBack(db, memoId, opId, inverse);
  });
}

/**
 * PRODUCT.md › Completion: the domain's `applyComplete`, under `opId` (the caller's, to undo it
 * by: {@link undoCompleteLocally}).
 */
export function completeMemoLocally(memoId: string, opId = randomId()): Promise<MemoSummary> {
  const completedAt = Date.now();
  return memoOp(
    memoId,
    { kind: "memo.complete", memoId, completedAt },
    (memo) => withIsCompleted(applyComplete(memo, completedAt)),
    opId,
  );
}

/**
 * PRODUCT.md › Completion: the domain's `applyUncomplete` (MEMO_NOT_COMPLETED without one), under
 * `opId` (to undo it by: {@link undoUncompleteLocally}).
 */
export function uncompleteMemoLocally(memoId: string, opId = randomId()): Promise<MemoSummary> {
  return memoOp(
    memoId,
    { kind: "memo.uncomplete", memoId },
    (memo) => withIsCompleted(applyUncomplete(memo)),
    opId,
  );
}

/** Puts back a memo's completion fields as they were before a change this tab kept. */
async function restoreCompletion(db: CacheDb, memoId: string, before: CachedMemo | undefined) {
  const memo = await requireMemo(db, memoId);
  if (!before) return;
  const restored: CachedMemo = { ...memo, completedCount: before.completedCount };
  if (before.completedDates) restored.completedDates = before.completedDates;
  else delete restored.completedDates;
  await db.memos.put(withIsCompleted(restored));
}

/**
 * PRODUCT.md › Undo: takes back the completion made under `opId` (dropped from the outbox while
 * it waits, else a `memo.complete.undo`); the device's memo gets its completion fields back.
 */
export async function undoCompleteLocally(memoId: string, opId: string): Promise<void> {
  await change(async (db) => {
    await restoreCompletion(db, memoId, takeBefore(opId));
    const inverse: OutboxOp = { kind: "memo.complete.undo", memoId, completionOpId: opId };
    await takeBack(db, memoId, opId, inverse);
  });
}

/** PRODUCT.md › Undo: takes back the un-complete made under `opId`, as {@link undoCompleteLocally}. */
export async function undoUncompleteLocally(memoId: string, opId: string): Promise<void> {
  await change(async (db) => {
    await restoreCompletion(db, memoId, takeBefore(opId));
    const inverse: OutboxOp = { kind: "memo.uncomplete.undo", memoId, uncompleteOpId: opId };
    await takeBack(db, memoId, opId, inverse);
  });
}

/** PRODUCT.md › Priority: the domain's `changePriority`. */
export function changePriorityLocally(memoId: string, delta: 1 | -1): Promise<MemoSummary> {
  return memoOp(memoId, { kind: "memo.priority", memoId, delta }, (memo) =>
    changePriority(memo, delta),
  );
}

/** The stored `isCompleted` kept in step with the count (summaries derive it the same way). */
function withIsCompleted(memo: CachedMemo): CachedMemo {
  return { ...memo, isCompleted: isMemoCompleted(memo) };
}

// ---- folders ------------------------------------------------------------------------------

/**
 * A folder as the server creates it: every setting at its default (PRODUCT.md › Folder fields,
 * `folderSchema`) unless given; made without parsing, so the offline chunk carries no schema
 * library.
 */
export function newFolder(
  fields: Pick<Folder, "id" | "title" | "createdAt"> & Partial<Folder>,
): Folder {
  return {
    description: "",
    parentFolderLocation: "",
    parentFolderId: null,
    subFolderIds: [],
    nodeFolderIds: [],
    isInRoot: false,
    isCategoryFolder: false,
    order: 0,
    sortingMethod: "latest",
    dateRepetitionValue: DEFAULT_REPETITION_VALUE,
    readRepetitionValue: DEFAULT_REPETITION_VALUE,
    pinned: false,
    sideNavPinned: false,
    enableCompletionFeature: false,
    enableCompletionFeatureWithCompletedMemosOnly: false,
    enableFlashCardFeature: false,
    showSortingValues: false,
    showReviewCount: false,
    showAtHomeReviewList: true,
    scheduler: DEFAULT_SCHEDULER,
    desiredRetention: DEFAULT_DESIRED_RETENTION,
    updatedAt: fields.createdAt,
    ...fields,
  };
}

/** A new folder as the server makes it: every setting at its default unless given. */
export async function createFolderLocally(input: CreateFolderInput): Promise<Folder> {
  const id = input.id ?? randomId();
  return change(async (db) => {
    if (input.parentFolderId) await requireFolder(db, input.parentFolderId);
    const now = Date.now();
    const existing = await db.folders.toArray();
    const order = Math.max(0, ...existing.map((folder) => folder.order)) + 1;
    const { id: _id, parentFolderId = null, ...settings } = input;
    const folder = newFolder({
      ...settings,
      id,
      title: input.title.trim(),
      parentFolderId,
      order,
      createdAt: now,
    });
    await db.folders.put(folder);
    await queue(db, { kind: "folder.create", folderId: id, input: { ...input, id } });
    return folder;
  });
}

export async function updateFolderLocally(
  folderId: string,
  input: UpdateFolderInput,
): Promise<Folder> {
  return change(async (db) => {
    const folder = await requireFolder(db, folderId);
    if (input.parentFolderId && input.parentFolderId !== folder.parentFolderId) {
      if (folderId === ROOT_FOLDER_ID) {
        throw refused(ErrorCode.FOLDER_ROOT_IMMUTABLE, "the root folder has no parent");
      }
      await requireFolder(db, input.parentFolderId);
    }
    const next: Folder = {
      ...folder,
      ...input,
      ...(input.title !== undefined && { title: input.title.trim() }),
      updatedAt: Date.now(),
    };
    await putFolder(db, next);
    if (next.scheduler !== folder.scheduler) {
      const now = Date.now();
      const weights = await fsrsWeights(db);
      await db.memos
        .where("folderId")
        .equals(folderId)
        .modify((memo) => {
          memo.fsrs = fsrsInFolder(memo, next, now, weights);
        });
    }
    await queue(db, { kind: "folder.update", folderId, input });
    return next;
  });
}

/** A folder and every folder inside it, at any depth. */
async function folderSubtree(db: CacheDb, folderId: string): Promise<string[]> {
  const folders = await db.folders.toArray();
  const ids = [folderId];
  for (let index = 0; index < ids.length; index += 1) {
    for (const folder of folders) {
      if (folder.parentFolderId === ids[index] && !ids.includes(folder.id)) ids.push(folder.id);
    }
  }
  return ids;
}

export async function deleteFolderLocally(folderId: string): Promise<void> {
  await change(async (db) => {
    const folder = await requireFolder(db, folderId);
    const ids = await folderSubtree(db, folderId);
    const memoIds = (await db.memos.where("folderId").anyOf(ids).primaryKeys()) as string[];
    const item = {
      kind: "folder" as const,
      id: folderId,
      title: folder.title,
      folderId: folder.parentFolderId,
    };
    await keepInTrash(db, item, memoIds, ids);
    await deleteMemos(db, memoIds);
    await db.folders.bulkDelete(ids);
    await queue(db, { kind: "folder.delete", folderId });
  });
}

export async function reorderFoldersLocally(folderIds: string[]): Promise<Folder[]> {
  return change(async (db) => {
    const index = new Map(folderIds.map((id, position) => [id, position]));
    await db.folders
      .where("id")
      .anyOf(folderIds)
      .modify((folder) => {
        folder.order = index.get(folder.id) ?? folder.order;
      });
    await queue(db, { kind: "folder.order", folderIds });
    // As the server answers a reorder: every folder, in the new list order with its tree.
    return withFolderTree(await db.folders.toArray());
  });
}

// ---- the trash (PRODUCT.md › Trash) -------------------------------------------------------------

/**
 * Takes a memo or folder out of the trash: the rows the device kept go back (a memo whose folder
 * is gone to the root folder, a folder whose parent is gone to the top level), and the restore is
 * queued like any write. An item the device did not keep (deleted elsewhere) comes back with the
 * next download, once the server applied the restore.
 */
export async function restoreLocally(kind: TrashKind, id: string): Promise<void> {
  await change(async (db) => {
    const entry = await db.trash.get(`${kind}:${id}`);
    if (entry) {
      const liveFolders = new Set((await db.folders.toCollection().primaryKeys()) as string[]);
      for (const folder of entry.folders) liveFolders.add(folder.id);
      const hasFolder = (folderId: string) => liveFolders.has(folderId);
      const folders = entry.folders.map((folder) =>
        folder.id === id
          ? { ...folder, parentFolderId: restoredParentFolderId(folder.parentFolderId, hasFolder) }
          : folder,
      );
      await db.folders.bulkPut(folders);
      const byId = new Map(folders.map((folder) => [folder.id, folder]));
      for (const folder of await db.folders.bulkGet([ROOT_FOLDER_ID])) {
        if (folder) byId.set(folder.id, folder);
      }
      const memos = [];
      for (const memo of entry.memos) {
        const folderId = restoredMemoFolderId(memo.folderId, hasFolder);
        const folder = byId.get(folderId) ?? (await db.folders.get(folderId));
        memos.push({ ...memo, folderId, ...derivedKeys(memo, folder) });
      }
      await db.memos.bulkPut(memos);
      await putBodies(db, entry.bodies);
      const contents = new Map(entry.bodies.map((body) => [body.id, body.contents]));
      await indexMemos(
        db,
        memos.map((memo) => ({ memo, contents: contents.get(memo.id) })),
      );
      await db.trash.delete(entry.key);
    }
    await queue(
      db,
      kind === "memo"
        ? { kind: "memo.restore", memoId: id }
        : { kind: "folder.restore", folderId: id },
    );
  });
}

/** What the device knows of the trash: what it kept, and deletes and restores not sent yet. */
export async function readLocalTrash(): Promise<{
  items: TrashItem[];
  pendingDeletes: Set<string>;
  pendingRestores: Set<string>;
}> {
  const db = cacheDb();
  const entries = await db.trash.orderBy("trashedAt").reverse().toArray();
  const pendingDeletes = new Set<string>();
  const pendingRestores = new Set<string>();
  for (const { op } of await db.outbox.toArray()) {
    if (op.kind === "memo.delete") pendingDeletes.add(`memo:${op.memoId}`);
    if (op.kind === "folder.delete") pendingDeletes.add(`folder:${op.folderId}`);
    if (op.kind === "memo.restore") pendingRestores.add(`memo:${op.memoId}`);
    if (op.kind === "folder.restore") pendingRestores.add(`folder:${op.folderId}`);
  }
  const items = entries.map(({ key: _key, folders: _f, memos: _m, bodies: _b, ...item }) => item);
  return { items, pendingDeletes, pendingRestores };
}

/** Forgets kept trash entries (deleted for good, or gone from the server's trash); all without keys. */
export async function forgetLocalTrash(keys?: readonly string[]): Promise<void> {
  const db = cacheDb();
  if (keys) await db.trash.bulkDelete([...keys]);
  else await db.trash.clear();
  notifyChanged();
}
