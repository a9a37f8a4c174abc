import { randomId } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, countRows, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";

// The outbox pushed in batches: each op applied in order as its single route would, once per
// opId, a refused op stopping nothing, an unexpected failure stopping the rest for a later try.

const T0 = Date.UTC(2026, 10, 25, 3, 0, 0);

let server: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;
let clock = T0;
/** Calls of the clock so far, and the call that fails (an unexpected error), if any. */
let clockCalls = 0;
let failingClockCall: number | null = null;

beforeAll(async () => {
  server = await startTestServer({
    now: () => {
      clockCalls += 1;
      if (clockCalls === failingClockCall) throw new Error("the clock failed (test)");
      return clock;
    },
  });
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

type Op = { kind: string; opId: string } & Record<string, unknown>;

function pushOps(client: TestClient, ops: Op[]) {
  return client.post("/api/sync/ops", { ops });
}

/** Pushes ops that must all be applied; answers their results. */
async function pushApplied(client: TestClient, ops: Op[]) {
  const response = await pushOps(client, ops);
  expect(response.status).toBe(200);
  expect(response.body.results.map((r: { status: string }) => r.status)).toEqual(
    ops.map(() => "applied"),
  );
  return response.body.results;
}

async function memoOf(client: TestClient, memoId: string) {
  const response = await client.get(`/api/memos/${memoId}`);
  expect(response.status).toBe(200);
  return response.body.memo;
}

describe("POST /api/sync/ops", () => {
  it("applies a mixed batch in order: a new memo created, edited and reviewed at once", async () => {
    const memoId = randomId();
    const folderId = randomId();
    const ops: Op[] = [
      { kind: "folder.create", opId: newOpId(), input: { id: folderId, title: "단어장" } },
      {
        kind: "memo.create",
        opId: newOpId(),
        input: { id: memoId, folderId: "root", title: "처음", contents: "<p>본문</p>" },
      },
      {
        kind: "memo.update",
        opId: newOpId(),
        memoId,
        baseRevision: 1,
        input: { title: "고친 제목", tags: ["한국어"] },
      },
      { kind: "memo.move", opId: newOpId(), memoId, folderId },
      { kind: "memo.review", opId: newOpId(), memoId, reviewedAt: T0 - 1000, value: 3 },
      { kind: "memo.complete", opId: newOpId(), memoId, completedAt: T0 - 500 },
      { kind: "memo.priority", opId: newOpId(), memoId, delta: 1 },
      { kind: "folder.update", opId: newOpId(), folderId, input: { title: "English words" } },
      { kind: "folder.order", opId: newOpId(), folderIds: [folderId, "root"] },
    ];
    const results = await pushApplied(alice.client, ops);
    expect(results.map((r: { opId: string }) => r.opId)).toEqual(ops.map((op) => op.opId));
    const [folder, created, updated, moved, reviewed, completed, priority, renamed, ordered] =
      results;
    expect(folder.folder).toMatchObject({ id: folderId, title: "단어장" });
    expect(created.memo).toMatchObject({ id: memoId, title: "처음", revision: 1 });
    expect(updated).toMatchObject({
      memo: { id: memoId, title: "고친 제목", tags: ["한국어"], revision: 2 },
      conflictCopy: null,
    });
    expect(moved.memo).toMatchObject({ folderId });
    expect(reviewed.memo).toMatchObject({ reviewCount: 1, accumulatedReviewValue: 3 });
    expect(reviewed.memo).not.toHaveProperty("contents");
    expect(completed.memo).toMatchObject({ completedCount: 1, isCompleted: true });
    expect(priority.memo.priority).toBe(1);
    expect(renamed.folder.title).toBe("English words");
    expect(ordered.folders.map((f: { id: string; order: number }) => [f.id, f.order])).toEqual(
      expect.arrayContaining([
        [folderId, 0],
        ["root", 1],
      ]),
    );

    expect(await memoOf(alice.client, memoId)).toMatchObject({
      title: "고친 제목",
      contents: "<p>본문</p>",
      folderId,
      reviewCount: 1,
      reviewedDates: [T0 - 1000],
      completedDates: [T0 - 500],
      priority: 1,
      revision: 2,
    });
  });

  it("applies a replayed batch once, answering applied again and changing nothing", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root", title: "원래" });
    const doomed = await buildMemo(alice.client, { folderId: "root", title: "지울 것" });
    const folder = await buildFolder(alice.client, { title: "옮길 곳" });
    const newMemoId = randomId();
    const ops: Op[] = [
      {
        kind: "memo.create",
        opId: newOpId(),
        input: { id: newMemoId, folderId: "root", title: "새 메모" },
      },
      { kind: "memo.review", opId: newOpId(), memoId: newMemoId },
      { kind: "memo.update", opId: newOpId(), memoId: memo.id, input: { title: "한 번" } },
      { kind: "memo.review", opId: newOpId(), memoId: memo.id },
      { kind: "memo.complete", opId: newOpId(), memoId: memo.id },
      { kind: "memo.uncomplete", opId: newOpId(), memoId: memo.id },
      { kind: "memo.priority", opId: newOpId(), memoId: memo.id, delta: -1 },
      { kind: "memo.move", opId: newOpId(), memoId: memo.id, folderId: folder.id },
      { kind: "folder.update", opId: newOpId(), folderId: folder.id, input: { pinned: true } },
      { kind: "folder.order", opId: newOpId(), folderIds: [folder.id, "root"] },
      { kind: "memo.delete", opId: newOpId(), memoId: doomed.id },
    ];
    const first = await pushApplied(alice.client, ops);
    const views = async () => ({
      memo: await memoOf(alice.client, memo.id),
      newMemo: await memoOf(alice.client, newMemoId),
      folders: (await alice.client.get("/api/folders")).body.folders,
      doomed: (await alice.client.get(`/api/memos/${doomed.id}`)).status,
      memos: await countRows(server, "memos", alice.userId),
      reviews: await countRows(server, "memo_reviews", alice.userId),
      completions: await countRows(server, "memo_completions", alice.userId),
    });
    const before = await views();
    expect(before.memo).toMatchObject({
      title: "한 번",
      revision: 2,
      reviewCount: 1,
      completedCount: 0,
      priority: -1,
      folderId: folder.id,
    });
    expect(before.newMemo.reviewCount).toBe(1);
    expect(before.doomed).toBe(404);

    // The answer was lost on the way: the client sends the same batch again.
    clock += 60_000;
    const replay = await pushApplied(alice.client, ops);
    expect(replay[0].memo).toEqual(before.newMemo);
    expect(first[0].memo).toMatchObject({ id: newMemoId, reviewCount: 0 });
    expect(replay[2].memo).toEqual(before.memo);
    expect(await views()).toEqual(before);
  });

  it("refuses an op its single route refuses and goes on with the later ones", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const ops: Op[] = [
      { kind: "memo.review", opId: newOpId(), memoId: memo.id },
      { kind: "memo.review", opId: newOpId(), memoId: "neverExistedMemoAAAA" },
      { kind: "memo.uncomplete", opId: newOpId(), memoId: memo.id },
      { kind: "folder.delete", opId: newOpId(), folderId: "root" },
      { kind: "memo.move", opId: newOpId(), memoId: memo.id, folderId: "neverExistedFolderA" },
      { kind: "memo.review", opId: newOpId(), memoId: memo.id },
    ];
    const response = await pushOps(alice.client, ops);
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      { opId: ops[0]?.opId, status: "applied", memo: expect.objectContaining({ reviewCount: 1 }) },
      { opId: ops[1]?.opId, status: "refused", code: "MEMO_NOT_FOUND" },
      { opId: ops[2]?.opId, status: "refused", code: "MEMO_NOT_COMPLETED" },
      { opId: ops[3]?.opId, status: "refused", code: "FOLDER_ROOT_IMMUTABLE" },
      { opId: ops[4]?.opId, status: "refused", code: "FOLDER_NOT_FOUND" },
      { opId: ops[5]?.opId, status: "applied", memo: expect.objectContaining({ reviewCount: 2 }) },
    ]);
    expect(await memoOf(alice.client, memo.id)).toMatchObject({ folderId: "root", reviewCount: 2 });
  });

  it("refuses an opId used for another memo with OP_ID_CONFLICT, as the single route does", async () => {
    const one = await buildMemo(alice.client, { folderId: "root" });
    const two = await buildMemo(alice.client, { folderId: "root", title: "둘" });
    const opId = newOpId("edit");
    const response = await pushOps(alice.client, [
      { kind: "memo.update", opId, memoId: one.id, input: { title: "하나" } },
      { kind: "memo.update", opId, memoId: two.id, input: { title: "바뀜" } },
    ]);
    expect(response.body.results.map((r: { status: string }) => r.status)).toEqual([
      "applied",
      "refused",
    ]);
    expect(response.body.results[1].code).toBe("OP_ID_CONFLICT");
    expect((await memoOf(alice.client, two.id)).title).toBe("둘");
  });

  it("refuses an op that fails validation with VALIDATION_FAILED and applies the others", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const ops: Op[] = [
      { kind: "memo.priority", opId: newOpId(), memoId: memo.id, delta: 1 },
      { kind: "memo.update", opId: newOpId(), memoId: memo.id, input: {} },
      { kind: "memo.priority", opId: newOpId(), memoId: memo.id, delta: 2 },
      { kind: "memo.review", opId: "short", memoId: memo.id },
      { kind: "memo.archive", opId: newOpId(), memoId: memo.id },
      { kind: "memo.update", opId: newOpId(), memoId: memo.id, input: { title: "a\u0000b" } },
      { kind: "memo.create", opId: newOpId(), input: { folderId: "root", title: "id 없음" } },
      { kind: "memo.review", opId: newOpId(), memoId: memo.id, reviewedAt: clock + 25 * 3.6e6 },
      { kind: "memo.priority", opId: newOpId(), memoId: memo.id, delta: 1 },
    ];
    const response = await pushOps(alice.client, ops);
    expect(response.status).toBe(200);
    const { results } = response.body;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      "applied",
      ...Array(7).fill("refused"),
      "applied",
    ]);
    for (const refused of results.slice(1, -1)) {
      expect(refused).toMatchObject({
        code: "VALIDATION_FAILED",
        details: [expect.objectContaining({ path: expect.any(String), issue: expect.any(String) })],
      });
    }
    expect(results[2].details).toEqual([expect.objectContaining({ path: "delta" })]);
    expect(results[5].details).toEqual([expect.objectContaining({ path: "input.title" })]);
    expect(results[6].details).toEqual([expect.objectContaining({ path: "input.id" })]);
    expect(results[7].details).toEqual([expect.objectContaining({ path: "reviewedAt" })]);
    expect(results[8].memo.priority).toBe(2);
    expect(await memoOf(alice.client, memo.id)).toMatchObject({ priority: 2, reviewCount: 0 });
  });

  it.each([
    ["no ops", { ops: [] }],
    ["101 ops", { ops: Array.from({ length: 101 }, () => ({ kind: "memo.delete", opId: "x" })) }],
    ["an op without an opId", { ops: [{ kind: "memo.delete", memoId: "abc" }] }],
    ["an op whose kind is no string", { ops: [{ kind: 1, opId: "op-12345678" }] }],
    ["an op that is no object", { ops: ["memo.delete"] }],
    ["no ops array", { op: [] }],
  ])("answers 400 VALIDATION_FAILED to a body with %s, applying nothing", async (_, body) => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const ops = (body as { ops?: unknown[] }).ops;
    if (ops?.length === 101) {
      ops[0] = { kind: "memo.priority", opId: newOpId(), memoId: memo.id, delta: 1 };
    }
    const response = await alice.client.post("/api/sync/ops", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect((await memoOf(alice.client, memo.id)).priority).toBe(0);
  });

  it("applies 100 ops in one request", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const ops = Array.from({ length: 100 }, () => ({
      kind: "memo.review",
      opId: newOpId("many"),
      memoId: memo.id,
    }));
    await pushApplied(alice.client, ops);
    expect((await memoOf(alice.client, memo.id)).reviewCount).toBe(100);
  });

  it("requires authentication", async () => {
    const client = server.client();
    const response = await pushOps(client, [
      { kind: "memo.delete", opId: newOpId(), memoId: "abcdefgh" },
    ]);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });

  it("requires the anti-forgery token", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const ops = [{ kind: "memo.priority", opId: newOpId(), memoId: memo.id, delta: 1 }];
    const response = await alice.client.request("POST", "/api/sync/ops", { ops }, { xsrf: false });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
    expect((await memoOf(alice.client, memo.id)).priority).toBe(0);
  });

  it("refuses another user's memo with MEMO_NOT_FOUND and leaves it unchanged", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root", title: "밥의 메모" });
    const before = await memoOf(bob.client, bobs.id);
    const memoId = bobs.id;
    const ops: Op[] = [
      { kind: "memo.update", opId: newOpId(), memoId, input: { title: "앨리스가 바꿈" } },
      { kind: "memo.review", opId: newOpId(), memoId },
      { kind: "memo.complete", opId: newOpId(), memoId },
      { kind: "memo.uncomplete", opId: newOpId(), memoId },
      { kind: "memo.priority", opId: newOpId(), memoId, delta: 1 },
      { kind: "memo.move", opId: newOpId(), memoId, folderId: "root" },
      { kind: "memo.delete", opId: newOpId(), memoId },
    ];
    const response = await pushOps(alice.client, ops);
    expect(response.status).toBe(200);
    for (const result of response.body.results) {
      expect(result).toEqual({
        opId: expect.any(String),
        status: "refused",
        code: "MEMO_NOT_FOUND",
      });
    }
    expect(JSON.stringify(response.body)).not.toContain("밥의 메모");
    expect(await memoOf(bob.client, bobs.id)).toEqual(before);
  });

  it("keeps the losing text as a conflict copy for an edit from an old revision", async () => {
    const memo = await buildMemo(alice.client, {
      folderId: "root",
      title: "공통",
      contents: "<p>처음</p>",
    });
    // Another device's edit reached the server first.
    await alice.client.patch(`/api/memos/${memo.id}`, { contents: "<p>기기 A</p>" });
    const op = {
      kind: "memo.update",
      opId: newOpId("deviceB"),
      memoId: memo.id,
      baseRevision: 1,
      input: { title: "B의 제목", contents: "<p>기기 B</p>" },
    };
    const [result] = await pushApplied(alice.client, [op]);
    expect(result.memo).toMatchObject({
      title: "B의 제목",
      contents: "<p>기기 B</p>",
      revision: 3,
    });
    expect(result.conflictCopy).toMatchObject({
      title: "공통",
      contents: "<p>기기 A</p>",
      conflictOf: memo.id,
      revision: 1,
    });
    expect(await memoOf(alice.client, result.conflictCopy.id)).toEqual(result.conflictCopy);
    // Sent again: no second copy.
    const [replay] = await pushApplied(alice.client, [op]);
    expect(replay).toMatchObject({ memo: result.memo, conflictCopy: null });
    const copies = await server.db.kysely
      .selectFrom("memos")
      .select("id")
      .where("user_id", "=", alice.userId)
      .where("conflict_of", "=", memo.id)
      .execute();
    expect(copies).toHaveLength(1);
  });

  it("adds up the reviews of two devices' batches, each review applied once", async () => {
    const folder = await buildFolder(alice.client, { readRepetitionValue: 2 });
    const memo = await buildMemo(alice.client, { folderId: folder.id });
    const review = (device: string, reviewedAt: number): Op => ({
      kind: "memo.review",
      opId: newOpId(device),
      memoId: memo.id,
      reviewedAt,
    });
    const phone = [review("phone", T0 - 4000), review("phone", T0 - 2000)];
    const laptop = [review("laptop", T0 - 3000), review("laptop", T0 - 1000)];
    // Both come online at once, and each sends its batch twice (a retry).
    await Promise.all(
      [phone, laptop, phone, laptop].map((batch) => pushApplied(alice.client, batch)),
    );
    expect(await memoOf(alice.client, memo.id)).toMatchObject({
      reviewCount: 4,
      accumulatedReviewValue: 8,
      lastReviewedAt: T0 - 1000,
      reviewedDates: [T0 - 4000, T0 - 3000, T0 - 2000, T0 - 1000],
    });
  });

  it("stops at an unexpected failure, answering it and the rest not-attempted", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const priority = (): Op => ({
      kind: "memo.priority",
      opId: newOpId(),
      memoId: memo.id,
      delta: 1,
    });
    // How often a batch of one reads the clock (session and op), to fail the 2nd op's first read.
    const callsOf = async (ops: Op[]) => {
      const start = clockCalls;
      await pushApplied(alice.client, ops);
      return clockCalls - start;
    };
    const one = await callsOf([priority()]);
    const perOp = (await callsOf([priority(), priority()])) - one;
    expect(perOp).toBeGreaterThan(0);
    const ops = [priority(), priority(), priority()];
    failingClockCall = clockCalls + one + 1;
    const response = await pushOps(alice.client, ops);
    failingClockCall = null;
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      { opId: ops[0]?.opId, status: "applied", memo: expect.objectContaining({ priority: 4 }) },
      { opId: ops[1]?.opId, status: "not-attempted" },
      { opId: ops[2]?.opId, status: "not-attempted" },
    ]);
    expect((await memoOf(alice.client, memo.id)).priority).toBe(4);
    // Sent again later, the whole batch goes through, the first op once.
    await pushApplied(alice.client, ops);
    expect((await memoOf(alice.client, memo.id)).priority).toBe(6);
  });
});
