import type {
  CreateFolderInput,
  DeleteQuery,
  Folder,
  ReorderFoldersInput,
  UpdateFolderInput,
} from "@mnemo/domain";
import { AppError, ErrorCode, ROOT_FOLDER_ID, randomId, withFolderTree } from "@mnemo/domain";
import { isReplay } from "../../db/applied-ops.repo.js";
import {
  hasTombstone,
  insertMemoTombstonesOfFolders,
  insertTombstones,
} from "../../db/change-log.repo.js";
import type { Executor } from "../../db/database.js";
import type { StoredFolder } from "../../db/folder-rows.js";
import { deriveMemoFsrs } from "../../db/memo-fsrs.js";
import { ensureRootFolder, insertRootFolderIfMissing } from "../../db/root-folder.repo.js";
import { trashFolderRows } from "../../db/trash.repo.js";
import { userWrite, type WriteContext } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import {
  deleteFoldersWithMemos,
  insertFolder,
  selectFolder,
  selectFolders,
  selectMaxFolderOrder,
  updateFolderMemoKeys,
  updateFolderOrders,
  updateFolder as updateFolderRow,
} from "./folders.repo.js";

type Deps = ServiceDeps;

/** `applied_ops.kind` of the folder operations an opId makes idempotent. */
const FOLDER_CREATE_OP = "folder.create";
const FOLDER_UPDATE_OP = "folder.update";
const FOLDER_ORDER_OP = "folder.order";
const FOLDER_DELETE_OP = "folder.delete";
/** `applied_ops.target_id` of a reorder, which has no single folder. */
const ORDER_TARGET = "order";

function folderNotFound(folderId: string): AppError {
  return new AppError(ErrorCode.FOLDER_NOT_FOUND, `folder ${folderId} not found`);
}

/**
 * The user's folder, read outside a write; the root folder is created on first use, in a write
 * transaction of its own.
 */
async function requireFolder(deps: Deps, userId: string, folderId: string): Promise<StoredFolder> {
  const db = deps.db.kysely;
  let folder = await selectFolder(db, userId, folderId);
  if (!folder && folderId === ROOT_FOLDER_ID) {
    await ensureRootFolder(deps, userId);
    folder = await selectFolder(db, userId, folderId);
  }
  if (!folder) throw folderNotFound(folderId);
  return folder;
}

/** The user's folder inside a write; the root folder is created on first use by the write. */
async function requireFolderInWrite(write: WriteContext, folderId: string): Promise<StoredFolder> {
  const { trx, userId } = write;
  let folder = await selectFolder(trx, userId, folderId);
  if (!folder && folderId === ROOT_FOLDER_ID) {
    await insertRootFolderIfMissing(write);
    folder = await selectFolder(trx, userId, folderId);
  }
  if (!folder) throw folderNotFound(folderId);
  return folder;
}

async function presentOne(db: Executor, userId: string, folderId: string): Promise<Folder> {
  const folder = withFolderTree(await selectFolders(db, userId)).find((f) => f.id === folderId);
  if (!folder) throw folderNotFound(folderId);
  return folder;
}

/** Every folder of the user in list order; the root folder is created on first use. */
export async function listFolders(deps: Deps, userId: string): Promise<Folder[]> {
  const db = deps.db.kysely;
  let stored = await selectFolders(db, userId);
  if (!stored.some((folder) => folder.id === ROOT_FOLDER_ID)) {
    await ensureRootFolder(deps, userId);
    stored = await selectFolders(db, userId);
  }
  return withFolderTree(stored);
}

/** One folder of the user. @throws FOLDER_NOT_FOUND */
export async function getFolder(deps: Deps, userId: string, folderId: string): Promise<Folder> {
  await requireFolder(deps, userId, folderId);
  return presentOne(deps.db.kysely, userId, folderId);
}

/**
 * Creates a folder at the end of the order. With a client id the user already has, answers that
 * folder unchanged (`created: false`); a client id of a deleted folder is refused, so a create
 * sent again never brings it back.
 *
 * With an `opId` (an offline client's create) the create is applied once: a replay changes
 * nothing and answers the folder, or `null` when it was deleted since.
 *
 * @throws FOLDER_NOT_FOUND when `parentFolderId` is not one of the user's folders;
 *   FOLDER_DELETED; OP_ID_CONFLICT when the opId was used for another operation
 */
