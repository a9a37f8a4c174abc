import { DAY_MS, ROOT_FOLDER_ID, repetitionDueKey, TRASH_RETENTION_MS } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import { purgeExpiredTrash } from "./trash.service.js";

// PRODUCT.md › Trash, over HTTP on the test engine (SQLite or PostgreSQL).

const T0 = Date.parse("2026-11-20T09:00:00Z");
let clock = T0;
const now = () => clock;

let server: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer({ now });
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

async function trash(client: TestClient) {
  const response = await client.get("/api/trash");
  expect(response.status).toBe(200);
  return response.body.items as Array<Record<string, unknown>>;
}

async function restore(client: TestClient, body: Record<string, unknown>) {
  return client.post("/api/trash/restore", body);
}

/** Every memo id the user can reach through the reads that list memos. */
async function liveReads(client: TestClient, folderId: string, word: string) {
  const list = (await client.get(`/api/folders/${folderId}/memos`)).body.memos;
  const home = (await client.get("/api/home/review-list")).body;
  const queue = (await client.get("/api/review/queue")).body.memos;
  const found = (await client.get(`/api/search?q=${encodeURIComponent(word)}`)).body.results;
  const tags = (await client.get("/api/tags")).body.tags;
  const calendar = (await client.get("/api/calendar?from=2026-11-01&to=2026-11-30")).body.days;
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  return {
    list: ids(list),
    home: ids(home.memos),
    homeTotal: home.total as number,
    queue: ids(queue),
    search: ids(found),
    tags: tags.map((tag: { tag: string }) => tag.tag) as string[],
    calendar: (calendar as Array<{ created: Array<{ id: string }>; reviewed: unknown[] }>).flatMap(
      (day) => [...day.created.map((memo) => memo.id), ...day.reviewed.map(() => "review")],
    ),
  };
}

describe("DELETE /api/memos/:memoId → the trash", () => {
  it("hides the memo from every read and restores it with its reviews and FSRS state", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client, { title: "단어장", scheduler: "fsrs" });
    const memo = await buildMemo(client, {
      folderId: folder.id,
      title: "휴지통 apple",
      tags: ["과일"],
    });
    clock = T0 + DAY_MS;
    await client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId(), grade: 3 });
    const before = (await client.get(`/api/memos/${memo.id}`)).body.memo;
    expect(before.reviewCount).toBe(1);
    expect((await liveReads(client, folder.id, "apple")).search).toEqual([memo.id]);

    clock = T0 + 2 * DAY_MS;
    expect((await client.delete(`/api/memos/${memo.id}`)).status).toBe(204);
    expect((await client.get(`/api/memos/${memo.id}`)).status).toBe(404);
    expect(await liveReads(client, folder.id, "apple")).toEqual({
      list: [],
      home: [],
      homeTotal: 0,
      queue: [],
      search: [],
      tags: [],
      calendar: [],
    });
    expect(await trash(client)).toEqual([
      {
        kind: "memo",
        id: memo.id,
        title: "휴지통 apple",
        trashedAt: clock,
        folderId: folder.id,
        folderTitle: "단어장",
        memoCount: 1,
      },
    ]);

    const restored = await restore(client, { kind: "memo", id: memo.id, opId: newOpId() });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ folderId: folder.id });
    clock = T0 + DAY_MS; // retrievability is read at the time of the read
    const after = (await client.get(`/api/memos/${memo.id}`)).body.memo;
    expect(after).toMatchObject({
      folderId: folder.id,
      reviewCount: 1,
      fsrs: before.fsrs,
      tags: ["과일"],
    });
    const reads = await liveReads(client, folder.id, "apple");
    expect(reads).toMatchObject({ list: [memo.id], search: [memo.id], tags: ["과일"] });
    expect(reads.calendar.sort()).toEqual([memo.id, "review"].sort());
    expect(await trash(client)).toEqual([]);
    clock = T0;
  });

  it("sends the delete and the restore through the change feed", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const memo = await buildMemo(client, { folderId: folder.id });
    const start = (await client.get("/api/sync/changes")).body.nextCursor;
    await client.delete(`/api/memos/${memo.id}`);
    const deleted = (await client.get(`/api/sync/changes?cursor=${start}`)).body;
    expect(deleted.deletions).toEqual([{ kind: "memo", id: memo.id }]);
    await restore(client, { kind: "memo", id: memo.id });
    const back = (await client.get(`/api/sync/changes?cursor=${deleted.nextCursor}`)).body;
    expect(back.memos.map((m: { id: string }) => m.id)).toEqual([memo.id]);
    expect(back.deletions).toEqual([]);
  });

  it("puts a memo whose folder was deleted for good in the root folder", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const memo = await buildMemo(client, { folderId: folder.id });
    await client.delete(`/api/memos/${memo.id}`);
    await client.delete(`/api/folders/${folder.id}`);
    expect((await client.delete(`/api/trash/folder/${folder.id}`)).status).toBe(204);
    const response = await restore(client, { kind: "memo", id: memo.id });
    expect(response.body).toEqual({ folderId: ROOT_FOLDER_ID });
    expect((await client.get(`/api/memos/${memo.id}`)).body.memo.folderId).toBe(ROOT_FOLDER_ID);
  });

  it("gives a restored memo the keys of its folder's settings now, not those at the delete", async () => {
    const { client, userId } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const memo = await buildMemo(client, { folderId: folder.id });
    await client.delete(`/api/memos/${memo.id}`);
    const changed = await client.patch(`/api/folders/${folder.id}`, {
      dateRepetitionValue: 5,
      showAtHomeReviewList: false,
    });
    expect(changed.status).toBe(200);
    expect((await restore(client, { kind: "memo", id: memo.id })).status).toBe(200);
    const row = await server.db.kysely
      .selectFrom("memos")
      .select(["due_key", "home_rv", "created_at", "accumulated_review_value"])
      .where("user_id", "=", userId)
      .where("id", "=", memo.id)
      .executeTakeFirstOrThrow();
    expect(row.due_key).toBe(repetitionDueKey(row.created_at, 5, row.accumulated_review_value));
    expect(row.home_rv).toBeNull();
    const home = (await client.get("/api/home/review-list")).body.memos as Array<{ id: string }>;
    expect(home.map((row) => row.id)).not.toContain(memo.id);
  });

  it("applies a replayed restore once and refuses an opId of another operation", async () => {
    const folder = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, { folderId: folder.id });
    await alice.client.delete(`/api/memos/${memo.id}?opId=${newOpId()}`);
    const opId = newOpId("restore");
    expect((await restore(alice.client, { kind: "memo", id: memo.id, opId })).status).toBe(200);
    await alice.client.delete(`/api/memos/${memo.id}`);
    // The replay does not bring it back a second time: it stays in the trash.
    const replay = await restore(alice.client, { kind: "memo", id: memo.id, opId });
    expect(replay.status).toBe(200);
    expect((await alice.client.get(`/api/memos/${memo.id}`)).status).toBe(404);
    const other = await restore(alice.client, { kind: "folder", id: folder.id, opId });
    expect(other.body.error.code).toBe("OP_ID_CONFLICT");
    expect((await restore(alice.client, { kind: "memo", id: memo.id })).status).toBe(200);
  });
});

