import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomId } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, tallyAnswers } from "../helpers/client.js";
import { newOpId } from "../helpers/factories.js";
import { startServerChild, stopServerChild } from "../helpers/server-child-process.js";
import { dialect, freePort, startTestServer, type TestServer } from "../helpers/test-server.js";
import { signUpVerified } from "../helpers/users.js";

// Issue 14 › Scale: two server processes on one PostgreSQL database, what a user does when one
// machine is not enough. A client's requests are split between them as a load balancer would;
// the limits, the change feed and the batch route must not notice. (SQLite: one process owns
// its database file, so this runs on PostgreSQL only.)

let server: TestServer;
let other: { url: string; child: ChildProcess; dataDir: string };

/** Starts the second process on the first one's database, secret and public address. */
async function startOtherProcess(): Promise<typeof other> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "mnemo-second-"));
  const { database, mail, secret } = server.config;
  if (database.kind !== "postgres") throw new Error("two processes share a PostgreSQL database");
  const env = {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: server.baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SMTP_URL: mail.smtpUrl ?? "",
    BETTER_AUTH_SECRET: secret,
    TRUST_PROXY: "1",
  };
  const child = await startServerChild(env);
  return { url: `http://127.0.0.1:${port}`, child, dataDir };
}

/** The same browser (cookies, address) talking to the second process. */
function onOther(client: TestClient): TestClient {
  const twin = new TestClient(other.url, client.cookies);
  Object.assign(twin.headers, client.headers, { origin: client.baseUrl });
  return twin;
}

/** Each request to the next process in turn, as a round-robin balancer sends them. */
function balanced(client: TestClient): [TestClient, TestClient] {
  return [client, onOther(client)];
}

describe.runIf(dialect === "postgres")("two server processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    server = await startTestServer();
    other = await startOtherProcess();
  }, 60_000);
  afterAll(async () => {
    if (other) {
      await stopServerChild(other.child);
      rmSync(other.dataDir, { recursive: true, force: true });
    }
    await server?.close();
  });

  it("limits sign-ins per address over both processes together (30 a minute)", async () => {
    const client = server.client();
    client.headers["x-forwarded-for"] = "198.51.100.7";
    const processes = balanced(client);
    const answers = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      answers.push(
        await processes[attempt % 2]?.post("/api/auth/sign-in/email", {
          email: "nobody@example.com",
          password: "not this one",
        }),
      );
    }
    const tally = tallyAnswers(answers.filter((answer) => answer !== undefined));
    expect(tally["429 AUTH_TOO_MANY_REQUESTS"]).toBe(10);
  });

  it("limits an account's password checks over both processes together (100 an hour)", async () => {
    const victim = await signUpVerified(server);
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, attempt) => {
        const client = server.client();
        // A fresh address each time: only the account's own limit applies.
        client.headers["x-forwarded-for"] = `10.9.${attempt >> 8}.${attempt & 255}`;
        return (attempt % 2 === 0 ? client : onOther(client)).post("/api/auth/sign-in/email", {
          email: victim.email,
          password: "guessed wrong",
        });
      }),
    );
    expect(tallyAnswers(answers)).toEqual({
      "401 AUTH_WRONG_PASSWORD": 100,
      "429 AUTH_TOO_MANY_REQUESTS": 20,
    });
  });

  it("applies a batch once when it reaches both, and pages the change feed across both", async () => {
    const user = await signUpVerified(server);
    const [first, second] = balanced(user.client);
    const memoIds = Array.from({ length: 10 }, () => randomId());
    const batches = [memoIds.slice(0, 5), memoIds.slice(5)].map((ids) => ({
      ops: ids.flatMap((id, index) => [
        {
          kind: "memo.create",
          opId: newOpId(),
          input: { id, folderId: "root", title: `memo ${id}`, contents: `<p>${index}</p>` },
        },
        { kind: "memo.review", opId: newOpId(), memoId: id, reviewedAt: Date.now(), value: 2 },
      ]),
    }));
    // Each batch sent to both processes at once: a retry that overtook the first attempt.
    const answers = await Promise.all(
      batches.flatMap((batch) => [
        first.post("/api/sync/ops", batch),
        second.post("/api/sync/ops", batch),
      ]),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(new Set(answer.body.results.map((r: { status: string }) => r.status))).toEqual(
        new Set(["applied"]),
      );
    }

    // Pages of 3 from alternating processes, each continuing the other's cursor.
    const seen: string[] = [];
    const reviewCounts = new Map<string, number>();
    let cursor: string | undefined;
    for (let page = 0; ; page += 1) {
      const reader = page % 2 === 0 ? first : second;
      const query = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : "?limit=3";
      const answer = await reader.get(`/api/sync/changes${query}`);
      expect(answer.status).toBe(200);
      for (const memo of answer.body.memos) {
        seen.push(memo.id);
        reviewCounts.set(memo.id, memo.reviewCount);
      }
      cursor = answer.body.nextCursor;
      if (!answer.body.hasMore) break;
    }
    expect(seen.sort()).toEqual([...memoIds].sort());
    expect(new Set(reviewCounts.values())).toEqual(new Set([1]));

    // A change written through one process is in the feed read through the other.
    const [changed] = memoIds;
    expect(
      (await second.post(`/api/memos/${changed}/reviews`, { opId: newOpId(), value: 1 })).status,
    ).toBe(200);
    const after = await first.get(`/api/sync/changes?cursor=${encodeURIComponent(cursor ?? "")}`);
    expect(after.body.memos.map((memo: { id: string }) => memo.id)).toEqual([changed]);
    expect(after.body.memos[0].reviewCount).toBe(2);
  });
});
