import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// Issue 10 (the write cost of the index): a memo edit no longer rewrites the memo's search index
// itself; it queues the memo here, in its own transaction. On SQLite replacing a memo's FTS5 rows
// adds about eight pages to the commit (a new segment, the structure and averages records, a
// tombstone) whatever the number of memos, so an edit's p99 was 1.8–2× an edit without the
// index. The queue is worked off in batches (db/memo-search.repo.ts): before any read of the
// user's index (a search, the tag list), so no answer ever comes from a stale index, and every
// second in the background, so the queue stays short. One row per memo, however often it
// changed; it goes with its memo. (A new memo is indexed at once: see memo-search.repo.ts.)

export async function up(db: Kysely<unknown>): Promise<void> {
  const idType = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable("memo_search_queue")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("memo_id", idType, (c) => c.notNull())
    // When the memo was queued: the indexer takes the oldest first.
    .addColumn("queued_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("memo_search_queue_pk", ["user_id", "memo_id"])
    .addForeignKeyConstraint(
      "memo_search_queue_memo_fk",
      ["user_id", "memo_id"],
      "memos",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("memo_search_queue").execute();
}