describe("POST /api/trash/restore of a memo whose undone completion's opId was reused", () => {
  // Found by fuzz.test.ts (seed 297933527, PostgreSQL): the restore answered 500 on the unique
  // (user_id, undo_op_id) of memo_completions.
  it("restores it, its completion's undo under a new opId, and keeps the other memo's", async () => {
    const folder = await buildFolder(alice.client, { enableCompletionFeature: true });
    const first = await buildMemo(alice.client, { folderId: folder.id });
    const second = await buildMemo(alice.client, { folderId: folder.id });
    const undoOpId = newOpId("uncomplete");
    const complete = (memoId: string) =>
      alice.client.post(`/api/memos/${memoId}/complete`, { opId: newOpId() });
    const uncomplete = (memoId: string) =>
      alice.client.post(`/api/memos/${memoId}/uncomplete`, { opId: undoOpId });
    expect((await complete(first.id)).status).toBe(200);
    expect((await uncomplete(first.id)).status).toBe(200);
    await alice.client.delete(`/api/memos/${first.id}`);
    // With the first memo's rows in the trash, the same un-complete opId is free for another memo.
    expect((await complete(second.id)).status).toBe(200);
    expect((await uncomplete(second.id)).status).toBe(200);

    const restored = await restore(alice.client, { kind: "memo", id: first.id });
    expect(restored.status).toBe(200);
    const back = (await alice.client.get(`/api/memos/${first.id}`)).body.memo;
    expect(back).toMatchObject({ completedCount: 0, isCompleted: false });
    const other = (await alice.client.get(`/api/memos/${second.id}`)).body.memo;
    expect(other).toMatchObject({ completedCount: 0, isCompleted: false });
    // The opId still names the second memo's un-complete: undoing it completes that memo again.
    const undo = await alice.client.delete(`/api/memos/${second.id}/uncompletions/${undoOpId}`);
    expect(undo.status).toBe(200);
    expect((await alice.client.get(`/api/memos/${second.id}`)).body.memo.completedCount).toBe(1);
    expect((await alice.client.get(`/api/memos/${first.id}`)).body.memo.completedCount).toBe(0);
  });
});

