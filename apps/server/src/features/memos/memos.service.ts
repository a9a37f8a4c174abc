import type {
  CreateMemoInput,
  DeleteQuery,
  ListMemosQuery,
  MemoDetail,
  MemoSummary,
  MoveMemoInput,
  UpdateMemoInput,
} from "@mnemo/domain";
import {
  AppError,
  ErrorCode,
  isEmptyRichText,
  memoPageKey,
  memoSortingValue,
  previewFromHtml,
  ROOT_FOLDER_ID,
  randomId,
  repetitionDueKey,
  startOfDay,
} from "@mnemo/domain";
import { isReplay } from "../../db/applied-ops.repo.js";
import { hasTombstone, insertTombstones } from "../../db/change-log.repo.js";
import { deriveMemoFsrs, withFsrs } from "../../db/memo-fsrs.js";
import { selectFsrsWeights } from "../../db/memo-fsrs.repo.js";
import { ensureRootFolder, insertRootFolderIfMissing } from "../../db/root-folder.repo.js";
import { trashMemoRows } from "../../db/trash.repo.js";
import { userWrite, type WriteContext } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { sanitizeRichText } from "../../http/sanitize-html.js";
import { decodeCursor, encodeCursor } from "./memo-cursor.js";
import { selectMemoPage } from "./memo-page.repo.js";
import { memoNotFound, presentDetail, toSummary } from "./memo-present.js";
import {
  deleteMemo as deleteMemoRow,
  insertMemo,
  type MemoFolder,
  type StoredMemo,
  selectMemo,
  selectMemoFolder,
  selectMemoSummary,
  updateMemo as updateMemoRow,
} from "./memos.repo.js";

type Deps = ServiceDeps;

/** `applied_ops.kind` of the memo operations whose opId has no row of its own. */
const CREATE_OP = "memo.create";
const UPDATE_OP = "memo.update";
const MOVE_OP = "memo.move";
const DELETE_OP = "memo.delete";

function folderNotFound(folderId: string): AppError {
  return new AppError(ErrorCode.FOLDER_NOT_FOUND, `folder ${folderId} not found`);
}

/**
 * The user's folder, read outside a write; the root folder is created on first use, in a write
 * transaction of its own.
 *
 * @throws FOLDER_NOT_FOUND
 */
async function requireFolder(deps: Deps, userId: string, folderId: string): Promise<MemoFolder> {
  const db = deps.db.kysely;
  let folder = await selectMemoFolder(db, userId, folderId);
  if (!folder && folderId === ROOT_FOLDER_ID) {
    await ensureRootFolder(deps, userId);
    folder = await selectMemoFolder(db, userId, folderId);
  }
  if (!folder) throw folderNotFound(folderId);
  return folder;
}

/**
 * The user's folder inside a write; the root folder is created on first use by the write.
 *
 * @throws FOLDER_NOT_FOUND
 */
async function requireFolderInWrite(write: WriteContext, folderId: string): Promise<MemoFolder> {
  const { trx, userId } = write;
  let folder = await selectMemoFolder(trx, userId, folderId);
  if (!folder && folderId === ROOT_FOLDER_ID) {
    await insertRootFolderIfMissing(write);
    folder = await selectMemoFolder(trx, userId, folderId);
  }
  if (!folder) throw folderNotFound(folderId);
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
  const now = deps.now();
  const folder = await requireFolder(deps, userId, folderId);
  const mode = query.sort ?? folder.sortingMethod;
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, mode);
  // The retrievability order ranks recall at one time for all pages: the cursor keeps the first
  // page's now where the review-count orders keep their start of today.
  const todayStart =
    cursor?.todayStart ?? (mode === "retrievability" ? now : startOfDay(now, query.tz));
  const rankedAt = mode === "retrievability" ? todayStart : now;
  const rows = await selectMemoPage(deps.db.kysely, userId, {
    folderId,
    mode,
    todayStart,
    after: cursor?.after ?? null,
    limit: query.limit + 1,
  });
  // A repetition folder's memos have no FSRS state: no lookup (a tenth of a page's time).
  const page =
    folder.scheduler === "fsrs"
      ? await withFsrs(deps.db.kysely, userId, rows.slice(0, query.limit), now)
      : rows.slice(0, query.limit);
  const fsrsWeights =
    mode === "retrievability" ? await selectFsrsWeights(deps.db.kysely, userId) : null;
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          mode,
          todayStart,
          after: { values: memoPageKey(last, mode, todayStart, rankedAt), id: last.id },
        })
      : null;
  return {
    memos: page.map((memo) =>
      toSummary(
        memo,
        memoSortingValue(memo, mode, {
          now: rankedAt,
          todayStart,
          dateRepetitionValue: folder.dateRepetitionValue,
          fsrsWeights,
        }),
      ),
    ),
    nextCursor,
  };
}

// ---- memos -------------------------------------------------------------------------------

/**
 * Creates a memo in one of the user's folders: contents sanitized, preview derived from them,
 * repetition keys from the folder. A known client id answers the existing memo (`created: false`);
 * a client id of a deleted memo is refused, so a create sent again never brings it back.
 *
 * With an `opId` (an offline client's create) the create is applied once: a replay changes
 * nothing and answers the memo, or `null` when it was deleted since.
 *
 * @throws FOLDER_NOT_FOUND; MEMO_DELETED; OP_ID_CONFLICT when the opId was used for another
 *   operation
 */
