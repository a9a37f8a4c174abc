import { renameSync, rmSync } from "node:fs";
import { ErrorCode } from "@mnemo/domain";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialect, startTestServer, type TestServer } from "../helpers/test-server.js";
import { signUpVerified } from "../helpers/users.js";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

async function expectNotReady() {
  const ready = await server.client().get("/api/ready");
  expect(ready.status).toBe(503);
  expect(ready.body.error.code).toBe(ErrorCode.STORAGE_UNAVAILABLE);
  // Liveness still answers: the process is up.
  expect((await server.client().get("/api/health")).status).toBe(200);
}

describe("GET /api/ready", () => {
  it("answers ok when the database takes a read and a write", async () => {
    const ready = await server.client().get("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true });
  });

  it.runIf(dialect === "sqlite")("answers 503 when the database file was deleted", async () => {
    const file = server.db.file ?? "";
    rmSync(file);
    await expectNotReady();
  });

  it.runIf(dialect === "sqlite")("answers 503 when the database file was moved", async () => {
    const file = server.db.file ?? "";
    renameSync(file, `${file}.moved`);
    await expectNotReady();
    renameSync(`${file}.moved`, file);
    expect((await server.client().get("/api/ready")).status).toBe(200);
  });

  it.runIf(dialect === "sqlite")("answers 503 when the database is read-only", async () => {
    // As root (the test machine) a read-only folder still takes writes: the connection is
    // made read-only instead, which fails writes with SQLITE_READONLY as a read-only disk does.
    await sql`pragma query_only = on`.execute(server.db.kysely);
    await expectNotReady();
    await sql`pragma query_only = off`.execute(server.db.kysely);
  });

  it.runIf(dialect === "postgres")("answers 503 when PostgreSQL refuses connections", async () => {
    const database = server.config.database;
    const name = database.kind === "postgres" ? new URL(database.url).pathname.slice(1) : "";
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
        [name],
      );
      await expectNotReady();
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    // Connections cut while refused may fail one more request each; then the pool reconnects.
    let status = 0;
    for (let attempt = 0; attempt < 12 && status !== 200; attempt++) {
      status = (await server.client().get("/api/ready")).status;
    }
    expect(status).toBe(200);
  });
});

describe.runIf(dialect === "sqlite")("writes after the SQLite file was deleted", () => {
  it("are refused with 503 STORAGE_UNAVAILABLE, not acknowledged into a lost file", async () => {
    const user = await signUpVerified(server);
    expect((await user.client.post("/api/folders", { title: "before" })).status).toBe(201);
    rmSync(server.db.file ?? "");
    const after = await user.client.post("/api/folders", { title: "after" });
    expect(after.status).toBe(503);
    expect(after.body.error.code).toBe(ErrorCode.STORAGE_UNAVAILABLE);
  });
});
