import { copyFileSync, readdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import type { Db } from "./database.js";
import { migrations } from "./migrations/index.js";

/** Backups of the SQLite file taken before migrations; older ones are removed. */
const BACKUPS_KEPT = 3;

/**
 * Brings the schema up to date; the same migrations serve SQLite and PostgreSQL. All pending
 * migrations apply in one transaction on both engines (the SQLite dialect declares its DDL
 * transactional, see database.ts), so a crash part-way leaves the schema as it was before.
 * On SQLite, an existing database gets a consistent backup beside it first.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  if (db.kind === "sqlite" && db.file !== null) {
    const known = await migrator.getMigrations();
    const isExisting = known.some((m) => m.executedAt !== undefined);
    if (isExisting && known.some((m) => m.executedAt === undefined)) {
      await backUpSqlite(db, db.file);
    }
    // A table rebuild drops tables that others point at; inside the transaction the pragma
    // does nothing, so it is set around it (each rebuild checks the keys before committing).
    await sql`pragma foreign_keys = off`.execute(db.kysely);
  }
  try {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === "Error");
    if (error || failed) {
      throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, {
        cause: error,
      });
    }
  } finally {
    if (db.kind === "sqlite") await sql`pragma foreign_keys = on`.execute(db.kysely);
  }
}

/**
 * Copies the database, as of one moment, to `<file>.<UTC time>.bak` beside it (VACUUM INTO reads
 * in one transaction, so writers cannot tear it) and keeps the last {@link BACKUPS_KEPT}.
 */
async function backUpSqlite(db: Db, file: string): Promise<void> {
  const stamp = new Date().toISOString().replace(/[-:.]/g, "");
  const target = `${file}.${stamp}.bak`;
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  await sql`vacuum into ${partial}`.execute(db.kysely);
  copyFileSync(partial, target);
  rmSync(partial, { force: true });
  const prefix = `${basename(file)}.`;
  const backups = readdirSync(dirname(file))
    .filter((name) => name.startsWith(prefix) && name.endsWith(".bak"))
    .sort();
  for (const old of backups.slice(0, -BACKUPS_KEPT)) rmSync(join(dirname(file), old));
}
