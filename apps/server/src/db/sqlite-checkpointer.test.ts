import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";
import { startSqliteCheckpointer, WRITER_AUTOCHECKPOINT_FRAMES } from "./sqlite-checkpointer.js";

const dir = mkdtempSync(join(tmpdir(), "mnemo-checkpoint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = 4096;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("SQLite checkpoints on a worker thread", () => {
  it("moves committed pages from the WAL into the database file before a commit has to", async () => {
    const file = join(dir, "checkpoint.sqlite");
    const db = openDatabase({ kind: "sqlite", file });
    await sql`create table blobs (id integer primary key, body text not null)`.execute(db.kysely);
    const sizeBefore = statSync(file).size;
    const body = "가".repeat(1000);
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 600; i++)
        await sql`insert into blobs (body) values (${body})`.execute(trx);
    });
    // ~2 MB is below every checkpoint mark of the writer: until the worker runs, the pages sit in
    // the WAL and the database file keeps its size.
    const deadline = Date.now() + 5000;
    while (statSync(file).size < sizeBefore + 1_500_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 1_500_000);
    const count = await sql<{ n: number }>`select count(*) as n from blobs`.execute(db.kysely);
    expect(count.rows[0]?.n).toBe(600);
    await db.destroy();
  });

  it("leaves the writer's own checkpoint, inside a commit, as a safety net far above 1000 pages", async () => {
    const db = openDatabase({ kind: "sqlite", file: join(dir, "writer-mark.sqlite") });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      db.kysely,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(WRITER_AUTOCHECKPOINT_FRAMES);
    expect(WRITER_AUTOCHECKPOINT_FRAMES).toBeGreaterThan(1000);
    await db.destroy();
  });

  it("keeps the WAL short under a steady stream of commits: the writer finishes between them", async () => {
    const file = join(dir, "steady.sqlite");
    const writer = new SqliteDatabase(file);
    writer.pragma("journal_mode = WAL");
    writer.pragma("synchronous = FULL");
    // No checkpoint of SQLite's own in this test: only the worker's and the finishes.
    writer.pragma("wal_autocheckpoint = 0");
    writer.exec("create table blobs (id integer primary key, body text not null)");
    let finishes = 0;
    const checkpointer = startSqliteCheckpointer(file, {
      onError: (message) => {
        throw new Error(message);
      },
      finish: () => {
        finishes += 1;
        writer.pragma("wal_checkpoint(PASSIVE)");
      },
      thresholds: { atFrames: 200, maxLeftFrames: 100, idleStopMs: 60_000 },
    });
    const insert = writer.prepare("insert into blobs (body) values (?)");
    insert.run("first");
    checkpointer.noteWrite();
    const body = "review ".repeat(500);
    // ~9,000 pages (three a commit) over 3,000 commits with a turn of the event loop between
    // them, as a server's requests come: without a finish the WAL would hold them all (36 MB).
    // With them it stays near the mark plus what 100 ms of commits write (~1,300 pages here).
    for (let i = 0; i < 3000; i++) {
      insert.run(body);
      await nextTurn();
    }
    await checkpointer.stop();
    expect(finishes).toBeGreaterThan(0);
    expect(statSync(`${file}-wal`).size).toBeLessThan(4000 * PAGE);
    expect(writer.prepare("select count(*) as n from blobs").get()).toEqual({ n: 3001 });
    writer.close();
  });

  it("runs its thread only while the database is written: reads start none, and it ends when idle", async () => {
    const threads = () => readdirSync("/proc/self/task").length;
    const file = join(dir, "idle.sqlite");
    const setup = new SqliteDatabase(file);
    setup.pragma("journal_mode = WAL");
    setup.exec("create table blobs (id integer primary key, body text not null)");
    setup.close();
    const before = threads();
    const db = openDatabase({ kind: "sqlite", file });
    // Reads, and a transaction that only reads, leave the WAL alone: no thread.
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select count(*) as n from blobs`.execute(trx);
    });
    expect(threads()).toBe(before);
    // Looked at once the statement has run: a delete that deleted nothing wrote no frame.
    await sql`delete from blobs where id < 0`.execute(db.kysely);
    await nextTurn();
    expect(threads()).toBe(before);
    await sql`insert into blobs (body) values (${"a"})`.execute(db.kysely);
    await nextTurn();
    expect(threads()).toBe(before + 1);
    await db.destroy();
    expect(threads()).toBe(before);

    // Ended after idleStopMs of a copied, unchanged WAL; the next write starts a new one, which
    // copies that write's pages into the file.
    const writer = new SqliteDatabase(file);
    writer.pragma("wal_autocheckpoint = 0");
    const checkpointer = startSqliteCheckpointer(file, {
      onError: (message) => {
        throw new Error(message);
      },
      finish: () => {},
      thresholds: { atFrames: 8000, maxLeftFrames: 300, idleStopMs: 300 },
    });
    expect(checkpointer.isRunning()).toBe(false);
    const insert = writer.prepare("insert into blobs (body) values (?)");
    const writeAndWaitForIdle = async () => {
      insert.run("가".repeat(100_000));
      checkpointer.noteWrite();
      await nextTurn();
      expect(checkpointer.isRunning()).toBe(true);
      const deadline = Date.now() + 5000;
      while (checkpointer.isRunning() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(checkpointer.isRunning()).toBe(false);
    };
    await writeAndWaitForIdle();
    const sizeAfterFirst = statSync(file).size;
    await writeAndWaitForIdle();
    expect(statSync(file).size).toBeGreaterThan(sizeAfterFirst + 200_000);
    await checkpointer.stop();
    writer.close();
  });
});
