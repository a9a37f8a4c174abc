import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

// PRODUCT.md › Undo: the inverse of a completion and of an un-completion, by the opId of the
// change undone, once however often it is sent.

/** 2026-11-23 03:00 UTC. */
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);

let server: TestServer;
let alice: { client: TestClient; userId: string };
let bob: { client: TestClient; userId: string };
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

async function memoOf(client: TestClient, memoId: string) {
  return (await client.get(`/api/memos/${memoId}`)).body.memo;
}

/** A memo of Alice's completed at T0+1s and T0+2s; answers it and both completion opIds. */
async function twiceCompleted() {
  const memo = await buildMemo(alice.client, { folderId: "root" });
  const ops = [newOpId("c"), newOpId("c")];
  for (const [index, opId] of ops.entries()) {
    clock = T0 + (index + 1) * 1000;
    await alice.client.post(`/api/memos/${memo.id}/complete`, { opId });
  }
  clock = T0 + 10_000;
  return { memo, ops: ops as [string, string] };
}

describe("DELETE /api/memos/:memoId/completions/:opId", () => {
  it("undoes that completion, not the latest, once however often it is sent", async () => {
    const { memo, ops } = await twiceCompleted();
    const url = `/api/memos/${memo.id}/completions/${ops[0]}`;
    const undone = await alice.client.delete(url);
    expect(undone.status).toBe(200);
    expect(undone.body.memo).toMatchObject({ completedCount: 1, isCompleted: true });
    const again = await alice.client.delete(url);
    expect(again.body.memo.completedCount).toBe(1);
    // A replay of the completion itself stays undone.
    await alice.client.post(`/api/memos/${memo.id}/complete`, { opId: ops[0] });
    expect((await memoOf(alice.client, memo.id)).completedDates).toEqual([T0 + 2000]);
    clock = T0;
  });

  it("answers 404 COMPLETION_NOT_FOUND for an opId of no completion of this memo", async () => {
    const { ops } = await twiceCompleted();
    const other = await buildMemo(alice.client, { folderId: "root" });
    for (const opId of [ops[0], newOpId("none")]) {
      const response = await alice.client.delete(`/api/memos/${other.id}/completions/${opId}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("COMPLETION_NOT_FOUND");
    }
    clock = T0;
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo and leaves it", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root" });
    const opId = newOpId("bob");
    await bob.client.post(`/api/memos/${bobs.id}/complete`, { opId });
    const response = await alice.client.delete(`/api/memos/${bobs.id}/completions/${opId}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    expect((await memoOf(bob.client, bobs.id)).completedCount).toBe(1);
  });

  it("refuses a malformed opId and answers 401 when signed out", async () => {
    const { memo, ops } = await twiceCompleted();
    const bad = await alice.client.delete(`/api/memos/${memo.id}/completions/x`);
    expect(bad.status).toBe(400);
    const signedOut = await server.client().delete(`/api/memos/${memo.id}/completions/${ops[0]}`);
    expect(signedOut.status).toBe(401);
    expect((await memoOf(alice.client, memo.id)).completedCount).toBe(2);
    clock = T0;
  });
});

describe("DELETE /api/memos/:memoId/uncompletions/:opId", () => {
  it("makes the removed completion count again at its own time, once", async () => {
    const { memo } = await twiceCompleted();
    const uncompleteOp = newOpId("u");
    await alice.client.post(`/api/memos/${memo.id}/uncomplete`, { opId: uncompleteOp });
    expect((await memoOf(alice.client, memo.id)).completedDates).toEqual([T0 + 1000]);
    clock = T0 + 20_000;
    const url = `/api/memos/${memo.id}/uncompletions/${uncompleteOp}`;
    const undone = await alice.client.delete(url);
    expect(undone.status).toBe(200);
    expect(undone.body.memo).toMatchObject({ completedCount: 2, isCompleted: true });
    await alice.client.delete(url);
    // A replay of the un-complete changes nothing either.
    await alice.client.post(`/api/memos/${memo.id}/uncomplete`, { opId: uncompleteOp });
    const after = await memoOf(alice.client, memo.id);
    expect(after.completedCount).toBe(2);
    expect(after.completedDates).toEqual([T0 + 1000, T0 + 2000]);
    clock = T0;
  });

  it("answers 404 COMPLETION_NOT_FOUND for an opId of no un-complete of this memo", async () => {
    const { memo, ops } = await twiceCompleted();
    // A completion's opId is not an un-complete's.
    const response = await alice.client.delete(`/api/memos/${memo.id}/uncompletions/${ops[1]}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("COMPLETION_NOT_FOUND");
    clock = T0;
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo and 401 when signed out", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root" });
    await bob.client.post(`/api/memos/${bobs.id}/complete`, { opId: newOpId("bob") });
    const opId = newOpId("bob");
    await bob.client.post(`/api/memos/${bobs.id}/uncomplete`, { opId });
    const response = await alice.client.delete(`/api/memos/${bobs.id}/uncompletions/${opId}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    const signedOut = await server.client().delete(`/api/memos/${bobs.id}/uncompletions/${opId}`);
    expect(signedOut.status).toBe(401);
    expect((await memoOf(bob.client, bobs.id)).completedCount).toBe(0);
  });
});

describe("POST /api/sync/ops with completion undos", () => {
  it("applies memo.complete.undo and memo.uncomplete.undo once when a batch is sent twice", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const completeOp = newOpId("c");
    const uncompleteOp = newOpId("u");
    const ops = [
      { kind: "memo.complete", opId: completeOp, memoId: memo.id, completedAt: T0 + 1000 },
      { kind: "memo.complete", opId: newOpId("c"), memoId: memo.id, completedAt: T0 + 2000 },
      {
        kind: "memo.complete.undo",
        opId: newOpId("cu"),
        memoId: memo.id,
        completionOpId: completeOp,
      },
      { kind: "memo.uncomplete", opId: uncompleteOp, memoId: memo.id },
      {
        kind: "memo.uncomplete.undo",
        opId: newOpId("uu"),
        memoId: memo.id,
        uncompleteOpId: uncompleteOp,
      },
    ];
    for (let send = 0; send < 2; send += 1) {
      const response = await alice.client.post("/api/sync/ops", { ops });
      expect(response.status).toBe(200);
      expect(response.body.results.map((result: { status: string }) => result.status)).toEqual(
        ops.map(() => "applied"),
      );
      const after = await memoOf(alice.client, memo.id);
      expect(after.completedCount).toBe(1);
      expect(after.completedDates).toEqual([T0 + 2000]);
    }
  });
});
