import type { Kysely } from "kysely";

// One counter row per limited thing (`auth_limits`, src/auth/auth-limits.repo.ts): the password
// checks of one account per hour and the mails to one address per day. A row is taken with one
// upsert, so concurrent requests can never pass the limit together. It replaces the per-failure
// rows of `sign_in_failures`, which also kept the caller's address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auth_limits")
    // e.g. `password:<user id>`, `mail:reset:<e-mail>`
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("last_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.dropTable("sign_in_failures").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_failures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("attempted_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_failures_email_time_idx")
    .on("sign_in_failures")
    .columns(["email_key", "attempted_at"])
    .execute();
  await db.schema.dropTable("auth_limits").execute();
}
