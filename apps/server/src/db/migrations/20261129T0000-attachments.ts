import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// Issue 11 §1: images in memos, stored in the database (BLOB on SQLite, bytea on PostgreSQL), so
// a backup of the database holds them and several server processes share them with nothing more.
//
// attachments: one row per uploaded image, keyed by (user, client-chosen id) like memos. A
// deleted image keeps its row without its bytes (`deleted_at` set, `data` empty), so an offline
// upload sent again under its id after the delete is refused instead of storing it again.
// The bytes are the last column: reads of the other columns never load them.

/** Runs `change` in a transaction: Kysely wraps migrations in one on PostgreSQL, not on SQLite. */
async function inTransaction(
  db: Kysely<unknown>,
  change: (trx: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (db.isTransaction) return change(db);
  return db.transaction().execute(change);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("attachments")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("byte_size", "integer", (c) => c.notNull())
      .addColumn("sha256", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("deleted_at", "bigint")
      .addColumn("data", isPostgres(trx) ? "bytea" : "blob", (c) => c.notNull())
      .addPrimaryKeyConstraint("attachments_pk", ["user_id", "id"])
      .execute();
    // The purge of a user's unreferenced images looks for the old live ones.
    await trx.schema
      .createIndex("attachments_live_idx")
      .on("attachments")
      .columns(["user_id", "created_at"])
      .where(sql.ref("deleted_at"), "is", null)
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("attachments").execute();
  });
}
