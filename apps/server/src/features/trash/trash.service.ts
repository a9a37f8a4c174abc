import {
  AppError,
  attachmentIdsIn,
  type DeleteQuery,
  ErrorCode,
  type RestoreTrashInput,
  type RestoreTrashResponse,
  ROOT_FOLDER_ID,
  restoredMemoFolderId,
  restoredParentFolderId,
  TRASH_RETENTION_MS,
  type TrashKind,
  type TrashListResponse,
} from "@mnemo/domain";
import { isReplay } from "../../db/applied-ops.repo.js";
import { deleteImagesShownNowhere } from "../../db/attachment-refs.repo.js";
import { hasTombstone } from "../../db/change-log.repo.js";
import type { Executor } from "../../db/database.js";
import { deriveMemoFsrs } from "../../db/memo-fsrs.js";
import { parseTags } from "../../db/memo-rows.js";
import { indexNewMemos } from "../../db/memo-search.repo.js";
import { insertRootFolderIfMissing } from "../../db/root-folder.repo.js";
import {
  deleteTrashItems,
  insertRestoredRows,
  selectExpiredTrashItems,
  selectLiveFolderIds,
  selectTrashItem,
  selectTrashListing,
} from "../../db/trash.repo.js";
import { userWrite } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { selectFolder, updateFolderMemoKeys } from "../folders/folders.repo.js";
import { selectMemoSummary } from "../memos/memos.repo.js";

// The trash (PRODUCT.md › Trash): list, restore, delete for good, empty, and the sweep that
// deletes for good what was trashed more than TRASH_RETENTION_MS ago.

/** `applied_ops.kind` of the trash operations an opId makes idempotent. */
const RESTORE_OP = "trash.restore";
const DELETE_OP = "trash.delete";
const EMPTY_OP = "trash.empty";

function trashItemNotFound(kind: TrashKind, id: string): AppError {
  return new AppError(ErrorCode.TRASH_ITEM_NOT_FOUND, `no ${kind} ${id} in the trash`);
}

/** The user's trash, newest delete first. */
export async function listTrash(deps: ServiceDeps, userId: string): Promise<TrashListResponse> {
  return { items: await selectTrashListing(deps.db.kysely, userId) };
}

/** Where a live memo or folder is now (for the answer of a replayed restore). */
async function currentPlace(
  db: Executor,
  userId: string,
  kind: TrashKind,
  id: string,
): Promise<string | null> {
  if (kind === "memo") return (await selectMemoSummary(db, userId, id))?.folderId ?? null;
  return (await selectFolder(db, userId, id))?.parentFolderId ?? null;
}

/**
 * Puts a trashed memo or folder back where it was, with everything that went to the trash with
 * it (reviews, completions, FSRS states, sub-folders, memos), and indexes its memos for search
 * again. A memo whose folder is gone goes to the root folder; a folder whose parent is gone goes
 * to the top level. With an `opId`, a replay changes nothing.
 *
 * @throws TRASH_ITEM_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another operation
 */
