import { type Kysely, sql } from "kysely";

// The count migrations (folder review counts, folder memo counts) keep their SQLite triggers as a
// name → body record, so `down` drops exactly the list `up` created.

/** Creates each trigger `name` with its `body` (everything after `CREATE TRIGGER name`). */
export async function createSqliteTriggers(
  db: Kysely<unknown>,
  triggers: Record<string, string>,
): Promise<void> {
  for (const [name, body] of Object.entries(triggers)) {
    await sql`CREATE TRIGGER ${sql.raw(name)} ${sql.raw(body)}`.execute(db);
  }
}

/** Drops the triggers of that record. */
export async function dropSqliteTriggers(
  db: Kysely<unknown>,
  triggers: Record<string, string>,
): Promise<void> {
  for (const name of Object.keys(triggers)) {
    await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
  }
}
