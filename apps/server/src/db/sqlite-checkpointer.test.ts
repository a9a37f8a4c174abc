import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";

const dir = mkdtempSync(join(tmpdir(), "mnemo-checkpoint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    // ~2 MB is below SQLite's own checkpoint mark (1000 pages): until the worker runs, the pages
    // sit in the WAL and the database file keeps its size.
    const deadline = Date.now() + 5000;
    while (statSync(file).size < sizeBefore + 1_500_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 1_500_000);
    const count = await sql<{ n: number }>`select count(*) as n from blobs`.execute(db.kysely);
    expect(count.rows[0]?.n).toBe(600);
    await db.destroy();
  });

  it("keeps the WAL small under a steady stream of commits", async () => {
    const file = join(dir, "steady.sqlite");
    const db = openDatabase({ kind: "sqlite", file });
    await sql`create table blobs (id integer primary key, body text not null)`.execute(db.kysely);
    const body = "review ".repeat(500);
    // ~12 MB over 4,000 commits; without checkpoints that complete, the WAL would hold it all.
    for (let i = 0; i < 4000; i++) {
      await sql`insert into blobs (body) values (${body})`.execute(db.kysely);
    }
    expect(statSync(`${file}-wal`).size).toBeLessThan(6_000_000);
    await db.destroy();
  });
});
