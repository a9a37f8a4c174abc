import { randomId } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient, TestResponse } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";

// Replays: every change is applied once by its opId (creates by their opId and client id), so
// sending a change again, after any other change, changes nothing, also in the change feed, and
// never brings back what was deleted.

const T0 = Date.UTC(2026, 10, 25, 3, 0, 0);

let server: TestServer;
let user: SignedUpUser;
/** Ops sent again in the pair tables, printed at the end (the issue asks for the figure). */
let replaysTried = 0;

beforeAll(async () => {
  server = await startTestServer({ now: () => T0 });
  user = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
  console.info(`sync replays: ${replaysTried} ops sent again, nothing came back`);
});

type Op = { kind: string; opId: string } & Record<string, unknown>;

const KINDS = [
  "memo.create",
  "memo.update",
  "memo.move",
  "memo.delete",
  "memo.review",
  "memo.complete",
  "memo.uncomplete",
  "memo.priority",
  "folder.create",
  "folder.update",
  "folder.delete",
  "folder.order",
] as const;
type Kind = (typeof KINDS)[number];

/** What a pair's ops act on: the memo and folder (made by the first op when it creates one). */
interface Targets {
  memoId: string;
  folderId: string;
  otherFolderId: string;
}

function opOf(kind: Kind, targets: Targets, freshId: string): Op {
  const opId = newOpId("replay");
  const { memoId, folderId, otherFolderId } = targets;
  switch (kind) {
    case "memo.create":
      return { kind, opId, input: { id: freshId, folderId, title: "새 메모" } };
    case "memo.update":
      return { kind, opId, memoId, input: { title: `고침 ${opId}` } };
    case "memo.move":
      return { kind, opId, memoId, folderId: otherFolderId };
    case "memo.delete":
      return { kind, opId, memoId };
    case "memo.review":
      return { kind, opId, memoId, value: 1, reviewedAt: T0 };
    case "memo.complete":
      return { kind, opId, memoId, completedAt: T0 };
    case "memo.uncomplete":
      return { kind, opId, memoId };
    case "memo.priority":
      return { kind, opId, memoId, delta: 1 };
    case "folder.create":
      return { kind, opId, input: { id: freshId, title: "새 폴더" } };
    case "folder.update":
      return { kind, opId, folderId, input: { title: `고친 폴더 ${opId}` } };
    case "folder.delete":
      return { kind, opId, folderId };
    case "folder.order":
      return { kind, opId, folderIds: [otherFolderId, folderId] };
  }
}

/** The single route of an op, sent with the op's opId wherever the route takes one. */
function sendSingle(client: TestClient, op: Op): Promise<TestResponse> {
  const { kind, opId } = op;
  const memo = `/api/memos/${op.memoId as string}`;
  const folder = `/api/folders/${op.folderId as string}`;
  switch (kind as Kind) {
    case "memo.create":
      return client.post("/api/memos", op.input);
    case "memo.update":
      return client.patch(memo, { ...(op.input as object), opId });
    case "memo.move":
      return client.post(`${memo}/move`, { opId, folderId: op.folderId });
    case "memo.delete":
      return client.delete(`${memo}?opId=${opId}`);
    case "memo.review":
      return client.post(`${memo}/reviews`, { opId, value: op.value, reviewedAt: op.reviewedAt });
    case "memo.complete":
      return client.post(`${memo}/complete`, { opId, completedAt: op.completedAt });
    case "memo.uncomplete":
      return client.post(`${memo}/uncomplete`, { opId });
    case "memo.priority":
      return client.post(`${memo}/priority`, { opId, delta: op.delta });
    case "folder.create":
      return client.post("/api/folders", op.input);
    case "folder.update":
      return client.patch(folder, { ...(op.input as object), opId });
    case "folder.delete":
      return client.delete(`${folder}?opId=${opId}`);
    case "folder.order":
      return client.put("/api/folders/order", { opId, folderIds: op.folderIds });
  }
}

/** The cursor of everything the user's feed holds now. */
async function feedCursor(client: TestClient): Promise<string> {
  let cursor: string | null = null;
  for (;;) {
    const query: string = cursor === null ? "" : `?cursor=${encodeURIComponent(cursor)}`;
    const page = await client.get(`/api/sync/changes${query}`);
    expect(page.status).toBe(200);
    cursor = page.body.nextCursor as string;
    if (!page.body.hasMore) return cursor;
  }
}

/** Asserts the feed holds nothing after `cursor`: no folder, memo or deletion changed. */
async function expectNoChangeAfter(client: TestClient, cursor: string, pair = ""): Promise<void> {
  const page = await client.get(`/api/sync/changes?cursor=${encodeURIComponent(cursor)}`);
  expect(page.status).toBe(200);
  expect({ ...page.body, nextCursor: "", serverTime: 0 }, pair).toEqual({
    folders: [],
    memos: [],
    deletions: [],
    nextCursor: "",
    hasMore: false,
    remaining: 0,
    serverTime: 0,
  });
}

/**
 * A folder with a completed memo in it and another folder (one batch), as a pair's starting
 * point; the first op's create, when it is one, becomes the target instead.
 */
async function buildTargets(client: TestClient, first: Kind, firstId: string): Promise<Targets> {
  const folderId = randomId();
  const otherFolderId = randomId();
  const memoId = randomId();
  const setup: Op[] = [
    { kind: "folder.create", opId: newOpId(), input: { id: folderId, title: "폴더 F" } },
    { kind: "folder.create", opId: newOpId(), input: { id: otherFolderId, title: "폴더 G" } },
    { kind: "memo.create", opId: newOpId(), input: { id: memoId, folderId, title: "메모" } },
    { kind: "memo.complete", opId: newOpId(), memoId, completedAt: T0 },
  ];
  const response = await client.post("/api/sync/ops", { ops: setup });
  expect(response.body.results.map((r: { status: string }) => r.status)).toEqual(
    setup.map(() => "applied"),
  );
  return {
    memoId: first === "memo.create" ? firstId : memoId,
    folderId: first === "folder.create" ? firstId : folderId,
    otherFolderId,
  };
}

