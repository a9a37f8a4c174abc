import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";

const dir = mkdtempSync(join(tmpdir(), "mnemo-checkpoint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SQLite checkpoints on a worker thread", () => {
  it("moves committed pages from the WAL into the database file without a commit doing it", async () => {
    const file = join(dir, "checkpoint.sqlite");
    const db = openDatabase({ kind: "sqlite", file });
    await sql`create table blobs (id integer primary key, body text not null)`.execute(db.kysely);
    const sizeBefore = statSync(file).size;
    const body = "가".repeat(1000);
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 3000; i++)
        await sql`insert into blobs (body) values (${body})`.execute(trx);
    });
    // Automatic checkpoints are off on this connection: until the worker runs, the ~9 MB sit in
    // the WAL and the database file keeps its size.
    const deadline = Date.now() + 5000;
    while (statSync(file).size < sizeBefore + 8_000_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 8_000_000);
    const count = await sql<{ n: number }>`select count(*) as n from blobs`.execute(db.kysely);
    expect(count.rows[0]?.n).toBe(3000);
    await db.destroy();
  });
});
