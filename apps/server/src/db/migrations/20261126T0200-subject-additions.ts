import type { Kysely } from "kysely";

// Who added which subject names when (issue 16 item 12): the shared subject lists take a limited
// number of names per user per day. Deleted with the user.

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
      .createTable("subject_additions")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("country_code", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("added_at", "bigint", (c) => c.notNull())
      .execute();
    await trx.schema
      .createIndex("subject_additions_user_idx")
      .on("subject_additions")
      .columns(["user_id", "added_at"])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("subject_additions").execute();
  });
}
