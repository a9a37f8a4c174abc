import {
  AppError,
  applyComplete,
  applyReview,
  applyUncomplete,
  type CreateFolderInput,
  type CreateMemoInput,
  changePriority,
  DEFAULT_REPETITION_VALUE,
  ErrorCode,
  type Folder,
  isEmptyRichText,
  type MemoDetail,
  type MemoSummary,
  previewFromHtml,
  ROOT_FOLDER_ID,
  randomId,
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
  notifyChanged,
  putBodies,
  putFolder,
} from "./cache";
import type { CacheDb, CachedMemo, OutboxOp } from "./cache-db";
import { readMemoDetail, toSummary } from "./local-reads";

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

async function queue(db: CacheDb, op: OutboxOp): Promise<void> {
  await db.outbox.add({
    opId: randomId(),
    op,
    targetId: targetOf(op),
    queuedAt: Date.now(),
    attempts: 0,
  });
}

/** Runs a change in one transaction over the cache and the outbox, then tells everyone. */
async function change<T>(run: (db: CacheDb) => Promise<T>): Promise<T> {
  const db = cacheDb();
  const result = await db.transaction(
    "rw",
    [db.memos, db.bodies, db.folders, db.outbox, db.meta],
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
      tags: input.tags ?? [],
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
    };
    await db.memos.put({
      ...fields,
      ...derivedKeys(fields, folder),
      reviewedDates: [],
      completedDates: [],
    });
    await putBodies(db, [{ id, contents }]);
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
    await db.memos.put({
      ...memo,
      ...fields,
      ...(fields.title !== undefined && { title: fields.title.trim() }),
      ...(hasContents && { preview: previewFromHtml(contents) }),
      updatedAt: Date.now(),
    });
    if (hasContents) await putBodies(db, [{ id: memoId, contents }]);
    await queue(db, {
      kind: "memo.update",
      memoId,
      input: { ...fields, ...(hasContents && { contents }) },
      baseRevision: memo.revision,
    });
  });
  return detailOf(memoId);
}

export async function moveMemoLocally(memoId: string, folderId: string): Promise<MemoDetail> {
  await change(async (db) => {
    const memo = await requireMemo(db, memoId);
    const folder = await requireFolder(db, folderId);
    const moved = { ...memo, folderId, updatedAt: Date.now() };
    delete moved.homeRv;
    await db.memos.put({ ...moved, ...derivedKeys(moved, folder) });
    await queue(db, { kind: "memo.move", memoId, folderId });
  });
  return detailOf(memoId);
}

export async function deleteMemoLocally(memoId: string): Promise<void> {
  await change(async (db) => {
    await requireMemo(db, memoId);
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
    await queue(db, op);
    return toSummary(next, null);
  });
}

/**
 * PRODUCT.md › Review: the domain's `applyReview` with the folder's read repetition value, then
 * the new due key.
 */
export function reviewMemoLocally(memoId: string): Promise<MemoSummary> {
  const reviewedAt = Date.now();
  return memoOp(memoId, { kind: "memo.review", memoId, reviewedAt }, (memo, folder) => {
    const value = folder?.readRepetitionValue ?? DEFAULT_REPETITION_VALUE;
    const reviewed = applyReview(memo, { at: reviewedAt, value });
    return { ...reviewed, ...derivedKeys(reviewed, folder) };
  });
}

/** PRODUCT.md › Completion: the domain's `applyComplete`. */
export function completeMemoLocally(memoId: string): Promise<MemoSummary> {
  const completedAt = Date.now();
  return memoOp(memoId, { kind: "memo.complete", memoId, completedAt }, (memo) =>
    withIsCompleted(applyComplete(memo, completedAt)),
  );
}

/** PRODUCT.md › Completion: the domain's `applyUncomplete` (MEMO_NOT_COMPLETED without one). */
export function uncompleteMemoLocally(memoId: string): Promise<MemoSummary> {
  return memoOp(memoId, { kind: "memo.uncomplete", memoId }, (memo) =>
    withIsCompleted(applyUncomplete(memo)),
  );
}

/** PRODUCT.md › Priority: the domain's `changePriority`. */
export function changePriorityLocally(memoId: string, delta: 1 | -1): Promise<MemoSummary> {
  return memoOp(memoId, { kind: "memo.priority", memoId, delta }, (memo) =>
    changePriority(memo, delta),
  );
}

/** The stored `isCompleted` kept in step with the count (summaries derive it the same way). */
function withIsCompleted(memo: CachedMemo): CachedMemo {
  return { ...memo, isCompleted: memo.completedCount > 0 };
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
    await requireFolder(db, folderId);
    const ids = await folderSubtree(db, folderId);
    const memoIds = (await db.memos.where("folderId").anyOf(ids).primaryKeys()) as string[];
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
