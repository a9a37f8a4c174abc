import type { Kysely } from "kysely";

// The scratch row of `GET /api/ready` (src/db/readiness.repo.ts): a read and a committed write
// prove the database is there and takes writes (not full, not read-only, still connected).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("readiness_checks")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("checked_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("readiness_checks").execute();
}
