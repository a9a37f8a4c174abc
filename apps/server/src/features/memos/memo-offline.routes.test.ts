import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";

// What offline clients rely on: every memo write applied once per opId, edits from an old
// revision keeping the losing text as a conflict copy, and reviews from two devices adding up.

const T0 = Date.UTC(2026, 10, 25, 3, 0, 0);

let server: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

async function conflictCopiesOf(userId: string, memoId: string) {
  return server.db.kysely
    .selectFrom("memos")
    .select(["id", "title", "contents", "folder_id", "revision"])
    .where("user_id", "=", userId)
    .where("conflict_of", "=", memoId)
    .execute();
}

describe("memo answers", () => {
  it("carry revision 1 and conflictOf null for a new memo, in every shape", async () => {
    const folder = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, { folderId: folder.id });
    expect(memo).toMatchObject({ revision: 1, conflictOf: null });
    const listed = await alice.client.get(`/api/folders/${folder.id}/memos`);
    expect(listed.body.memos[0]).toMatchObject({ revision: 1, conflictOf: null });
    const reviewed = await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId() });
    expect(reviewed.body.memo).toMatchObject({ revision: 1, conflictOf: null });
  });
});

describe("POST /api/memos/:memoId/complete with completedAt", () => {
  it("records when an offline completion happened, once per opId", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const completedAt = T0 - 3 * 3_600_000;
    const opId = newOpId();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const done = await alice.client.post(`/api/memos/${memo.id}/complete`, { opId, completedAt });
      expect(done.status).toBe(200);
      expect(done.body.memo.completedCount).toBe(1);
    }
    const detail = await alice.client.get(`/api/memos/${memo.id}`);
    expect(detail.body.memo.completedDates).toEqual([completedAt]);
  });

  it("refuses a time more than a day ahead of the server's clock", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const ahead = await alice.client.post(`/api/memos/${memo.id}/complete`, {
      opId: newOpId(),
      completedAt: clock + 25 * 3_600_000,
    });
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [expect.objectContaining({ path: "completedAt" })],
    });
    const detail = await alice.client.get(`/api/memos/${memo.id}`);
    expect(detail.body.memo.completedCount).toBe(0);
  });
});

