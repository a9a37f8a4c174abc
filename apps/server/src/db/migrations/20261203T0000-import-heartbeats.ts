import type { Kysely } from "kysely";

// Issue 14 › Scale: an import is running while the process that runs it says so. Each running
// import's process writes `heartbeat_at` every few seconds; an import whose heartbeat stopped for
// a minute is failed (by any process, at start and every half minute: imports.service.ts). Before,
// every import still "running" when a process started was failed: with two processes on one
// database, starting the second failed the first's imports while they ran on, and the finished
// import's memos then stood under a "failed" job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("imports").addColumn("heartbeat_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("imports").dropColumn("heartbeat_at").execute();
}
