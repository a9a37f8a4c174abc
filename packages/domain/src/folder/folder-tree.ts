import { ROOT_FOLDER_ID } from "../constants.js";
import type { Folder } from "./folder.schema.js";

// The folder list order and the tree derived from the parent links, one rule for the server's
// answers (GET /api/folders, the change feed) and the web's offline reads and folder pickers.

/** The fields of a folder its place in the list depends on. */
export type OrderedFolder = Pick<Folder, "id" | "pinned" | "order" | "createdAt">;

/** The fields {@link withFolderTree} derives from every folder's parent link. */
export type FolderTreeFields = Pick<
  Folder,
  "subFolderIds" | "nodeFolderIds" | "parentFolderLocation" | "isInRoot"
>;

/**
 * The folder list order (PRODUCT.md › Folder order and tree): pinned first, then `order`
 * ascending, then the oldest (`createdAt`, epoch ms) first; the id (by UTF-16 code units) breaks
 * the remaining ties, so the order is total and the same on every device and on the server. A comparator for
 * `Array.prototype.sort`; throws nothing.
 */
export function compareFolders(a: OrderedFolder, b: OrderedFolder): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.order !== b.order) return a.order - b.order;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Returns a new array with `folders` in the order of {@link compareFolders}; the input is kept. */
export function sortFolders<T extends OrderedFolder>(folders: readonly T[]): T[] {
  return [...folders].sort(compareFolders);
}

/**
 * The folders in list order ({@link compareFolders}) with the tree fields derived from the
 * parent links, as `GET /api/folders` answers them:
 *
 * - `subFolderIds`: the children, in list order
 * - `nodeFolderIds`: every descendant, depth first, children in list order
 * - `parentFolderLocation`: the ancestor ids from the top down, joined by `/` (`''` at the top)
 * - `isInRoot`: `parentFolderId` is `null`
 *
 * Tree fields already present on the input are replaced. A parent link to a missing folder ends
 * the location there; a cycle of links is followed once (no folder is listed twice). Throws
 * nothing.
 */
export function withFolderTree<T extends OrderedFolder & Pick<Folder, "parentFolderId">>(
  folders: readonly T[],
): Array<Omit<T, keyof FolderTreeFields> & FolderTreeFields> {
  const sorted = sortFolders(folders);
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
  const location = (folder: T): string => {
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

/** A folder with its depth below the top of a {@link foldersInTreeOrder} walk (0 = top). */
export interface FolderTreeRow<T extends Pick<Folder, "id" | "parentFolderId"> = Folder> {
  folder: T;
  /** 0 for a folder directly inside the top, 1 for its sub-folders, and so on. */
  depth: number;
}

/**
 * The folders inside `topId` (default `null`: the top level) as a tree, depth first: each folder
 * followed by its sub-folders. At the top level the root folder (`ROOT_FOLDER_ID`) comes first.
 * Siblings keep the order of `folders` (pass them in list order, see {@link sortFolders}; a
 * reorder passes them swapped). A folder whose parent is missing counts as top level; a folder
 * is listed once even when the links form a cycle. Throws nothing.
 */
export function foldersInTreeOrder<T extends Pick<Folder, "id" | "parentFolderId">>(
  folders: readonly T[],
  topId: string | null = null,
): FolderTreeRow<T>[] {
  const ids = new Set(folders.map((folder) => folder.id));
  const children = new Map<string | null, T[]>();
  for (const folder of folders) {
    const parent =
      folder.parentFolderId !== null && ids.has(folder.parentFolderId)
        ? folder.parentFolderId
        : null;
    const list = children.get(parent) ?? [];
    list.push(folder);
    children.set(parent, list);
  }
  const rows: FolderTreeRow<T>[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    const list = children.get(parent) ?? [];
    const ordered = [
      ...list.filter((folder) => folder.id === ROOT_FOLDER_ID),
      ...list.filter((folder) => folder.id !== ROOT_FOLDER_ID),
    ];
    for (const folder of ordered) {
      if (seen.has(folder.id)) continue;
      seen.add(folder.id);
      rows.push({ folder, depth });
      visit(folder.id, depth + 1);
    }
  };
  visit(topId, 0);
  return rows;
}
