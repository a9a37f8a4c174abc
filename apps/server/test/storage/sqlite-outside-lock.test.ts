import { ErrorCode } from "@mnemo/domain";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFolder } from "../helpers/factories.js";
import { dialect, startTestServer, type TestServer } from "../helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../helpers/users.js";

describe.runIf(dialect === "sqlite")("another process holding the SQLite write lock", () => {
  let server: TestServer;
  let user: SignedUpUser;
  let folderId: string;

  beforeAll(async () => {
    server = await startTestServer();
    user = await signUpVerified(server);
    folderId = (await buildFolder(user.client)).id;
  });
  afterAll(async () => {
    await server.close();
  });

  it("stalls no read, and a write answers 503 STORAGE_UNAVAILABLE within the busy limit", async () => {
    const outside = new SqliteDatabase(server.db.file ?? "");
    outside.exec("begin immediate");
    try {
      const startedAt = performance.now();
      const write = user.client.post("/api/folders", { title: "blocked" });
      const timed = async (path: string) => {
        const at = performance.now();
        const response = await user.client.get(path);
        return { status: response.status, ms: performance.now() - at };
      };
      // Reads and health while the write waits for the lock.
      const reads = [];
      for (let i = 0; i < 5; i++) {
        reads.push(await timed(`/api/folders/${folderId}/memos`));
        reads.push(await timed("/api/health"));
      }
      const answered = await write;
      const writeMs = performance.now() - startedAt;
      for (const read of reads) {
        expect(read.status).toBe(200);
        expect(read.ms).toBeLessThan(500);
      }
      expect(answered.status).toBe(503);
      expect(answered.body.error.code).toBe(ErrorCode.STORAGE_UNAVAILABLE);
      expect(writeMs).toBeLessThan(3500);
    } finally {
      outside.exec("rollback");
      outside.close();
    }
    expect((await user.client.post("/api/folders", { title: "after" })).status).toBe(201);
  });
});
