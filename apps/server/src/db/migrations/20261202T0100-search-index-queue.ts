import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// Issue 10 (the write cost of the index): a memo create or edit no longer rewrites the memo's
// search index itself; it queues the memo here, in its own transaction. On SQLite every FTS5
// write adds about eight pages to its commit (a new segment, the structure and averages
// records, a tombstone), whatever the batch size, so an edit's p99 was 1.8–2× an edit without the
// index. The queue is worked off in batches (db/memo-search.repo.ts): before any read of the
// user's index (a search, the tag list), so no answer ever comes from a stale index, and every
// second in the background, so the queue stays short. One row per memo, however often it
// changed; it goes with its memo.

export async function up(db: Kysely<unknown>): Promise<void> {
  const idType = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable("memo_search_queue")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("memo_id", idType, (c) => c.notNull())
    // When the memo last changed in a way search reads: the background indexer takes the
    // oldest first; a write queueing a memo already queued sets it (and so waits, on
    // PostgreSQL, for an indexer that holds the row; see queueMemoForIndexing).
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
