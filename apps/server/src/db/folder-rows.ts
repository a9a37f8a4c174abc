import type { Folder, SortMode } from "@mnemo/domain";
import type { Selectable } from "kysely";
import type { FoldersTable } from "./schema.js";

// The folder row mapped once, and the tree fields derived from every folder's parent link: the
// folder routes and the change feed both answer folders in the shape of GET /api/folders.

export type FolderRow = Selectable<FoldersTable>;

/** The stored part of a folder; the tree fields are derived from every folder's parent link. */
export type StoredFolder = Omit<
  Folder,
  "subFolderIds" | "nodeFolderIds" | "parentFolderLocation" | "isInRoot"
>;

export function toStoredFolder(row: FolderRow): StoredFolder {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    parentFolderId: row.parent_folder_id,
    isCategoryFolder: row.is_category_folder === 1,
    order: row.sort_order,
    sortingMethod: row.sorting_method as SortMode,
    dateRepetitionValue: row.date_repetition_value,
    readRepetitionValue: row.read_repetition_value,
    pinned: row.pinned === 1,
    sideNavPinned: row.side_nav_pinned === 1,
    enableCompletionFeature: row.enable_completion_feature === 1,
    enableCompletionFeatureWithCompletedMemosOnly:
      row.enable_completion_feature_with_completed_memos_only === 1,
    enableFlashCardFeature: row.enable_flash_card_feature === 1,
    showSortingValues: row.show_sorting_values === 1,
    showReviewCount: row.show_review_count === 1,
    showAtHomeReviewList: row.show_at_home_review_list === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

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
export function withFolderTree(stored: readonly StoredFolder[]): Folder[] {
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
