import type { Kysely } from "kysely";
import { inTransaction } from "./in-transaction.js";

// Issue 14: a folder page in a review-count mode sorted every memo of the folder, because a memo
// reviewed today ranks by its count shifted by 999, which no index holds. The page is now merged
// from two parts that come out of indexes in order (memo-page.repo.ts): the memos not reviewed
// today, by count, newest first within a count (the last column keeps the "reviewed today" test
// on the index), and those reviewed today, found and ranked by the second index alone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropIndex("memos_folder_review_idx").execute();
    await trx.schema
      .createIndex("memos_folder_review_count_idx")
      .on("memos")
      .columns([
        "user_id",
        "folder_id",
        "review_count",
        "created_at desc",
        "id",
        "last_reviewed_at",
      ])
      .execute();
    await trx.schema
      .createIndex("memos_folder_reviewed_idx")
      .on("memos")
      .columns(["user_id", "folder_id", "last_reviewed_at", "review_count", "created_at", "id"])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropIndex("memos_folder_reviewed_idx").execute();
    await trx.schema.dropIndex("memos_folder_review_count_idx").execute();
    await trx.schema
      .createIndex("memos_folder_review_idx")
      .on("memos")
      .columns(["user_id", "folder_id", "review_count", "last_reviewed_at", "created_at", "id"])
      .execute();
  });
}
