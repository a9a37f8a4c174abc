import { type Kysely, sql } from "kysely";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import type { Database } from "../../db/schema.js";
import { inValueList } from "../../db/value-list.js";

// The review session's queue (issue 9 › The review session): due FSRS memos from memo_fsrs,
// then the home rule's memos; and the folder settings the session shows them with.

/** A folder as the queue presents its memos. */
export interface QueueFolder {
  id: string;
  title: string;
  scheduler: string;
  desiredRetention: number;
  enableFlashCardFeature: boolean;
  showAtHomeReviewList: boolean;
  dateRepetitionValue: number;
}

/** The user's folders with these ids, or all of them when `folderIds` is absent. */
export async function selectQueueFolders(
  db: Kysely<Database>,
  userId: string,
  folderIds?: readonly string[],
): Promise<QueueFolder[]> {
  if (folderIds?.length === 0) return [];
  const rows = await db
    .selectFrom("folders")
    .select([
      "id",
      "title",
      "scheduler",
      "desired_retention",
      "enable_flash_card_feature",
      "show_at_home_review_list",
      "date_repetition_value",
    ])
    .where("user_id", "=", userId)
    .$if(folderIds !== undefined, (qb) => qb.where(inValueList(db, "id", folderIds ?? [])))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    scheduler: row.scheduler,
    desiredRetention: row.desired_retention,
    enableFlashCardFeature: row.enable_flash_card_feature === 1,
    showAtHomeReviewList: row.show_at_home_review_list === 1,
    dateRepetitionValue: row.date_repetition_value,
  }));
}

/**
 * Ids of the due (`due ≤ now`) FSRS memos of these folders, lowest retrievability at `now`
 * first (never reviewed first, then elapsed time / stability descending, as the domain's
 * `retrievabilityKey`), ties by id; at most `limit`. Read on memo_fsrs' due indexes alone.
 */
export async function selectDueFsrsMemoIds(
  db: Kysely<Database>,
  userId: string,
  folderIds: readonly string[],
  now: number,
  limit: number,
): Promise<string[]> {
  if (folderIds.length === 0 || limit === 0) return [];
  const isNew = sql<number>`(case when last_review is null or stability <= 0 then 0 else 1 end)`;
  const ratio = sql<number>`(case when last_review is null or stability <= 0 then 0 when ${now} > last_review then (${now} - last_review) / stability else 0 end)`;
  const rows = await db
    .selectFrom("memo_fsrs")
    .select("memo_id")
    .where("user_id", "=", userId)
    .where(inValueList(db, "folder_id", folderIds))
    .where("due", "<=", now)
    .orderBy(isNew)
    .orderBy(ratio, "desc")
    .orderBy("memo_id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.memo_id);
}

/** How many FSRS memos of these folders are due at `now`. */
export async function countDueFsrsMemos(
  db: Kysely<Database>,
  userId: string,
  folderIds: readonly string[],
  now: number,
): Promise<number> {
  if (folderIds.length === 0) return 0;
  const row = await db
    .selectFrom("memo_fsrs")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where(inValueList(db, "folder_id", folderIds))
    .where("due", "<=", now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's memos with these ids (no contents), in the order of `memoIds`. */
export async function selectMemoSummaries(
  db: Kysely<Database>,
  userId: string,
  memoIds: readonly string[],
): Promise<StoredMemoSummary[]> {
  if (memoIds.length === 0) return [];
  const rows = await db
    .selectFrom("memos")
    .select(memoSummaryColumns)
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", memoIds))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toStoredMemoSummary(row)]));
  return memoIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The `limit` memos of one folder with the highest repetition score (the home list's rule for
 * one folder): due key ascending on memos_folder_due_idx, ties by id.
 */
export async function selectFolderMostDueMemos(
  db: Kysely<Database>,
  userId: string,
  folderId: string,
  limit: number,
): Promise<StoredMemoSummary[]> {
  if (limit === 0) return [];
  const rows = await db
    .selectFrom("memos")
    .select(memoSummaryColumns)
    .where("user_id", "=", userId)
    .where("folder_id", "=", folderId)
    .orderBy("due_key")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toStoredMemoSummary);
}