export async function createFolder(
  deps: Deps,
  userId: string,
  input: CreateFolderInput,
): Promise<{ folder: Folder; created: boolean }>;
export async function createFolder(
  deps: Deps,
  userId: string,
  input: CreateFolderInput,
  opId: string,
): Promise<{ folder: Folder | null; created: boolean }>;
export async function createFolder(
  deps: Deps,
  userId: string,
  input: CreateFolderInput,
  opId?: string,
): Promise<{ folder: Folder | null; created: boolean }> {
  return userWrite(deps, userId, async (trx, write) => {
    const { id = randomId(), parentFolderId = null, ...settings } = input;
    const op = { opId, kind: FOLDER_CREATE_OP, targetId: id, appliedAt: write.now };
    if (await isReplay(trx, userId, op)) {
      const isPresent = (await selectFolder(trx, userId, id)) !== undefined;
      return { folder: isPresent ? await presentOne(trx, userId, id) : null, created: false };
    }
    if (input.id !== undefined) {
      if (await selectFolder(trx, userId, id)) {
        return { folder: await presentOne(trx, userId, id), created: false };
      }
      if (await hasTombstone(trx, userId, "folder", id)) {
        throw new AppError(ErrorCode.FOLDER_DELETED, `folder ${id} was deleted`);
      }
    }
    // The root folder comes first in a new user's order, so it is made before any other.
    await insertRootFolderIfMissing(write);
    if (parentFolderId !== null) await requireFolderInWrite(write, parentFolderId);
    const order = (await selectMaxFolderOrder(trx, userId)) + 1;
    const created = await insertFolder(write, { order, ...settings, id, parentFolderId });
    return { folder: await presentOne(trx, userId, id), created };
  });
}

/**
 * Changes a folder's title, parent or settings. When the date repetition value or the home-list
 * switch changes, the folder's memos get their new due keys in the same transaction; when the
 * scheduler or (in an FSRS folder) the desired retention changes, their FSRS state.
 *
 * With an `opId`, a replay changes nothing and answers the folder.
 *
 * @throws FOLDER_NOT_FOUND for the folder or the new parent; FOLDER_ROOT_IMMUTABLE when the root
 *   folder would get a parent; FOLDER_CYCLE when the new parent is the folder or inside it;
 *   OP_ID_CONFLICT when the opId was used for another operation
 */
export async function updateFolder(
  deps: Deps,
  userId: string,
  folderId: string,
  { opId, ...input }: UpdateFolderInput,
): Promise<Folder> {
  return userWrite(deps, userId, async (trx, write) => {
    const op = { opId, kind: FOLDER_UPDATE_OP, targetId: folderId, appliedAt: write.now };
    if (await isReplay(trx, userId, op)) return presentOne(trx, userId, folderId);
    const folder = await requireFolderInWrite(write, folderId);
    const parentId = input.parentFolderId;
    if (parentId !== undefined && parentId !== folder.parentFolderId) {
      if (folderId === ROOT_FOLDER_ID) {
        throw new AppError(ErrorCode.FOLDER_ROOT_IMMUTABLE, "the root folder has no parent");
      }
      if (parentId !== null) {
        await requireFolderInWrite(write, parentId);
        await assertNoCycle(trx, userId, folderId, parentId);
      }
    }
    await updateFolderRow(write, folderId, input);
    const dateRepetitionValue = input.dateRepetitionValue ?? folder.dateRepetitionValue;
    const showAtHome = input.showAtHomeReviewList ?? folder.showAtHomeReviewList;
    if (
      dateRepetitionValue !== folder.dateRepetitionValue ||
      showAtHome !== folder.showAtHomeReviewList
    ) {
      await updateFolderMemoKeys(write, folderId, dateRepetitionValue, showAtHome);
    }
    const scheduler = input.scheduler ?? folder.scheduler;
    const desiredRetention = input.desiredRetention ?? folder.desiredRetention;
    if (
      scheduler !== folder.scheduler ||
      (scheduler === "fsrs" && desiredRetention !== folder.desiredRetention)
    ) {
      // The memos keep their review rows; their FSRS state is derived again (or dropped) and
      // they go into the change feed, since a client cannot derive it without the rows.
      await deriveMemoFsrs(write, { folderId }, { touch: true });
    }
    return presentOne(trx, userId, folderId);
  });
}

