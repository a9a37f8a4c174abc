import { ROOT_FOLDER_ID } from "../constants.js";

// PRODUCT.md › Trash: where a restored item goes, on the server and on a device restoring offline
// (one rule, so both put it in the same place).

/** A restored memo goes back to its folder while the user has that folder, else to the root. */
export function restoredMemoFolderId(
  folderId: string,
  hasFolder: (folderId: string) => boolean,
): string {
  return hasFolder(folderId) ? folderId : ROOT_FOLDER_ID;
}

/**
 * A restored folder goes back under its parent while the user has that parent, else to the top
 * level (null).
 */
export function restoredParentFolderId(
  parentFolderId: string | null,
  hasFolder: (folderId: string) => boolean,
): string | null {
  return parentFolderId !== null && hasFolder(parentFolderId) ? parentFolderId : null;
}
