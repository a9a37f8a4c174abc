import { Migrator } from "kysely/migration";
import type { Db } from "./database.js";
import { migrations } from "./migrations/index.js";

/** Brings the schema up to date; the same migrations serve SQLite and PostgreSQL. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
