import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { TestClient } from "../helpers/client.js";
import { startServerChild, stopServerChild } from "../helpers/server-child-process.js";
import { dialect, freePort } from "../helpers/test-server.js";

// SQLite's group commit (db/user-write.ts) answers a write only after the COMMIT of its group:
// a server killed while reviews pour in at 10 connections has every review it answered with
// 200 in the database when it starts again, and none twice.

const dataDir = mkdtempSync(join(tmpdir(), "mnemo-group-kill-"));
const file = join(dataDir, "mnemo.sqlite");

function startServer(port: number): Promise<ChildProcess> {
  return startServerChild({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: file,
    BETTER_AUTH_SECRET: "group-commit-kill-test-secret-0123456789",
  });
}

let server: ChildProcess | null = null;

afterAll(async () => {
  if (server) await stopServerChild(server, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(dialect === "sqlite")("group commit, server killed mid-load", () => {
  it("keeps every review it answered, once", async () => {
    const port = await freePort();
    server = await startServer(port);
    const client = new TestClient(`http://127.0.0.1:${port}`);
    expect((await client.post("/api/auth/sign-in/anonymous", {})).status).toBe(200);
    const memoId = randomBytes(10).toString("hex");
    const created = await client.post("/api/memos", {
      id: memoId,
      folderId: "root",
      title: "복습",
      contents: "<p>x</p>",
    });
    expect(created.status).toBe(201);

    // 10 connections of reviews; the server is killed once 150 have been answered.
    const answered: string[] = [];
    let killed = false;
    const connection = async () => {
      while (!killed) {
        const opId = randomUUID();
        try {
          const answer = await client.post(`/api/memos/${memoId}/reviews`, { opId });
          if (answer.status === 200) answered.push(opId);
        } catch {
          return; // the connection went with the server
        }
        if (answered.length >= 150 && !killed) {
          killed = true;
          server?.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, connection));
    await stopServerChild(server, "SIGKILL");

    server = await startServer(port);
    try {
      const db = new SqliteDatabase(file, { readonly: true });
      try {
        const rows = db
          .prepare("SELECT op_id AS opId FROM memo_reviews WHERE memo_id = ?")
          .all(memoId) as { opId: string }[];
        const stored = new Set(rows.map((row) => row.opId));
        expect(answered.filter((opId) => !stored.has(opId))).toEqual([]);
        expect(stored.size).toBe(rows.length);
        const memo = db
          .prepare("SELECT review_count AS reviewCount FROM memos WHERE id = ?")
          .get(memoId) as { reviewCount: number };
        expect(memo.reviewCount).toBe(rows.length);
      } finally {
        db.close();
      }
      // The server answers the memo with the same count.
      const read = await client.get(`/api/memos/${memoId}`);
      expect(read.body.memo.reviewCount).toBeGreaterThanOrEqual(answered.length);
    } finally {
      await stopServerChild(server);
    }
  }, 60_000);
});
