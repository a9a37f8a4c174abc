import type {
  CreateFolderInput,
  Folder,
  ReorderFoldersInput,
  UpdateFolderInput,
} from "@mnemo/domain";
import { AppError, ErrorCode, ROOT_FOLDER_ID, randomId } from "@mnemo/domain";
import type { AppDeps } from "../../app.js";
import type { Executor } from "../../db/database.js";
import {
  deleteFoldersWithMemos,
  insertFolder,
  insertRootFolderIfMissing,
  type StoredFolder,
  selectFolder,
  selectFolders,
  selectMaxFolderOrder,
  updateFolderMemoKeys,
  updateFolderOrders,
  updateFolder as updateFolderRow,
} from "./folders.repo.js";

type Deps = Pick<Required<AppDeps>, "db" | "now">;

/** Pinned first, then by order, then oldest first; the id breaks ties (code-unit order). */
function compareFolders(a: StoredFolder, b: StoredFolder): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.order !== b.order) return a.order - b.order;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Adds the tree fields derived from the parent links: `subFolderIds` (children), `nodeFolderIds`
 * (every descendant, depth first), `parentFolderLocation` (ancestor ids from the top, joined by
 * `/`) and `isInRoot` (no parent). Returns the folders in list order.
 */
function withTree(stored: readonly StoredFolder[]): Folder[] {
  const sorted = [...stored].sort(compareFolders);
  const byId = new Map(sorted.map((folder) => [folder.id, folder]));
  const children = new Map<string, string[]>();
  for (const folder of sorted) {
    if (folder.parentFolderId === null) continue;
    const list = children.get(folder.parentFolderId) ?? [];
    list.push(folder.id);
    children.set(folder.parentFolderId, list);
  }
  const descendants = (id: string): string[] => {
    const result: string[] = [];
    const stack = [...(children.get(id) ?? [])].reverse();
    const seen = new Set<string>([id]);
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      result.push(next);
      stack.push(...[...(children.get(next) ?? [])].reverse());
    }
    return result;
  };
  const location = (folder: StoredFolder): string => {
    const path: string[] = [];
    const seen = new Set<string>([folder.id]);
    let parentId = folder.parentFolderId;
    while (parentId !== null && !seen.has(parentId)) {
      seen.add(parentId);
      path.unshift(parentId);
      parentId = byId.get(parentId)?.parentFolderId ?? null;
    }
    return path.join("/");
  };
  return sorted.map((folder) => ({
    ...folder,
    parentFolderLocation: location(folder),
    subFolderIds: children.get(folder.id) ?? [],
    nodeFolderIds: descendants(folder.id),
    isInRoot: folder.parentFolderId === null,
  }));
}

function folderNotFound(folderId: string): AppError {
  return new AppError(ErrorCode.FOLDER_NOT_FOUND, `folder ${folderId} not found`);
}

/** The user's folder; the root folder is created on first use. */
async function requireFolder(
  db: Executor,
  userId: string,
  folderId: string,
  now: number,
): Promise<StoredFolder> {
  let folder = await selectFolder(db, userId, folderId);
  if (!folder && folderId === ROOT_FOLDER_ID) {
    await insertRootFolderIfMissing(db, userId, now);
    folder = await selectFolder(db, userId, folderId);
  }
  if (!folder) throw folderNotFound(folderId);
  return folder;
}

async function presentOne(db: Executor, userId: string, folderId: string): Promise<Folder> {
  const folder = withTree(await selectFolders(db, userId)).find((f) => f.id === folderId);
  if (!folder) throw folderNotFound(folderId);
  return folder;
}

/** Every folder of the user in list order; the root folder is created on first use. */
export async function listFolders(deps: Deps, userId: string): Promise<Folder[]> {
  const db = deps.db.kysely;
  let stored = await selectFolders(db, userId);
  if (!stored.some((folder) => folder.id === ROOT_FOLDER_ID)) {
    await insertRootFolderIfMissing(db, userId, deps.now());
    stored = await selectFolders(db, userId);
  }
  return withTree(stored);
}

/** One folder of the user. @throws FOLDER_NOT_FOUND */
export async function getFolder(deps: Deps, userId: string, folderId: string): Promise<Folder> {
  const db = deps.db.kysely;
  await requireFolder(db, userId, folderId, deps.now());
  return presentOne(db, userId, folderId);
}