describe("PATCH /api/memos/:memoId with opId and baseRevision", () => {
  it("raises the revision only when the title or the contents change", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root", title: "제목" });
    const tagsOnly = await alice.client.patch(`/api/memos/${memo.id}`, { tags: ["태그"] });
    expect(tagsOnly.body).toEqual({
      memo: expect.objectContaining({ revision: 1 }),
      conflictCopy: null,
    });
    const sameTitle = await alice.client.patch(`/api/memos/${memo.id}`, { title: "제목" });
    expect(sameTitle.body.memo.revision).toBe(1);
    const newTitle = await alice.client.patch(`/api/memos/${memo.id}`, { title: "새 제목" });
    expect(newTitle.body.memo.revision).toBe(2);
    const newContents = await alice.client.patch(`/api/memos/${memo.id}`, {
      contents: "<p>본문</p>",
    });
    expect(newContents.body.memo.revision).toBe(3);
  });

  it("applies a replayed opId once and answers the memo's current state", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root", title: "원래" });
    const opId = newOpId("edit");
    const first = await alice.client.patch(`/api/memos/${memo.id}`, { opId, title: "한 번" });
    expect(first.status).toBe(200);
    expect(first.body.memo).toMatchObject({ title: "한 번", revision: 2 });
    await alice.client.patch(`/api/memos/${memo.id}`, { opId: newOpId("edit"), title: "나중" });
    for (let i = 0; i < 3; i++) {
      const replay = await alice.client.patch(`/api/memos/${memo.id}`, { opId, title: "한 번" });
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({
        memo: expect.objectContaining({ title: "나중", revision: 3 }),
        conflictCopy: null,
      });
    }
  });

  it("refuses an opId used for another memo with 409 OP_ID_CONFLICT and changes nothing", async () => {
    const one = await buildMemo(alice.client, { folderId: "root" });
    const two = await buildMemo(alice.client, { folderId: "root", title: "둘" });
    const opId = newOpId("edit");
    await alice.client.patch(`/api/memos/${one.id}`, { opId, title: "하나" });
    const response = await alice.client.patch(`/api/memos/${two.id}`, { opId, title: "바뀜" });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("OP_ID_CONFLICT");
    expect((await alice.client.get(`/api/memos/${two.id}`)).body.memo.title).toBe("둘");
  });

  it("keeps the earlier text as a conflict copy when two edits start from one revision", async () => {
    const folder = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "공통",
      contents: "<p>처음</p>",
      tags: ["단어"],
      flashCardHint: "힌트",
      category: "언어",
      priority: 3,
    });
    await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId() });
    // Device A's edit arrives first and wins for now.
    clock += 1000;
    const fromA = await alice.client.patch(`/api/memos/${memo.id}`, {
      opId: newOpId("deviceA"),
      baseRevision: 1,
      contents: "<p>기기 A</p>",
    });
    expect(fromA.body.conflictCopy).toBeNull();
    expect(fromA.body.memo).toMatchObject({ contents: "<p>기기 A</p>", revision: 2 });
    // Device B edited revision 1 as well: the later edit wins, A's text is kept as a copy.
    clock += 1000;
    const bOpId = newOpId("deviceB");
    const bEdit = { opId: bOpId, baseRevision: 1, title: "B의 제목", contents: "<p>기기 B</p>" };
    const fromB = await alice.client.patch(`/api/memos/${memo.id}`, bEdit);
    expect(fromB.status).toBe(200);
    expect(fromB.body.memo).toMatchObject({
      id: memo.id,
      title: "B의 제목",
      contents: "<p>기기 B</p>",
      revision: 3,
      reviewCount: 1,
      conflictOf: null,
    });
    const copy = fromB.body.conflictCopy;
    expect(copy).toMatchObject({
      title: "공통",
      contents: "<p>기기 A</p>",
      preview: "기기 A",
      folderId: folder.id,
      tags: ["단어"],
      flashCardHint: "힌트",
      category: "언어",
      conflictOf: memo.id,
      revision: 1,
      reviewCount: 0,
      accumulatedReviewValue: 0,
      reviewedDates: [],
      completedDates: [],
      priority: 0,
      createdAt: clock,
    });
    expect(copy.id).not.toBe(memo.id);
    expect((await alice.client.get(`/api/memos/${copy.id}`)).body.memo).toEqual(copy);

    // A replay of B's edit makes no second copy.
    const replay = await alice.client.patch(`/api/memos/${memo.id}`, bEdit);
    expect(replay.body).toEqual({ memo: fromB.body.memo, conflictCopy: null });
    expect(await conflictCopiesOf(alice.userId, memo.id)).toHaveLength(1);

    // An edit from the current revision is no conflict.
    const current = await alice.client.patch(`/api/memos/${memo.id}`, {
      opId: newOpId("deviceA"),
      baseRevision: 3,
      contents: "<p>최신에서</p>",
    });
    expect(current.body).toMatchObject({ memo: { revision: 4 }, conflictCopy: null });
    expect(await conflictCopiesOf(alice.userId, memo.id)).toHaveLength(1);
  });

  it("makes no copy when an old-revision edit leaves title and contents as stored", async () => {
    const memo = await buildMemo(alice.client, {
      folderId: "root",
      title: "같음",
      contents: "<p>x</p>",
    });
    await alice.client.patch(`/api/memos/${memo.id}`, { contents: "<p>y</p>" });
    const tagsOnly = await alice.client.patch(`/api/memos/${memo.id}`, {
      opId: newOpId(),
      baseRevision: 1,
      tags: ["다른 기기"],
    });
    expect(tagsOnly.body.conflictCopy).toBeNull();
    const sameText = await alice.client.patch(`/api/memos/${memo.id}`, {
      opId: newOpId(),
      baseRevision: 1,
      title: "같음",
      contents: "<p>y</p>",
    });
    expect(sameText.body.conflictCopy).toBeNull();
    expect(sameText.body.memo.revision).toBe(2);
    expect(await conflictCopiesOf(alice.userId, memo.id)).toHaveLength(0);
  });

  it("refuses a body with only opId and baseRevision with VALIDATION_FAILED", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.patch(`/api/memos/${memo.id}`, {
      opId: newOpId(),
      baseRevision: 1,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
  });

  it.each([{ baseRevision: 0 }, { baseRevision: 1.5 }, { opId: "short" }])(
    "refuses %j with VALIDATION_FAILED",
    async (extra) => {
      const memo = await buildMemo(alice.client, { folderId: "root" });
      const response = await alice.client.patch(`/api/memos/${memo.id}`, { title: "x", ...extra });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    },
  );
});