async function assertNoCycle(
  db: Executor,
  userId: string,
  folderId: string,
  newParentId: string,
): Promise<void> {
  const parentOf = new Map(
    (await selectFolders(db, userId)).map((folder) => [folder.id, folder.parentFolderId]),
  );
  const seen = new Set<string>();
  for (let id: string | null = newParentId; id !== null; id = parentOf.get(id) ?? null) {
    if (id === folderId) {
      throw new AppError(ErrorCode.FOLDER_CYCLE, "a folder cannot be moved into itself");
    }
    if (seen.has(id)) break;
    seen.add(id);
  }
}

/**
 * Gives each listed folder its index as `order`; folders not listed keep theirs. Answers every
 * folder in the new list order.
 *
 * With an `opId`, a replay changes nothing and answers the folders.
 *
 * @throws FOLDER_NOT_FOUND (nothing changed) when an id is not one of the user's folders;
 *   OP_ID_CONFLICT when the opId was used for another operation
 */
export async function reorderFolders(
  deps: Deps,
  userId: string,
  input: ReorderFoldersInput,
): Promise<Folder[]> {
  return userWrite(deps, userId, async (trx, write) => {
    const op = {
      opId: input.opId,
      kind: FOLDER_ORDER_OP,
      targetId: ORDER_TARGET,
      appliedAt: write.now,
    };
    if (await isReplay(trx, userId, op)) return withFolderTree(await selectFolders(trx, userId));
    if (input.folderIds.includes(ROOT_FOLDER_ID)) await insertRootFolderIfMissing(write);
    const known = new Set((await selectFolders(trx, userId)).map((folder) => folder.id));
    const missing = input.folderIds.find((id) => !known.has(id));
    if (missing !== undefined) throw folderNotFound(missing);
    await updateFolderOrders(write, input.folderIds);
    return withFolderTree(await selectFolders(trx, userId));
  });
}

/**
 * Moves a folder with its sub-folders (at any depth) and all their memos to the trash as one
 * item (PRODUCT.md › Trash), in one transaction,
 * leaving a tombstone for each of them at the change `seq` of the delete. Deleting a folder that
 * is already deleted (its tombstone exists) or replaying the opId changes nothing: the user's
 * intent is fulfilled.
 *
 * @throws FOLDER_ROOT_IMMUTABLE for the root folder; FOLDER_NOT_FOUND for an unknown folder;
 *   OP_ID_CONFLICT when the opId was used for another operation
 */
export async function deleteFolder(
  deps: Deps,
  userId: string,
  folderId: string,
  query: DeleteQuery,
): Promise<void> {
  if (folderId === ROOT_FOLDER_ID) {
    throw new AppError(ErrorCode.FOLDER_ROOT_IMMUTABLE, "the root folder cannot be deleted");
  }
  await userWrite(deps, userId, async (trx, write) => {
    const op = { opId: query.opId, kind: FOLDER_DELETE_OP, targetId: folderId };
    if (await isReplay(trx, userId, { ...op, appliedAt: write.now })) return;
    const folder = withFolderTree(await selectFolders(trx, userId)).find((f) => f.id === folderId);
    if (!folder) {
      if (await hasTombstone(trx, userId, "folder", folderId)) return;
      throw folderNotFound(folderId);
    }
    const folderIds = [folderId, ...folder.nodeFolderIds];
    // Collected before the delete: the cascade leaves nothing to read afterwards. The trash
    // keeps a copy of it all (PRODUCT.md › Trash), so its images stay.
    await trashFolderRows(write, folderIds);
    await insertTombstones(write, "folder", folderIds);
    await insertMemoTombstonesOfFolders(write, folderIds);
    await deleteFoldersWithMemos(write, folderIds);
  });
}
