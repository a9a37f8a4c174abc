import { attachmentIdsIn, DAY_MS } from "@mnemo/domain";
import { sql, type Updateable } from "kysely";
import type { Executor } from "../../db/database.js";
import { type FolderRow, type StoredFolder, toStoredFolder } from "../../db/folder-rows.js";
import type { FoldersTable } from "../../db/schema.js";
import type { WriteContext } from "../../db/user-write.js";
import { inValueList } from "../../db/value-list.js";

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
  scheduler: "scheduler",
  desiredRetention: "desired_retention",
} as const satisfies Partial<Record<keyof StoredFolder, keyof FolderRow>>;

/** The folder fields a create or update may set. */
export type FolderSettings = { [K in keyof typeof settingColumns]: StoredFolder[K] };

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
 * same id); true when this call inserted it. Created at the write's `now`, stamped with its `seq`.
 */
export async function insertFolder(
  write: WriteContext,
  folder: { id: string } & Partial<FolderSettings> & { title: string },
  /** The folder's own times, kept by an import of Mnemo's export; else the write's `now`. */
  times: { createdAt: number; updatedAt: number } | null = null,
): Promise<boolean> {
  const { trx, userId, now, seq } = write;
  const { id, ...settings } = folder;
  const inserted = await trx
    .insertInto("folders")
    .values({
      ...toColumns({ parentFolderId: null, ...settings }),
      user_id: userId,
      id,
      title: settings.title,
      created_at: times?.createdAt ?? now,
      updated_at: times?.updatedAt ?? now,
      seq,
    })
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Writes the given settings, stamped with the write's `now` as `updatedAt` and its `seq`. */
export async function updateFolder(
  write: WriteContext,
  folderId: string,
  settings: Partial<FolderSettings>,
): Promise<void> {
  const { trx, userId, now, seq } = write;
  await trx
    .updateTable("folders")
    .set({ ...toColumns(settings), updated_at: now, seq })
    .where("user_id", "=", userId)
    .where("id", "=", folderId)
    .execute();
}

/** Sets each listed folder's order to its index in `folderIds`, stamped like updateFolder. */
export async function updateFolderOrders(
  write: WriteContext,
  folderIds: readonly string[],
): Promise<void> {
  const { trx, userId, now, seq } = write;
  for (const [index, folderId] of folderIds.entries()) {
    await trx
      .updateTable("folders")
      .set({ sort_order: index, updated_at: now, seq })
      .where("user_id", "=", userId)
      .where("id", "=", folderId)
      .execute();
  }
}

/**
 * Recomputes the repetition due key and the home-list value of every memo in the folder (or of
 * `onlyMemoIds` of them: memos just restored there) from the folder's date repetition value, in
 * the database (the same formula as `repetitionDueKey`: `dateRV × createdAt / DAY_MS +
 * accumulatedReviewValue`, evaluated in the same order). Leaves the memos' `seq` alone: clients
 * derive these keys from the folder, which the feed re-sends.
 */
export async function updateFolderMemoKeys(
  write: WriteContext,
  folderId: string,
  dateRepetitionValue: number,
  showAtHomeReviewList: boolean,
  onlyMemoIds?: readonly string[],
): Promise<void> {
  const { trx, userId } = write;
  const rv = sql<number>`cast(${dateRepetitionValue} as double precision)`;
  await trx
    .updateTable("memos")
    .set({
      due_key: sql<number>`${rv} * created_at / ${sql.lit(DAY_MS)} + accumulated_review_value`,
      home_rv: showAtHomeReviewList ? rv : null,
    })
    .where("user_id", "=", userId)
    .where("folder_id", "=", folderId)
    .$if(onlyMemoIds !== undefined, (qb) => qb.where(inValueList(trx, "id", onlyMemoIds ?? [])))
    .execute();
}

/**
 * Deletes the folders and every memo in them (reviews and completions go with the memos); the
 * caller records their tombstones first. Answers the ids of the images the deleted memos showed.
 */
export async function deleteFoldersWithMemos(
  write: WriteContext,
  folderIds: readonly string[],
): Promise<string[]> {
  const { trx, userId } = write;
  const memos = await trx
    .deleteFrom("memos")
    .where("user_id", "=", userId)
    .where(inValueList(trx, "folder_id", folderIds))
    .returning("contents")
    .execute();
  await trx
    .deleteFrom("folders")
    .where("user_id", "=", userId)
    .where(inValueList(trx, "id", folderIds))
    .execute();
  return [...new Set(memos.flatMap((memo) => attachmentIdsIn(memo.contents)))];
}