/** A replay's answer: the first answer, or (only when its target is gone since) not found. */
function expectReplayAnswer(
  first: { status: string; code?: string },
  replay: typeof first,
  pair: string,
) {
  if (replay.status === first.status && replay.code === first.code) return;
  expect(replay, pair).toMatchObject({
    status: "refused",
    code: expect.stringMatching(/^(MEMO_NOT_FOUND|FOLDER_NOT_FOUND)$/),
  });
}

describe("POST /api/sync/ops replayed", () => {
  it("brings nothing back: create X, review, delete X, create F, a memo in F, delete F, twice", async () => {
    const { client } = user;
    const memoId = randomId();
    const folderId = randomId();
    const innerId = randomId();
    const ops: Op[] = [
      { kind: "memo.create", opId: newOpId(), input: { id: memoId, folderId: "root", title: "X" } },
      { kind: "memo.review", opId: newOpId(), memoId, value: 1, reviewedAt: T0 },
      { kind: "memo.delete", opId: newOpId(), memoId },
      { kind: "folder.create", opId: newOpId(), input: { id: folderId, title: "F" } },
      { kind: "memo.create", opId: newOpId(), input: { id: innerId, folderId, title: "in F" } },
      { kind: "folder.delete", opId: newOpId(), folderId },
    ];
    const first = await client.post("/api/sync/ops", { ops });
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(
      ops.map(() => "applied"),
    );
    const cursor = await feedCursor(client);
    const again = await client.post("/api/sync/ops", { ops });
    expect(again.status).toBe(200);
    // The creates and deletes were applied before; the review's opId went with its memo's rows,
    // so it is refused as a review of a deleted memo is. Nothing comes back either way.
    expect(
      again.body.results.map((r: { status: string; code?: string }) => r.code ?? r.status),
    ).toEqual(["applied", "MEMO_NOT_FOUND", "applied", "applied", "applied", "applied"]);
    expect((await client.get(`/api/memos/${memoId}`)).status).toBe(404);
    expect((await client.get(`/api/memos/${innerId}`)).status).toBe(404);
    expect((await client.get(`/api/folders/${folderId}`)).status).toBe(404);
    await expectNoChangeAfter(client, cursor);
  });

  it("refuses a create under a new opId of an id deleted before (an outbox older than opIds)", async () => {
    const { client } = user;
    const memo = await buildMemo(client, { folderId: "root" });
    const folder = await buildFolder(client);
    expect((await client.delete(`/api/memos/${memo.id}`)).status).toBe(204);
    expect((await client.delete(`/api/folders/${folder.id}`)).status).toBe(204);
    const cursor = await feedCursor(client);
    const ops: Op[] = [
      {
        kind: "memo.create",
        opId: newOpId(),
        input: { id: memo.id, folderId: "root", title: "X" },
      },
      { kind: "folder.create", opId: newOpId(), input: { id: folder.id, title: "F" } },
    ];
    const response = await client.post("/api/sync/ops", { ops });
    expect(response.body.results).toEqual([
      { opId: ops[0]?.opId, status: "refused", code: "MEMO_DELETED" },
      { opId: ops[1]?.opId, status: "refused", code: "FOLDER_DELETED" },
    ]);
    await expectNoChangeAfter(client, cursor);
  });

  // One user per first kind, so the kinds run side by side and each feed holds one pair's changes.
  it.concurrent.each(KINDS)(
    "changes nothing when %s is sent again after any kind",
    async (first) => {
      const { client } = await signUpVerified(server);
      for (const second of KINDS) {
        const pair = `${first} replayed after ${second}`;
        const firstId = randomId();
        const targets = await buildTargets(client, first, firstId);
        const ops = [opOf(first, targets, firstId), opOf(second, targets, randomId())];
        const applied = await client.post("/api/sync/ops", { ops });
        expect(applied.status, pair).toBe(200);
        const answers = applied.body.results;
        expect(answers[0].status, pair).toBe("applied");
        const cursor = await feedCursor(client);
        const again = await client.post("/api/sync/ops", { ops });
        expect(again.status, pair).toBe(200);
        for (const [index, answer] of answers.entries()) {
          expectReplayAnswer(answer, again.body.results[index], pair);
        }
        await expectNoChangeAfter(client, cursor, pair);
        replaysTried += ops.length;
      }
    },
  );
});

describe("single routes replayed", () => {
  it.concurrent.each(KINDS)(
    "change nothing when %s is sent again after any kind",
    async (first) => {
      const { client } = await signUpVerified(server);
      for (const second of KINDS) {
        const pair = `${first} replayed after ${second}`;
        const firstId = randomId();
        const targets = await buildTargets(client, first, firstId);
        const ops = [opOf(first, targets, firstId), opOf(second, targets, randomId())];
        const statuses = [];
        for (const op of ops) statuses.push((await sendSingle(client, op)).status);
        expect(statuses[0], pair).toBeLessThan(300);
        const cursor = await feedCursor(client);
        for (const [index, op] of ops.entries()) {
          const response = await sendSingle(client, op);
          // A create is idempotent by its id: 200 again, or 410 once the thing was deleted.
          expect([statuses[index], 200, 404, 410], pair).toContain(response.status);
          if (response.status >= 400)
            expect(response.body.error.code, pair).toEqual(expect.any(String));
        }
        await expectNoChangeAfter(client, cursor, pair);
        replaysTried += ops.length;
      }
    },
  );
});
