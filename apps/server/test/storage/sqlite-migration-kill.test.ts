import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrations } from "../../src/db/migrations/index.js";
import { dialect } from "../helpers/test-server.js";

const CHILD = fileURLToPath(new URL("./migrate-child.mjs", import.meta.url));
/** Kill points per run: a few in `npm test` (each costs two Node starts); more on demand. */
const KILLS = Number(process.env.MNEMO_MIGRATION_KILLS ?? 4);

/**
 * Runs the migrations in a child on `file`, killed `killAfterMs` after it opened the file (never
 * when null); answers how long it ran after opening, or 0 when it did not finish.
 */
function migrateInChild(file: string, killAfterMs: number | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=@mnemo/source", CHILD, file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let openedAt = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      if (!openedAt && chunk.toString().includes("opened")) {
        openedAt = performance.now();
        if (killAfterMs !== null) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      }
    });
    child.once("error", reject);
    let migrated = false;
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("migrated")) migrated = true;
    });
    // How long it ran after opening the file; 0 when it did not finish migrating.
    child.once("exit", () => resolve(migrated ? performance.now() - openedAt : 0));
  });
}

// PostgreSQL runs every migration in one transaction already (Kysely does so where DDL is
// transactional); SQLite is where a kill could leave half a migration behind.
describe.runIf(dialect === "sqlite")("SQLite migrations killed part-way", () => {
  it("leave a data folder the server starts on again, whatever the moment of the kill", async () => {
    const root = mkdtempSync(join(tmpdir(), "mnemo-migrate-kill-"));
    try {
      const fullRun = await migrateInChild(join(root, "whole.sqlite"), null);
      let killedPartWay = 0;
      for (let i = 0; i < KILLS; i++) {
        const file = join(root, `kill-${i}`, "mnemo.sqlite");
        await migrateInChild(file, (fullRun * i) / KILLS);
        if (appliedMigrations(file) < Object.keys(migrations).length) killedPartWay++;
        // The next start migrates the same folder again, in a new process like the server's.
        const restart = await migrateInChild(file, null);
        expect(restart).toBeGreaterThan(0);
        expect(appliedMigrations(file)).toBe(Object.keys(migrations).length);
      }
      expect(killedPartWay).toBeGreaterThanOrEqual(KILLS / 2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

/** How many migrations the file records as applied (0 without the table). */
function appliedMigrations(file: string): number {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite
      .prepare("select count(*) as n from sqlite_master where name = 'kysely_migration'")
      .get() as { n: number };
    if (table.n === 0) return 0;
    return (sqlite.prepare("select count(*) as n from kysely_migration").get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}
