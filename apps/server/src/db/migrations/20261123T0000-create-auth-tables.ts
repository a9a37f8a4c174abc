import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// better-auth's tables, created here so one migration history serves both engines. Column types
// are exactly what better-auth's own generator (`getMigrations`) emits for its Kysely adapter:
// on SQLite dates are `date` columns holding ISO text and booleans are integers 0/1; on
// PostgreSQL they are `timestamptz` and `boolean`. Names are snake_case and mapped in
// src/auth/auth-tables.ts; test/auth/auth-schema.test.ts proves better-auth finds no problem.
// The admin plugin's columns (role, banned, ban_*, impersonated_by) are nullable and unused
// until that plugin is enabled; they exist so enabling it needs no migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = !isPostgres(db);
  const timestamp = isSqlite ? "date" : "timestamptz";
  const boolean = isSqlite ? "integer" : "boolean";
  // better-auth always writes these itself; PostgreSQL gets its generator's default as well.
  const now = isSqlite ? null : sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable("auth_users")
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", boolean, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("created_at", timestamp, (c) => (now ? c.defaultTo(now) : c).notNull())
    .addColumn("updated_at", timestamp, (c) => (now ? c.defaultTo(now) : c).notNull())
    .addColumn("is_anonymous", boolean)
    .addColumn("role", "text")
    .addColumn("banned", boolean)
    .addColumn("ban_reason", "text")
    .addColumn("ban_expires", timestamp)
    .execute();

  await db.schema
    .createTable("auth_sessions")
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", timestamp, (c) => (now ? c.defaultTo(now) : c).notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (c) =>
      c.notNull().references("auth_users.id").onDelete("cascade"),
    )
    .addColumn("impersonated_by", "text")
    .execute();

  await db.schema
    .createTable("auth_accounts")
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) =>
      c.notNull().references("auth_users.id").onDelete("cascade"),
    )
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", timestamp)
    .addColumn("refresh_token_expires_at", timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", timestamp, (c) => (now ? c.defaultTo(now) : c).notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("auth_verifications")
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => (now ? c.defaultTo(now) : c).notNull())
    .addColumn("updated_at", timestamp, (c) => (now ? c.defaultTo(now) : c).notNull())
    .execute();

  // The same index names better-auth's generator uses, so its own tooling sees them as present.
  await db.schema
    .createIndex("auth_sessions_user_id_idx")
    .on("auth_sessions")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("auth_accounts_user_id_idx")
    .on("auth_accounts")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("auth_verifications_identifier_idx")
    .on("auth_verifications")
    .column("identifier")
    .execute();

  // Failed password sign-ins, for the per-account limit (100 per hour). Ours, not better-auth's:
  // epoch ms like the app tables.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "sign_in_failures",
    "auth_verifications",
    "auth_accounts",
    "auth_sessions",
    "auth_users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