export async function restoreFromTrash(
  deps: ServiceDeps,
  userId: string,
  { kind, id, opId }: RestoreTrashInput,
): Promise<RestoreTrashResponse> {
  return userWrite(deps, userId, async (trx, write) => {
    const op = { opId, kind: RESTORE_OP, targetId: `${kind}:${id}`, appliedAt: write.now };
    if (await isReplay(trx, userId, op)) {
      return { folderId: await currentPlace(trx, userId, kind, id) };
    }
    const item = await selectTrashItem(trx, userId, kind, id);
    if (!item) throw trashItemNotFound(kind, id);
    const { payload } = item;
    await insertRootFolderIfMissing(write);
    let folderId: string | null;
    if (kind === "memo") {
      const origin = payload.memos[0]?.folder_id ?? ROOT_FOLDER_ID;
      const live = await selectLiveFolderIds(trx, userId, [origin]);
      folderId = restoredMemoFolderId(origin, (candidate) => live.has(candidate));
      for (const memo of payload.memos) memo.folder_id = folderId;
      for (const state of payload.fsrs) state.folder_id = folderId;
    } else {
      const top = payload.folders.find((folder) => folder.id === id);
      const parent = top?.parent_folder_id ?? null;
      const live = await selectLiveFolderIds(trx, userId, parent === null ? [] : [parent]);
      folderId = restoredParentFolderId(parent, (candidate) => live.has(candidate));
      if (top && folderId === null) {
        top.parent_folder_id = null;
        top.is_in_root = 1;
      }
    }
    await insertRestoredRows(write, payload);
    await indexNewMemos(
      write,
      payload.memos.map((memo) => ({
        id: memo.id,
        folderId: memo.folder_id,
        updatedAt: memo.updated_at,
        title: memo.title,
        contents: memo.contents,
        flashCardHint: memo.flash_card_hint,
        tags: parseTags(memo.tags),
      })),
    );
    if (kind === "memo" && folderId !== null) {
      // Its folder may be another (the root) or have new settings since the delete.
      const memoIds = payload.memos.map((memo) => memo.id);
      const folder = await selectFolder(trx, userId, folderId);
      if (folder) {
        const { dateRepetitionValue, showAtHomeReviewList } = folder;
        await updateFolderMemoKeys(
          write,
          folderId,
          dateRepetitionValue,
          showAtHomeReviewList,
          memoIds,
        );
      }
      await deriveMemoFsrs(write, { memoIds });
    }
    await deleteTrashItems(trx, userId, { kind, id });
    return { folderId };
  });
}

/**
 * Deletes one trashed memo or folder for good (its images that nothing else shows go too). Its
 * tombstones stay, so a create sent again never brings it back. With an `opId`, a replay changes
 * nothing; deleting what was already deleted for good answers the same.
 *
 * @throws TRASH_ITEM_NOT_FOUND for what is neither in the trash nor deleted;
 *   OP_ID_CONFLICT when the opId was used for another operation
 */
export async function deleteFromTrash(
  deps: ServiceDeps,
  userId: string,
  item: { kind: TrashKind; id: string },
  query: DeleteQuery,
): Promise<void> {
  await userWrite(deps, userId, async (trx, write) => {
    const op = {
      opId: query.opId,
      kind: DELETE_OP,
      targetId: `${item.kind}:${item.id}`,
      appliedAt: write.now,
    };
    if (await isReplay(trx, userId, op)) return;
    const contents = await deleteTrashItems(trx, userId, item);
    if (contents.length === 0) {
      if (await hasTombstone(trx, userId, item.kind, item.id)) return;
      throw trashItemNotFound(item.kind, item.id);
    }
    await deleteImagesShownNowhere(trx, userId, attachmentIdsIn(contents.join("\n")), write.now);
  });
}

/** Deletes everything in the user's trash for good. With an `opId`, a replay changes nothing. */
export async function emptyTrash(
  deps: ServiceDeps,
  userId: string,
  query: DeleteQuery,
): Promise<void> {
  await userWrite(deps, userId, async (trx, write) => {
    const op = { opId: query.opId, kind: EMPTY_OP, targetId: "trash", appliedAt: write.now };
    if (await isReplay(trx, userId, op)) return;
    const contents = await deleteTrashItems(trx, userId);
    await deleteImagesShownNowhere(trx, userId, attachmentIdsIn(contents.join("\n")), write.now);
  });
}

/** Items the sweep deletes per round trip to the database. */
const PURGE_BATCH = 100;

/**
 * Deletes for good every user's trash items deleted more than TRASH_RETENTION_MS before `now`;
 * the number deleted.
 */
export async function purgeExpiredTrash(deps: ServiceDeps): Promise<number> {
  const trashedBefore = deps.now() - TRASH_RETENTION_MS;
  let purged = 0;
  for (;;) {
    const items = await selectExpiredTrashItems(deps.db.kysely, trashedBefore, PURGE_BATCH);
    for (const item of items) {
      try {
        await deleteFromTrash(deps, item.userId, item, {});
        purged += 1;
      } catch (error) {
        // Restored or deleted by its user since it was read: nothing left to purge.
        if (!(error instanceof AppError && error.code === ErrorCode.TRASH_ITEM_NOT_FOUND))
          throw error;
      }
    }
    if (items.length < PURGE_BATCH) return purged;
  }
}
