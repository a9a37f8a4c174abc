import type { Kysely } from "kysely";

/**
 * Runs `change` in a transaction. Kysely's Migrator wraps migrations in one where the adapter says
 * DDL is transactional (PostgreSQL, and SQLite through migrateToLatest); a migration run any other
 * way on SQLite would otherwise apply part of itself when a statement fails.
 */
export async function inTransaction(
  db: Kysely<unknown>,
  change: (trx: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (db.isTransaction) return change(db);
  return db.transaction().execute(change);
}
