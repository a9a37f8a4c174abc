import { type Folder, foldersInTreeOrder, ROOT_FOLDER_ID } from "@mnemo/domain";

/** The folders sharing `folder`'s parent, in list order, `folder` included. */
export function siblingsOf(folders: readonly Folder[], folder: Folder): Folder[] {
  return folders.filter(
    (other) => other.parentFolderId === folder.parentFolderId && other.id !== ROOT_FOLDER_ID,
  );
}

/**
 * The neighbour `folder` would swap with when moved up (-1) or down (+1) among its siblings, or
 * null at an end. A pinned folder never swaps with an unpinned one: pinned folders are always
 * listed first, so such a move could not show.
 */
export function swapTarget(
  folders: readonly Folder[],
  folder: Folder,
  direction: -1 | 1,
): Folder | null {
  const siblings = siblingsOf(folders, folder);
  const index = siblings.findIndex((other) => other.id === folder.id);
  const target = siblings[index + direction];
  return target && target.pinned === folder.pinned ? target : null;
}

/**
 * Every folder id in its new order after `folder` swaps places with `target`: the tree order
 * (depth first) with the two sibling subtrees exchanged, so each folder gets a distinct order.
 */
export function orderAfterSwap(
  folders: readonly Folder[],
  folder: Folder,
  target: Folder,
): string[] {
  const swapped = folders.map((other) =>
    other.id === folder.id ? target : other.id === target.id ? folder : other,
  );
  return foldersInTreeOrder(swapped).map((row) => row.folder.id);
}

/** `folderId` and every folder inside it. */
export function withDescendants(folders: readonly Folder[], folderId: string): Set<string> {
  const folder = folders.find((other) => other.id === folderId);
  return new Set([folderId, ...(folder?.nodeFolderIds ?? [])]);
}
