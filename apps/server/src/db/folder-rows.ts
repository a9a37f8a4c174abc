import type { Folder, Scheduler, SortMode } from "@mnemo/domain";
import type { Selectable } from "kysely";
import type { FoldersTable } from "./schema.js";

// The folder row mapped once; the routes and the change feed add the tree fields with the
// domain's `withFolderTree`, so both answer folders in the shape of GET /api/folders.

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
    scheduler: row.scheduler as Scheduler,
    desiredRetention: row.desired_retention,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
