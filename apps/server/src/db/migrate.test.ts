import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { dialect } from "../../test/helpers/test-server.js";
import { openDatabase } from "./database.js";
import { migrateToLatest } from "./migrate.js";
import { migrations } from "./migrations/index.js";

const names = Object.keys(migrations);

describe.runIf(dialect === "sqlite")("migrateToLatest on an existing SQLite database", () => {
  it("backs the file up beside it before applying new migrations, keeping the last 3", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-backup-"));
    const file = join(dir, "mnemo.sqlite");
    const db = openDatabase({ kind: "sqlite", file });
    try {
      await migrateToLatest(db);
      expect(readdirSync(dir).filter((name) => name.endsWith(".bak"))).toEqual([]);
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
      });
      for (let round = 0; round < 4; round++) {
        const down = await migrator.migrateDown();
        if (down.error) throw down.error;
        await migrateToLatest(db);
      }
      const backups = readdirSync(dir)
        .filter((name) => name.endsWith(".bak"))
        .sort();
      expect(backups).toHaveLength(3);
      const copy = new SqliteDatabase(join(dir, backups.at(-1) ?? ""), { readonly: true });
      try {
        const applied = copy.prepare("select name from kysely_migration order by name").all();
        expect(applied.map((row) => (row as { name: string }).name)).toEqual(names.slice(0, -1));
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      } finally {
        copy.close();
      }
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