describe("POST /api/sync/ops memo.delete and memo.restore", () => {
  it("applies a replayed delete and restore once each", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const memo = await buildMemo(client, { folderId: folder.id });
    const remove = { kind: "memo.delete", opId: newOpId("del"), memoId: memo.id };
    const back = { kind: "memo.restore", opId: newOpId("back"), memoId: memo.id };
    const first = await client.post("/api/sync/ops", { ops: [remove, back] });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual([
      "applied",
      "applied",
    ]);
    // The same batch again (a retry after a lost answer) changes nothing: the memo stays live.
    const replay = await client.post("/api/sync/ops", { ops: [remove, back] });
    expect(replay.status).toBe(200);
    expect((await client.get(`/api/memos/${memo.id}`)).status).toBe(200);
    expect(await trash(client)).toEqual([]);
  });
});

describe("DELETE /api/folders/:folderId → the trash", () => {
  it("trashes the folder with its sub-folders and memos, and restores them together", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client, { title: "상위" });
    const child = await buildFolder(client, { title: "하위", parentFolderId: folder.id });
    const one = await buildMemo(client, { folderId: folder.id });
    const two = await buildMemo(client, { folderId: child.id });
    await client.post(`/api/memos/${two.id}/complete`, { opId: newOpId() });
    await client.delete(`/api/folders/${folder.id}`);
    expect((await client.get(`/api/folders/${child.id}`)).status).toBe(404);
    expect((await client.get(`/api/memos/${two.id}`)).status).toBe(404);
    expect(await trash(client)).toMatchObject([
      { kind: "folder", id: folder.id, title: "상위", folderId: null, memoCount: 2 },
    ]);
    const response = await restore(client, { kind: "folder", id: folder.id });
    expect(response.body).toEqual({ folderId: null });
    const folders = (await client.get("/api/folders")).body.folders as Array<{ id: string }>;
    expect(folders.map((f) => f.id)).toEqual(expect.arrayContaining([folder.id, child.id]));
    expect((await client.get(`/api/memos/${one.id}`)).status).toBe(200);
    expect((await client.get(`/api/memos/${two.id}`)).body.memo.completedCount).toBe(1);
  });
});

describe("DELETE /api/trash and /api/trash/:kind/:id", () => {
  it("deletes for good: a create sent again does not bring the memo back", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const memo = await buildMemo(client, { folderId: folder.id, id: "kept-id-0001" });
    await client.delete(`/api/memos/${memo.id}`);
    await client.delete(`/api/memos/${memo.id}`);
    const opId = newOpId("empty");
    expect((await client.delete(`/api/trash?opId=${opId}`)).status).toBe(204);
    expect((await client.delete(`/api/trash?opId=${opId}`)).status).toBe(204);
    expect(await trash(client)).toEqual([]);
    expect((await restore(client, { kind: "memo", id: memo.id })).status).toBe(404);
    const again = await client.post("/api/memos", { folderId: folder.id, id: memo.id, title: "x" });
    expect(again.status).toBe(410);
    expect((await client.delete(`/api/trash/memo/${memo.id}`)).status).toBe(204);
    expect((await client.delete("/api/trash/memo/never-there")).status).toBe(404);
  });

  it("never touches another user's trash: 404 for their ids", async () => {
    const folder = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, { folderId: folder.id });
    await alice.client.delete(`/api/memos/${memo.id}`);
    expect(await trash(bob.client)).toEqual([]);
    expect((await restore(bob.client, { kind: "memo", id: memo.id })).status).toBe(404);
    expect((await bob.client.delete(`/api/trash/memo/${memo.id}`)).status).toBe(404);
    expect((await bob.client.delete("/api/trash")).status).toBe(204);
    expect((await trash(alice.client)).map((item) => item.id)).toContain(memo.id);
  });

  it("requires a session", async () => {
    const anonymous = server.client();
    expect((await anonymous.get("/api/trash")).status).toBe(401);
    expect((await anonymous.delete("/api/trash")).status).toBe(401);
  });
});

describe("the 30-day sweep", () => {
  it("deletes for good what was trashed more than 30 days ago, and nothing newer", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const old = await buildMemo(client, { folderId: folder.id, title: "old" });
    const recent = await buildMemo(client, { folderId: folder.id, title: "recent" });
    clock = T0;
    await client.delete(`/api/memos/${old.id}`);
    clock = T0 + 10 * DAY_MS;
    await client.delete(`/api/memos/${recent.id}`);
    clock = T0 + TRASH_RETENTION_MS + 1;
    expect(await purgeExpiredTrash({ db: server.db, now })).toBeGreaterThanOrEqual(1);
    const left = (await trash(client)).map((item) => item.id);
    expect(left).toEqual([recent.id]);
    expect((await restore(client, { kind: "memo", id: old.id })).status).toBe(404);
    clock = T0;
  });
});