describe("POST /api/memos/:memoId/move with opId", () => {
  it("applies a replayed move once", async () => {
    const first = await buildFolder(alice.client, { title: "처음" });
    const second = await buildFolder(alice.client, { title: "다음" });
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId("move");
    expect(
      (await alice.client.post(`/api/memos/${memo.id}/move`, { opId, folderId: first.id })).status,
    ).toBe(200);
    await alice.client.post(`/api/memos/${memo.id}/move`, { opId: newOpId(), folderId: second.id });
    const replay = await alice.client.post(`/api/memos/${memo.id}/move`, {
      opId,
      folderId: first.id,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.memo.folderId).toBe(second.id);
  });
});

describe("DELETE /api/memos/:memoId?opId=", () => {
  it("answers 204 to a replay and to a delete of a deleted memo", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId("delete");
    expect((await alice.client.delete(`/api/memos/${memo.id}?opId=${opId}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/memos/${memo.id}?opId=${opId}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/memos/${memo.id}?opId=${newOpId()}`)).status).toBe(204);
    expect((await alice.client.get(`/api/memos/${memo.id}`)).status).toBe(404);
  });

  it("answers 409 OP_ID_CONFLICT when the delete's opId was used for another memo", async () => {
    const one = await buildMemo(alice.client, { folderId: "root" });
    const two = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId("delete");
    await alice.client.delete(`/api/memos/${one.id}?opId=${opId}`);
    const response = await alice.client.delete(`/api/memos/${two.id}?opId=${opId}`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("OP_ID_CONFLICT");
    expect((await alice.client.get(`/api/memos/${two.id}`)).status).toBe(200);
  });

  it("answers 404 MEMO_NOT_FOUND for another user's deleted memo", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root" });
    await bob.client.delete(`/api/memos/${bobs.id}`);
    const response = await alice.client.delete(`/api/memos/${bobs.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
  });

  it("refuses a malformed opId with VALIDATION_FAILED and keeps the memo", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.delete(`/api/memos/${memo.id}?opId=bad`);
    expect(response.status).toBe(400);
    expect((await alice.client.get(`/api/memos/${memo.id}`)).status).toBe(200);
  });
});

describe("POST /api/memos/:memoId/reviews from two devices", () => {
  it("adds up the reviews of both devices, each applied once however often it is sent", async () => {
    const folder = await buildFolder(alice.client, { readRepetitionValue: 2 });
    const memo = await buildMemo(alice.client, { folderId: folder.id });
    const phone = [
      { opId: newOpId("phone"), reviewedAt: T0 - 4000 },
      { opId: newOpId("phone"), reviewedAt: T0 - 2000 },
    ];
    const laptop = [
      { opId: newOpId("laptop"), reviewedAt: T0 - 3000 },
      { opId: newOpId("laptop"), reviewedAt: T0 - 1000 },
    ];
    const url = `/api/memos/${memo.id}/reviews`;
    // Both devices come online at once and each sends its outbox twice (a retry).
    await Promise.all(
      [...phone, ...laptop, ...phone, ...laptop].map((r) => alice.client.post(url, r)),
    );
    const { body } = await alice.client.get(`/api/memos/${memo.id}`);
    expect(body.memo).toMatchObject({
      reviewCount: 4,
      accumulatedReviewValue: 8,
      lastReviewedAt: T0 - 1000,
      reviewedDates: [T0 - 4000, T0 - 3000, T0 - 2000, T0 - 1000],
    });
  });
});
