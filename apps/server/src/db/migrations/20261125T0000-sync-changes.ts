import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// The change feed of offline clients (GET /api/sync/changes). Same portable types as the first
// app migration; ids use the "C" collation on PostgreSQL so keyset pages order ties by id in
// code-unit order on both engines.
//
// - sync_counters: one change counter per user, bumped in the transaction of every write that
//   changes a folder or a memo (db/change-log.repo.ts).
// - folders.seq, memos.seq: the counter value of the row's latest change. Rows older than this
//   migration get 0; a first download (no cursor) starts below 0, so it sends them too.
// - memos.revision (1 on create, + 1 when title or contents change) and memos.conflict_of (the
//   memo whose losing text a conflict copy keeps).
// - sync_tombstones: what was deleted, at the seq of its delete.
export async function up(db: Kysely<unknown>): Promise<void> {
  const idType = isPostgres(db) ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable("sync_counters")
    .addColumn("user_id", "text", (c) =>
      c.notNull().primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("seq", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("sync_tombstones")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // 'folder' or 'memo': the same words in any collation order 'folder' first.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("id", idType, (c) => c.notNull())
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sync_tombstones_pk", ["user_id", "kind", "id"])
    .execute();
  await db.schema
    .createIndex("sync_tombstones_seq_idx")
    .on("sync_tombstones")
    .columns(["user_id", "seq", "kind", "id"])
    .execute();

  await db.schema
    .alterTable("folders")
    .addColumn("seq", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("folders_seq_idx")
    .on("folders")
    .columns(["user_id", "seq", "id"])
    .execute();

  if (isPostgres(db)) {
    await db.schema
      .alterTable("memos")
      .addColumn("seq", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("conflict_of", "text")
      .execute();
  } else {
    await rebuildSqliteMemos(db);
  }
  await db.schema
    .createIndex("memos_seq_idx")
    .on("memos")
    .columns(["user_id", "seq", "id"])
    .execute();
}

/**
 * SQLite adds a column after the last one, and memos keeps `contents` last on purpose (a long
 * text overflows into a chain of pages, and a column after it can only be read by walking that
 * chain). Every list reads `revision` and `conflict_of`, so the table is rebuilt with them before
 * `contents`: SQLite's documented 12-step table change (foreign keys off so dropping the old table
 * does not cascade into reviews and completions; checked again before the commit).
 */
async function rebuildSqliteMemos(db: Kysely<unknown>): Promise<void> {
  // migrateToLatest runs the migrations in one transaction with foreign keys already off (inside
  // a transaction the pragma does nothing); run alone, this migration opens its own.
  const inTransaction = (rebuild: (trx: Kysely<unknown>) => Promise<void>) =>
    db.isTransaction ? rebuild(db) : db.transaction().execute(rebuild);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await inTransaction(async (trx) => {
      await trx.schema
        .createTable("memos_next")
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("folder_id", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("preview", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("category_id", "text")
        .addColumn("category", "text")
        .addColumn("type", "text", (c) => c.notNull().defaultTo("memo"))
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("user_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("flash_card_hint", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("accumulated_review_value", "double precision", (c) => c.notNull().defaultTo(0))
        .addColumn("last_reviewed_at", "bigint")
        .addColumn("completed_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_completed_at", "bigint")
        .addColumn("due_key", "double precision", (c) => c.notNull().defaultTo(0))
        .addColumn("home_rv", "double precision")
        .addColumn("is_shared", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addColumn("shared_country_code", "text")
        .addColumn("seq", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("conflict_of", "text")
        .addColumn("contents", "text", (c) => c.notNull().defaultTo(""))
        .addPrimaryKeyConstraint("memos_pk", ["user_id", "id"])
        .addForeignKeyConstraint(
          "memos_folder_fk",
          ["user_id", "folder_id"],
          "folders",
          ["user_id", "id"],
          (c) => c.onDelete("cascade"),
        )
        .execute();
      const kept = sql.raw(
        [
          "user_id, id, folder_id, title, preview, category_id, category, type, tags, user_name",
          "flash_card_hint, priority, review_count, accumulated_review_value, last_reviewed_at",
          "completed_count, last_completed_at, due_key, home_rv, is_shared, created_at",
          "updated_at, shared_country_code, contents",
        ].join(", "),
      );
      await sql`insert into memos_next (${kept}) select ${kept} from memos`.execute(trx);
      await sql`drop table memos`.execute(trx);
      await sql`alter table memos_next rename to memos`.execute(trx);
      // The indexes of the earlier migrations, as they were.
      await trx.schema
        .createIndex("memos_folder_created_idx")
        .on("memos")
        .columns(["user_id", "folder_id", "created_at desc", "id"])
        .execute();
      await trx.schema
        .createIndex("memos_folder_due_idx")
        .on("memos")
        .columns(["user_id", "folder_id", "due_key", "id"])
        .execute();
      await trx.schema
        .createIndex("memos_folder_priority_idx")
        .on("memos")
        .columns(["user_id", "folder_id", "priority desc", "created_at desc", "id"])
        .execute();
      await trx.schema
        .createIndex("memos_folder_review_idx")
        .on("memos")
        .columns(["user_id", "folder_id", "review_count", "last_reviewed_at", "created_at", "id"])
        .execute();
      await trx.schema
        .createIndex("memos_home_idx")
        .on("memos")
        .columns(["user_id", "home_rv", "due_key", "id"])
        .execute();
      await trx.schema
        .createIndex("memos_user_created_idx")
        .on("memos")
        .columns(["user_id", "created_at"])
        .execute();
      await trx.schema
        .createIndex("memos_shared_uq")
        .on("memos")
        .columns(["shared_country_code", "id"])
        .unique()
        .where("shared_country_code", "is not", null)
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) {
        throw new Error(`memos rebuild broke ${broken.rows.length} foreign keys`);
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("memos_seq_idx").execute();
  for (const column of ["conflict_of", "revision", "seq"]) {
    await db.schema.alterTable("memos").dropColumn(column).execute();
  }
  await db.schema.dropIndex("folders_seq_idx").execute();
  await db.schema.alterTable("folders").dropColumn("seq").execute();
  await db.schema.dropTable("sync_tombstones").execute();
  await db.schema.dropTable("sync_counters").execute();
}
