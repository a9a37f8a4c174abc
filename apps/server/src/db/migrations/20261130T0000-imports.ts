import { type Kysely, sql } from "kysely";

// Issue 11 §2: import jobs. One row per uploaded import file, keyed by (user, id) like memos:
// its status, its progress (`done` of `total` steps, rewritten while it runs, so a reload of the
// page finds it), and once it ends its report (JSON text) or its error code. The file itself is
// never stored; `file_sha256` only says which file it was.

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
      .createTable("imports")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("report", "text")
      .addColumn("error_code", "text")
      .addColumn("file_sha256", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("finished_at", "bigint")
      .addPrimaryKeyConstraint("imports_pk", ["user_id", "id"])
      .execute();
    // GET /api/imports lists a user's newest; the start-up sweep and the one-running check
    // read the same index.
    await trx.schema
      .createIndex("imports_user_created_idx")
      .on("imports")
      .columns(["user_id", "created_at"])
      .execute();
    // One running import per user, held by the database: two uploads at once cannot both start.
    await trx.schema
      .createIndex("imports_one_running_idx")
      .on("imports")
      .column("user_id")
      .unique()
      .where(sql.ref("status"), "=", "running")
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("imports").execute();
  });
}
