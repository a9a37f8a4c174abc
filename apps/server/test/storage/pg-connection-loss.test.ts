import { ErrorCode } from "@mnemo/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFolder } from "../helpers/factories.js";
import { dialect, startTestServer, type TestServer } from "../helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../helpers/users.js";

// Only the PostgreSQL project has a server whose connections can be cut under the app.
describe.runIf(dialect === "postgres")("PostgreSQL connections lost under load", () => {
  let server: TestServer;
  let user: SignedUpUser;
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startTestServer();
    user = await signUpVerified(server);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await server.close();
  });

  it("keeps the process up, answers 503 STORAGE_UNAVAILABLE or succeeds, and keeps every acknowledged write", async () => {
    const folder = await buildFolder(user.client);
    const databaseName = new URL(dbUrl(server)).pathname.slice(1);
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let isRunning = true;
    const writer = async (n: number) => {
      for (let i = 0; isRunning; i++) {
        const response = await user.client.post("/api/memos", {
          folderId: folder.id,
          title: `w${n}-${i}`,
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 201) acknowledged.push(response.body.memo.id);
        else {
          expect(response.status).toBe(503);
          expect(response.body.error.code).toBe(ErrorCode.STORAGE_UNAVAILABLE);
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    let terminated = 0;
    for (let round = 0; round < 15; round++) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [databaseName],
      );
      terminated += killed.rowCount ?? 0;
    }
    isRunning = false;
    await Promise.all(writers);
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);

    const health = await user.client.get("/api/health");
    expect(health.status).toBe(200);
    const rows = await server.db.kysely
      .selectFrom("memos")
      .select("id")
      .where("user_id", "=", user.userId)
      .execute();
    const stored = new Set(rows.map((row) => row.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});

function dbUrl(server: TestServer): string {
  const database = server.config.database;
  return database.kind === "postgres" ? database.url : "";
}
