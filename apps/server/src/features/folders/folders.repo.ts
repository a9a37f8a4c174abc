export { insertRootFolderIfMissing } from "../../db/root-folder.repo.js";

import type { Folder, SortMode } from "@mnemo/domain";
import { DAY_MS } from "@mnemo/domain";
import { type Selectable, sql, type Updateable } from "kysely";
import type { Executor } from "../../db/database.js";
import type { FoldersTable } from "../../db/schema.js";

type FolderRow = Selectable<FoldersTable>;

/** The stored part of a folder; the tree fields are derived from every folder's parent link. */
export type StoredFolder = Omit<
  Folder,
  "subFolderIds" | "nodeFolderIds" | "parentFolderLocation" | "isInRoot"
>;

/** Columns a folder's settings are stored in, by field name. */
const settingColumns = {
  title: "title",
  description: "description",
  parentFolderId: "parent_folder_id",
  isCategoryFolder: "is_category_folder",
  order: "sort_order",
  sortingMethod: "sorting_method",
  dateRepetitionValue: "date_repetition_value",
  readRepetitionValue: "read_repetition_value",
  pinned: "pinned",
  sideNavPinned: "side_nav_pinned",
  enableCompletionFeature: "enable_completion_feature",
  enableCompletionFeatureWithCompletedMemosOnly:
    "enable_completion_feature_with_completed_memos_only",
  enableFlashCardFeature: "enable_flash_card_feature",
  showSortingValues: "show_sorting_values",
  showReviewCount: "show_review_count",
  showAtHomeReviewList: "show_at_home_review_list",
} as const satisfies Partial<Record<keyof StoredFolder, keyof FolderRow>>;

/** The folder fields a create or update may set. */
export type FolderSettings = { [K in keyof typeof settingColumns]: StoredFolder[K] };

function toStoredFolder(row: FolderRow): StoredFolder {
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

function toColumns(settings: Partial<FolderSettings>): Updateable<FoldersTable> {
  const columns: Record<string, string | number | null> = {};
  for (const [field, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    const column = settingColumns[field as keyof FolderSettings];
    columns[column] = typeof value === "boolean" ? (value ? 1 : 0) : value;
  }
  // A folder without a parent sits at the top ("in root"); kept in the row for other readers.
  if ("parentFolderId" in settings && settings.parentFolderId !== undefined) {
    columns.is_in_root = settings.parentFolderId === null ? 1 : 0;
  }
  return columns as Updateable<FoldersTable>;
}

/** Every folder of the user, in no particular order. */
export async function selectFolders(db: Executor, userId: string): Promise<StoredFolder[]> {
  const rows = await db.selectFrom("folders").selectAll().where("user_id", "=", userId).execute();
  return rows.map(toStoredFolder);
}

/** One folder of the user, or undefined. */
export async function selectFolder(
  db: Executor,
  userId: string,
  folderId: string,
): Promise<StoredFolder | undefined> {
  const row = await db
    .selectFrom("folders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", folderId)
    .executeTakeFirst();
  return row && toStoredFolder(row);
}

/** The largest `order` among the user's folders, or −1 when there is none. */
export async function selectMaxFolderOrder(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("folders")
    .select((eb) => eb.fn.max("sort_order").as("maxOrder"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.maxOrder ?? -1;
}

/**
 * Inserts a folder unless the user has one with this id already (a concurrent create with the
 * same id); true when this call inserted it.
 */
export async function insertFolder(
  db: Executor,
  userId: string,
  folder: { id: string; createdAt: number } & Partial<FolderSettings> & { title: string },
): Promise<boolean> {
  const { id, createdAt, ...settings } = folder;
  const inserted = await db
    .insertInto("folders")
    .values({
      ...toColumns({ parentFolderId: null, ...settings }),
      user_id: userId,
      id,
      title: settings.title,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Writes the given settings and `updatedAt`. */
export async function updateFolder(
  db: Executor,
  userId: string,
  folderId: string,
  settings: Partial<FolderSettings>,
  updatedAt: number,
): Promise<void> {
  await db
    .updateTable("folders")
    .set({ ...toColumns(settings), updated_at: updatedAt })
    .where("user_id", "=", userId)
    .where("id", "=", folderId)
    .execute();
}

/** Sets each listed folder's order to its index in `folderIds`. */
export async function updateFolderOrders(
  db: Executor,
  userId: string,
  folderIds: readonly string[],
  updatedAt: number,
): Promise<void> {
  for (const [index, folderId] of folderIds.entries()) {
    await db
      .updateTable("folders")
      .set({ sort_order: index, updated_at: updatedAt })
      .where("user_id", "=", userId)
      .where("id", "=", folderId)
      .execute();
  }
}

/**
 * Recomputes the repetition due key and the home-list value of every memo in the folder from the
 * folder's date repetition value, in the database (the same formula as `repetitionDueKey`:
 * `dateRV × createdAt / DAY_MS + accumulatedReviewValue`, evaluated in the same order).
 */
export async function updateFolderMemoKeys(
  db: Executor,
  userId: string,
  folderId: string,
  dateRepetitionValue: number,
  showAtHomeReviewList: boolean,
): Promise<void> {
  const rv = sql<number>`cast(${dateRepetitionValue} as double precision)`;
  await db
    .updateTable("memos")
    .set({
      due_key: sql<number>`${rv} * created_at / ${sql.lit(DAY_MS)} + accumulated_review_value`,
      home_rv: showAtHomeReviewList ? rv : null,
    })
    .where("user_id", "=", userId)
    .where("folder_id", "=", folderId)
    .execute();
}

/** Deletes the folders and every memo in them (reviews and completions go with the memos). */
export async function deleteFoldersWithMemos(
  db: Executor,
  userId: string,
  folderIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom("memos")
    .where("user_id", "=", userId)
    .where("folder_id", "in", folderIds)
    .execute();
  await db
    .deleteFrom("folders")
    .where("user_id", "=", userId)
    .where("id", "in", folderIds)
    .execute();
}
