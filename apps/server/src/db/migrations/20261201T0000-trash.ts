import type { Kysely } from "kysely";
import { inTransaction } from "./in-transaction.js";

// Issue 12 §1: the trash (PRODUCT.md › Trash). A deleted memo or folder leaves the live tables
// exactly as a delete did before (cascades, tombstones, the change feed), so every read of memos
// and folders — lists, home, review queue, search, tags, calendar, stats, export, sync, import —
// leaves it out without a filter of its own. What the delete removed is kept here, one row per
// delete, until it is restored or deleted for good (after 30 days by the server's sweep):
// - payload: JSON of the removed rows (folders, memos, reviews, completions, FSRS states);
// - contents: the removed memos' contents joined, so the image clean-up still sees the images a
//   trashed memo shows (attachment-refs.repo.ts) without parsing JSON;
// - the title, origin folder and memo count the trash screen lists.

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("trash_items")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("folder_id", "text")
      .addColumn("folder_title", "text")
      .addColumn("memo_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("trashed_at", "bigint", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("contents", "text", (c) => c.notNull().defaultTo(""))
      .addPrimaryKeyConstraint("trash_items_pk", ["user_id", "kind", "id"])
      .execute();
    // The trash screen lists a user's newest first.
    await trx.schema
      .createIndex("trash_items_user_trashed_idx")
      .on("trash_items")
      .columns(["user_id", "trashed_at"])
      .execute();
    // The purge sweep reads every user's oldest.
    await trx.schema
      .createIndex("trash_items_trashed_idx")
      .on("trash_items")
      .column("trashed_at")
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("trash_items").execute();
  });
}