/**
 * Creates a folder at the end of the order. With a client id the user already has, answers that
 * folder unchanged (`created: false`).
 *
 * @throws FOLDER_NOT_FOUND when `parentFolderId` is not one of the user's folders
 */
export async function createFolder(
  deps: Deps,
  userId: string,
  input: CreateFolderInput,
): Promise<{ folder: Folder; created: boolean }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const now = deps.now();
    const { id = randomId(), parentFolderId = null, ...settings } = input;
    if (input.id !== undefined && (await selectFolder(trx, userId, id))) {
      return { folder: await presentOne(trx, userId, id), created: false };
    }
    // The root folder comes first in a new user's order, so it is made before any other.
    await insertRootFolderIfMissing(trx, userId, now);
    if (parentFolderId !== null) await requireFolder(trx, userId, parentFolderId, now);
    const order = (await selectMaxFolderOrder(trx, userId)) + 1;
    const created = await insertFolder(trx, userId, {
      order,
      ...settings,
      id,
      parentFolderId,
      createdAt: now,
    });
    return { folder: await presentOne(trx, userId, id), created };
  });
}

/**
 * Changes a folder's title, parent or settings. When the date repetition value or the home-list
 * switch changes, the folder's memos get their new due keys in the same transaction.
 *
 * @throws FOLDER_NOT_FOUND for the folder or the new parent; FOLDER_ROOT_IMMUTABLE when the root
 *   folder would get a parent; FOLDER_CYCLE when the new parent is the folder or inside it
 */
export async function updateFolder(
  deps: Deps,
  userId: string,
  folderId: string,
  input: UpdateFolderInput,
): Promise<Folder> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const now = deps.now();
    const folder = await requireFolder(trx, userId, folderId, now);
    const parentId = input.parentFolderId;
    if (parentId !== undefined && parentId !== folder.parentFolderId) {
      if (folderId === ROOT_FOLDER_ID) {
        throw new AppError(ErrorCode.FOLDER_ROOT_IMMUTABLE, "the root folder has no parent");
      }
      if (parentId !== null) {
        await requireFolder(trx, userId, parentId, now);
        await assertNoCycle(trx, userId, folderId, parentId);
      }
    }
    await updateFolderRow(trx, userId, folderId, input, now);
    const dateRepetitionValue = input.dateRepetitionValue ?? folder.dateRepetitionValue;
    const showAtHome = input.showAtHomeReviewList ?? folder.showAtHomeReviewList;
    if (
      dateRepetitionValue !== folder.dateRepetitionValue ||
      showAtHome !== folder.showAtHomeReviewList
    ) {
      await updateFolderMemoKeys(trx, userId, folderId, dateRepetitionValue, showAtHome);
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
 * @throws FOLDER_NOT_FOUND (nothing changed) when an id is not one of the user's folders
 */
export async function reorderFolders(
  deps: Deps,
  userId: string,
  input: ReorderFoldersInput,
): Promise<Folder[]> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const now = deps.now();
    if (input.folderIds.includes(ROOT_FOLDER_ID)) {
      await insertRootFolderIfMissing(trx, userId, now);
    }
    const known = new Set((await selectFolders(trx, userId)).map((folder) => folder.id));
    const missing = input.folderIds.find((id) => !known.has(id));
    if (missing !== undefined) throw folderNotFound(missing);
    await updateFolderOrders(trx, userId, input.folderIds, now);
    return withTree(await selectFolders(trx, userId));
  });
}

/**
 * Deletes a folder with its sub-folders (at any depth) and all their memos, in one transaction.
 *
 * @throws FOLDER_ROOT_IMMUTABLE for the root folder; FOLDER_NOT_FOUND
 */
export async function deleteFolder(deps: Deps, userId: string, folderId: string): Promise<void> {
  if (folderId === ROOT_FOLDER_ID) {
    throw new AppError(ErrorCode.FOLDER_ROOT_IMMUTABLE, "the root folder cannot be deleted");
  }
  await deps.db.kysely.transaction().execute(async (trx) => {
    const folder = withTree(await selectFolders(trx, userId)).find((f) => f.id === folderId);
    if (!folder) throw folderNotFound(folderId);
    await deleteFoldersWithMemos(trx, userId, [folderId, ...folder.nodeFolderIds]);
  });
}
