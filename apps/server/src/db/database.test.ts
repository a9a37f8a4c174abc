import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { dialect } from "../../test/helpers/test-server.js";
import { openDatabase } from "./database.js";

// Only the PostgreSQL project has a server to drop connections from under the pool.
describe.runIf(dialect === "postgres")("openDatabase on PostgreSQL", () => {
  it("survives the server ending an idle connection and serves the next query", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `mnemo_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = openDatabase({ kind: "postgres", url: url.toString() });
    try {
      await sql`select 1`.execute(db.kysely);
      const killed = await admin.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1",
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await sql<{ n: number }>`select 41 + 1 as n`.execute(db.kysely);
      expect(result.rows[0]?.n).toBe(42);
    } finally {
      await db.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