export async function createMemo(
  deps: Deps,
  user: { id: string; name: string },
  input: CreateMemoInput,
): Promise<{ memo: MemoDetail; created: boolean }>;
export async function createMemo(
  deps: Deps,
  user: { id: string; name: string },
  input: CreateMemoInput,
  opId: string,
): Promise<{ memo: MemoDetail | null; created: boolean }>;
export async function createMemo(
  deps: Deps,
  user: { id: string; name: string },
  input: CreateMemoInput,
  opId?: string,
): Promise<{ memo: MemoDetail | null; created: boolean }> {
  return userWrite(deps, user.id, async (trx, write) => {
    const { now } = write;
    const id = input.id ?? randomId();
    const op = { opId, kind: CREATE_OP, targetId: id, appliedAt: now };
    if (await isReplay(trx, user.id, op)) {
      const isPresent = (await selectMemoSummary(trx, user.id, id)) !== undefined;
      return {
        memo: isPresent ? await presentDetail(trx, user.id, id, write.now) : null,
        created: false,
      };
    }
    if (input.id !== undefined) {
      if (await selectMemoSummary(trx, user.id, id)) {
        return { memo: await presentDetail(trx, user.id, id, write.now), created: false };
      }
      if (await hasTombstone(trx, user.id, "memo", id)) {
        throw new AppError(ErrorCode.MEMO_DELETED, `memo ${id} was deleted`);
      }
    }
    const folder = await requireFolderInWrite(write, input.folderId);
    const contents = sanitizeRichText(input.contents ?? "");
    const created = await insertMemo(write, {
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
      conflictOf: null,
    });
    await deriveMemoFsrs(write, { memoIds: [id] });
    return { memo: await presentDetail(trx, user.id, id, write.now), created };
  });
}

/** The whole memo with its review and completion times. @throws MEMO_NOT_FOUND */
export async function getMemo(deps: Deps, userId: string, memoId: string): Promise<MemoDetail> {
  return presentDetail(deps.db.kysely, userId, memoId, deps.now());
}

/**
 * Changes a memo's fields. New contents are sanitized and replace the old (with a new preview)
 * only when they are not empty rich text (PRODUCT.md › Editing and deleting). The revision rises by 1 when the title or the
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
  return userWrite(deps, user.id, async (trx, write) => {
    const { now } = write;
    const { opId, baseRevision, contents: rawContents, ...fields } = input;
    const op = { opId, kind: UPDATE_OP, targetId: memoId, appliedAt: now };
    if (await isReplay(trx, user.id, op)) {
      return { memo: await presentDetail(trx, user.id, memoId, write.now), conflictCopy: null };
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
      conflictCopy = await insertConflictCopy(write, user, memo);
    }
    await updateMemoRow(write, memoId, {
      ...fields,
      ...(hasContents ? { contents, preview: previewFromHtml(contents) } : {}),
      ...(isTextChange ? { revision: memo.revision + 1 } : {}),
      updatedAt: now,
    });
    return { memo: await presentDetail(trx, user.id, memoId, write.now), conflictCopy };
  });
}

/** Keeps a memo's stored text as a new memo beside it (see updateMemo). */
async function insertConflictCopy(
  write: WriteContext,
  user: { id: string; name: string },
  memo: StoredMemo,
): Promise<MemoDetail> {
  const folder = await requireFolderInWrite(write, memo.folderId);
  const id = randomId();
  await insertMemo(write, {
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
    ...folderKeys(folder, write.now, 0),
    createdAt: write.now,
    updatedAt: write.now,
    conflictOf: memo.id,
  });
  await deriveMemoFsrs(write, { memoIds: [id] });
  return presentDetail(write.trx, user.id, id, write.now);
}

/**
 * Moves a memo into another of the user's folders; its repetition keys and its FSRS state (derived
 * again from its kept review rows) follow the new folder.
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
  return userWrite(deps, userId, async (trx, write) => {
    const op = { opId: input.opId, kind: MOVE_OP, targetId: memoId, appliedAt: write.now };
    if (await isReplay(trx, userId, op)) return presentDetail(trx, userId, memoId, write.now);
    const memo = await selectMemoSummary(trx, userId, memoId, { lock: true });
    if (!memo) throw memoNotFound(memoId);
    const folder = await requireFolderInWrite(write, input.folderId);
    await updateMemoRow(write, memoId, {
      folderId: folder.id,
      ...folderKeys(folder, memo.createdAt, memo.accumulatedReviewValue),
      updatedAt: write.now,
    });
    // Its review rows stay; the FSRS state follows the new folder's scheduler and retention.
    await deriveMemoFsrs(write, { memoIds: [memoId] });
    return presentDetail(trx, userId, memoId, write.now);
  });
}

/**
 * Moves a memo with its reviews and completions to the trash (PRODUCT.md › Trash), leaving a
 * tombstone at the change `seq` of the delete. Deleting a memo that is already deleted (its tombstone exists) or replaying the
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
  await userWrite(deps, userId, async (trx, write) => {
    const op = { opId: query.opId, kind: DELETE_OP, targetId: memoId, appliedAt: write.now };
    if (await isReplay(trx, userId, op)) return;
    // To the trash first (PRODUCT.md › Trash): its images stay, the sweep deletes it for good.
    const isTrashed = await trashMemoRows(write, memoId);
    const deleted = isTrashed && (await deleteMemoRow(write, memoId));
    if (deleted) {
      await insertTombstones(write, "memo", [memoId]);
    } else if (!(await hasTombstone(trx, userId, "memo", memoId))) {
      throw memoNotFound(memoId);
    }
  });
}
