import { existsSync, fdatasync, fstatSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, dialect } from "../../test/helpers/test-server.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "./database.js";
import { migrateToLatest } from "./migrate.js";
import { isStorageUnavailable } from "./storage-errors.js";

// Only the PostgreSQL project has a server to drop connections from under the pool.
describe.runIf(dialect === "postgres")("openDatabase on PostgreSQL", () => {
  it("survives the server ending an idle connection and serves the next query", async () => {
    const database = await createPostgresDatabase();
    const db = openDatabase({ kind: "postgres", url: database.url });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await sql`select 1`.execute(db.kysely);
      const killed = await admin.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1",
        [new URL(database.url).pathname.slice(1)],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await sql<{ n: number }>`select 41 + 1 as n`.execute(db.kysely);
      expect(result.rows[0]?.n).toBe(42);
    } finally {
      await admin.end();
      await db.destroy();
      await database.drop();
    }
  });

  it("gives memo and folder ids the C collation, so ties sort as in SQLite and the domain", async () => {
    const database = await createPostgresDatabase();
    const db = openDatabase({ kind: "postgres", url: database.url });
    try {
      await migrateToLatest(db);
      const columns = await sql<{ table_name: string; collation_name: string | null }>`
        select table_name, collation_name from information_schema.columns
        where column_name = 'id' and table_name in ('memos', 'folders') order by table_name`.execute(
        db.kysely,
      );
      expect(columns.rows).toEqual([
        { table_name: "folders", collation_name: "C" },
        { table_name: "memos", collation_name: "C" },
      ]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe.runIf(dialect === "sqlite")("openDatabase on SQLite", () => {
  /** A database whose WAL flushes wait until the test lets each one end. */
  function withHeldFlushes() {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-sync-"));
    const flushes: { fd: number; end: () => void }[] = [];
    const db = openDatabase(
      { kind: "sqlite", file: join(dir, "mnemo.sqlite") },
      {
        flushFile: (fd) =>
          new Promise<void>((resolve) => {
            flushes.push({ fd, end: resolve });
          }),
      },
    );
    const settled = <T>(promise: Promise<T>) => {
      const state = { done: false };
      void promise.then(() => {
        state.done = true;
      });
      return state;
    };
    const turns = async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const cleanUp = async () => {
      for (const flush of flushes) flush.end();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
    return { db, flushes, settled, turns, cleanUp };
  }

  it("settles a commit only once the WAL is flushed, so an acknowledged write survives a power cut", async () => {
    const { db, flushes, settled, turns, cleanUp } = withHeldFlushes();
    try {
      // The create is a write outside a transaction: it waits for its flush too.
      const created = settled(
        sql`create table notes (id integer primary key, body text)`.execute(db.kysely),
      );
      await turns();
      expect(created.done).toBe(false);
      flushes.shift()?.end();
      await turns();
      expect(created.done).toBe(true);
      const written = db.kysely.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values ('kept')`.execute(trx);
      });
      const state = settled(written);
      await turns();
      // Committed (SQLite runs NORMAL: the COMMIT itself flushes nothing) but not yet answered.
      expect(state.done).toBe(false);
      expect(flushes).toHaveLength(1);
      const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
      expect(count.rows[0]?.n).toBe(1);
      flushes.shift()?.end();
      await written;
      const mode = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
      expect(mode.rows[0]?.synchronous).toBe(1);
    } finally {
      await cleanUp();
    }
  });

  it("flushes nothing for reads, and one flush for every commit made during the last", async () => {
    const { db, flushes, settled, turns, cleanUp } = withHeldFlushes();
    try {
      const created = sql`create table notes (id integer primary key, body text)`.execute(
        db.kysely,
      );
      await turns();
      expect(flushes).toHaveLength(1);
      // Reads, and a transaction that only reads, run while the flush is held, and wait for none.
      await sql`select count(*) from notes`.execute(db.kysely);
      await db.kysely.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
      });
      expect(flushes).toHaveLength(1);
      // Two commits during the first flush share the next one, which starts when the first ends.
      const first = settled(sql`insert into notes (body) values ('a')`.execute(db.kysely));
      const second = settled(sql`insert into notes (body) values ('b')`.execute(db.kysely));
      await turns();
      expect(flushes).toHaveLength(1);
      flushes.shift()?.end();
      await created;
      await turns();
      expect(flushes).toHaveLength(1);
      expect([first.done, second.done]).toEqual([false, false]);
      flushes.shift()?.end();
      await turns();
      expect([first.done, second.done]).toEqual([true, true]);
      expect(flushes).toHaveLength(0);
    } finally {
      await cleanUp();
    }
  });

  it("answers a write whose flush failed as storage unavailable (the client sends it again)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-sync-"));
    let failing = false;
    const db = openDatabase(
      { kind: "sqlite", file: join(dir, "mnemo.sqlite") },
      {
        flushFile: async () => {
          if (failing) throw Object.assign(new Error("EIO: i/o error"), { code: "EIO" });
        },
      },
    );
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(db.kysely);
      failing = true;
      const error = await sql`insert into notes (body) values ('x')`
        .execute(db.kysely)
        .catch((caught: unknown) => caught);
      expect(isStorageUnavailable(error)).toBe(true);
      failing = false;
      // The connection is lent on: the next write is flushed and answered.
      await sql`insert into notes (body) values ('y')`.execute(db.kysely);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("flushes the WAL file itself with fdatasync", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-sync-"));
    const file = join(dir, "mnemo.sqlite");
    const flushed: number[] = [];
    const db = openDatabase(
      { kind: "sqlite", file },
      {
        flushFile: (fd) => {
          flushed.push(fstatSync(fd).ino);
          return new Promise((resolve, reject) =>
            fdatasync(fd, (error) => (error ? reject(error) : resolve())),
          );
        },
      },
    );
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(db.kysely);
      await sql`insert into notes (body) values ('kept')`.execute(db.kysely);
      expect(flushed).toEqual([statSync(`${file}-wal`).ino, statSync(`${file}-wal`).ino]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("flushes nothing at commits only when MNEMO_SQLITE_SYNCHRONOUS=normal asks (the bench's comparison)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-sync-"));
    const env = { DATA_DIR: dir, BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(env).database).toMatchObject({ kind: "sqlite", synchronous: "full" });
    expect(() => loadConfig({ ...env, MNEMO_SQLITE_SYNCHRONOUS: "off" })).toThrow(
      /MNEMO_SQLITE_SYNCHRONOUS/,
    );
    const config = loadConfig({ ...env, MNEMO_SQLITE_SYNCHRONOUS: "normal" });
    let flushes = 0;
    const db = openDatabase(config.database, {
      flushFile: async () => {
        flushes += 1;
      },
    });
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(db.kysely);
      await sql`insert into notes (body) values ('unflushed')`.execute(db.kysely);
      expect(flushes).toBe(0);
      const result = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
      expect(result.rows[0]?.synchronous).toBe(1);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(dialect === "sqlite")("SQLite's page cache", () => {
  it("is 64 MiB unless MNEMO_SQLITE_CACHE_MIB sets it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-cache-"));
    const env = { DATA_DIR: dir, BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(() => loadConfig({ ...env, MNEMO_SQLITE_CACHE_MIB: "0" })).toThrow(
      /MNEMO_SQLITE_CACHE_MIB/,
    );
    expect(() => loadConfig({ ...env, MNEMO_SQLITE_CACHE_MIB: "lots" })).toThrow(
      /MNEMO_SQLITE_CACHE_MIB/,
    );
    const cacheSizes = [];
    for (const config of [loadConfig(env), loadConfig({ ...env, MNEMO_SQLITE_CACHE_MIB: "8" })]) {
      const db = openDatabase(config.database);
      try {
        const result = await sql<{ cache_size: number }>`pragma cache_size`.execute(db.kysely);
        cacheSizes.push(result.rows[0]?.cache_size);
      } finally {
        await db.destroy();
      }
    }
    rmSync(dir, { recursive: true, force: true });
    // Negative: KiB.
    expect(cacheSizes).toEqual([-65536, -8192]);
  });
});

describe.runIf(dialect === "sqlite")("a bulk reader (Db.openBulkReader, for exports)", () => {
  it("is a read-only connection of its own with a 2 MiB cache, seeing what was committed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-bulk-"));
    const db = openDatabase({ kind: "sqlite", file: join(dir, "mnemo.sqlite") });
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(db.kysely);
      await sql`insert into notes (body) values ('first')`.execute(db.kysely);
      const reader = db.openBulkReader();
      expect(reader.kysely).not.toBe(db.kysely);
      const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(reader.kysely);
      expect(cache.rows[0]?.cache_size).toBe(-2048);
      const shared = await sql<{ cache_size: number }>`pragma cache_size`.execute(db.kysely);
      expect(shared.rows[0]?.cache_size).toBe(-65536);
      await sql`insert into notes (body) values ('second')`.execute(db.kysely);
      const rows = await sql<{ body: string }>`select body from notes order by id`.execute(
        reader.kysely,
      );
      expect(rows.rows.map((row) => row.body)).toEqual(["first", "second"]);
      await expect(
        sql`insert into notes (body) values ('from the reader')`.execute(reader.kysely),
      ).rejects.toThrow(/readonly/i);
      await reader.close();
      // Closing it leaves the shared connection open.
      const after = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
      expect(after.rows[0]?.n).toBe(2);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(dialect === "sqlite")("openDatabase where a SQLite database existed", () => {
  it("refuses to create an empty one in its place unless MNEMO_ALLOW_NEW_DATABASE is set", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mnemo-marker-"));
    const env = { DATA_DIR: dir, BETTER_AUTH_SECRET: "x".repeat(32) };
    try {
      const { database } = loadConfig(env);
      const first = openDatabase(database);
      await migrateToLatest(first);
      await first.destroy();
      expect(existsSync(join(dir, "mnemo.sqlite.created"))).toBe(true);
      rmSync(join(dir, "mnemo.sqlite"));
      expect(() => openDatabase(database)).toThrow(/MNEMO_ALLOW_NEW_DATABASE/);
      expect(existsSync(join(dir, "mnemo.sqlite"))).toBe(false);
      const allowed = loadConfig({ ...env, MNEMO_ALLOW_NEW_DATABASE: "1" });
      const fresh = openDatabase(allowed.database);
      await migrateToLatest(fresh);
      await fresh.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
