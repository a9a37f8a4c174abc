import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

/** 2026-11-25 03:00 UTC. */
const T0 = Date.UTC(2026, 10, 25, 3, 0, 0);

let server: TestServer;
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

interface Page {
  folders: Array<{ id: string } & Record<string, unknown>>;
  memos: Array<{ id: string } & Record<string, unknown>>;
  deletions: Array<{ kind: "folder" | "memo"; id: string }>;
  nextCursor: string;
  hasMore: boolean;
  remaining: number;
  serverTime: number;
}

async function pullPage(client: TestClient, cursor: string | null, limit?: number): Promise<Page> {
  const query = new URLSearchParams();
  if (cursor !== null) query.set("cursor", cursor);
  if (limit !== undefined) query.set("limit", String(limit));
  const response = await client.get(`/api/sync/changes?${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

/** Every page from `cursor` on, checking each page's size and the progress figures. */
async function pullAll(client: TestClient, cursor: string | null, limit: number) {
  const pages: Page[] = [];
  let next = cursor;
  for (let guard = 0; guard < 200; guard++) {
    const page = await pullPage(client, next, limit);
    const size = page.folders.length + page.memos.length + page.deletions.length;
    expect(size).toBeLessThanOrEqual(limit);
    if (page.hasMore) expect(size).toBe(limit);
    else expect(page.remaining).toBe(0);
    expect(page.nextCursor).toEqual(expect.any(String));
    pages.push(page);
    next = page.nextCursor;
    if (!page.hasMore) break;
  }
  return {
    pages,
    cursor: next as string,
    folders: pages.flatMap((page) => page.folders),
    memos: pages.flatMap((page) => page.memos),
    deletions: pages.flatMap((page) => page.deletions),
  };
}

function ids(items: Array<{ id: string }>): string[] {
  return items.map((item) => item.id).sort();
}

function expectEachOnce(items: Array<{ id: string }>): void {
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
}

describe("GET /api/sync/changes", () => {
  it("downloads everything in pages of the limit, with the remaining count going down", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client, { title: "단어장" });
    const sub = await buildFolder(client, { title: "하위", parentFolderId: folder.id });
    const memos: Array<{ id: string } & Record<string, unknown>> = [];
    for (let i = 0; i < 7; i++) {
      memos.push(
        await buildMemo(client, {
          folderId: i % 2 === 0 ? folder.id : sub.id,
          title: `메모 ${i}`,
          contents: `<p>내용 ${i} content</p>`,
        }),
      );
    }
    const first = await pullPage(client, null, 3);
    // root + 2 folders + 7 memos = 10 changes.
    expect(first.hasMore).toBe(true);
    expect(first.remaining).toBe(7);

    const all = await pullAll(client, null, 3);
    expect(all.pages).toHaveLength(4);
    expect(all.pages.map((page) => page.remaining)).toEqual([7, 4, 1, 0]);
    expect(ids(all.folders)).toEqual(ids([{ id: "root" }, folder, sub]));
    expect(ids(all.memos)).toEqual(ids(memos));
    expect(all.deletions).toEqual([]);
    expectEachOnce(all.memos);
    const created = memos[3] as { id: string };
    const third = all.memos.find((memo) => memo.id === created.id);
    expect(third).toEqual({
      ...created,
      reviewedDates: undefined,
      completedDates: undefined,
    });
    expect(third).toMatchObject({
      contents: "<p>내용 3 content</p>",
      revision: 1,
      conflictOf: null,
    });
    expect(third).not.toHaveProperty("sortingValue");
    const listedSub = all.folders.find((f) => f.id === sub.id);
    expect(listedSub).toEqual((await client.get(`/api/folders/${sub.id}`)).body.folder);
    expect(all.pages.at(-1)?.serverTime).toBe(clock);
  });

  it("answers the changes after a cursor once each: edits, reviews, deletes and folder cascades", async () => {
    const { client } = await signUpVerified(server);
    const keep = await buildFolder(client, { title: "남길 폴더" });
    const doomed = await buildFolder(client, { title: "지울 폴더" });
    const doomedChild = await buildFolder(client, {
      title: "지울 하위",
      parentFolderId: doomed.id,
    });
    const edited = await buildMemo(client, { folderId: keep.id, title: "고칠 메모" });
    const reviewed = await buildMemo(client, { folderId: keep.id, title: "복습할 메모" });
    const untouched = await buildMemo(client, { folderId: keep.id, title: "그대로" });
    const deleted = await buildMemo(client, { folderId: keep.id, title: "지울 메모" });
    const inDoomed = await buildMemo(client, { folderId: doomed.id });
    const inDoomedChild = await buildMemo(client, { folderId: doomedChild.id });
    const { cursor } = await pullAll(client, null, 1000);

    clock += 1000;
    await client.patch(`/api/memos/${edited.id}`, { title: "첫 수정" });
    await client.patch(`/api/memos/${edited.id}`, {
      title: "두 번째 수정",
      contents: "<p>새 내용</p>",
    });
    await client.post(`/api/memos/${reviewed.id}/reviews`, { opId: newOpId() });
    await client.post(`/api/memos/${reviewed.id}/reviews`, { opId: newOpId() });
    await client.post(`/api/memos/${reviewed.id}/priority`, { opId: newOpId(), delta: 1 });
    expect((await client.delete(`/api/memos/${deleted.id}`)).status).toBe(204);
    expect((await client.delete(`/api/folders/${doomed.id}`)).status).toBe(204);
    const added = await buildFolder(client, { title: "새 폴더" });

    const changes = await pullAll(client, cursor, 1000);
    expect(ids(changes.folders)).toEqual([added.id]);
    expect(ids(changes.memos)).toEqual(ids([edited, reviewed]));
    expectEachOnce(changes.memos);
    expect(changes.memos.find((m) => m.id === edited.id)).toMatchObject({
      title: "두 번째 수정",
      contents: "<p>새 내용</p>",
      revision: 3,
    });
    expect(changes.memos.find((m) => m.id === reviewed.id)).toMatchObject({
      reviewCount: 2,
      priority: 1,
      revision: 1,
    });
    expect(changes.memos.some((m) => m.id === untouched.id)).toBe(false);
    expect(changes.deletions.map((d) => `${d.kind}:${d.id}`).sort()).toEqual(
      [
        `memo:${deleted.id}`,
        `folder:${doomed.id}`,
        `folder:${doomedChild.id}`,
        `memo:${inDoomed.id}`,
        `memo:${inDoomedChild.id}`,
      ].sort(),
    );

    // Nothing changed since: an empty page that keeps the position.
    const again = await pullPage(client, changes.cursor);
    expect(again).toMatchObject({ folders: [], memos: [], deletions: [], hasMore: false });
    expect(again.remaining).toBe(0);
    expect(again.nextCursor).toBe(changes.cursor);
  });

  it("does not re-send memos when only their folder's repetition value changes", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    await buildMemo(client, { folderId: folder.id });
    const { cursor } = await pullAll(client, null, 1000);
    await client.patch(`/api/folders/${folder.id}`, { dateRepetitionValue: 9 });
    const changes = await pullAll(client, cursor, 1000);
    expect(ids(changes.folders)).toEqual([folder.id]);
    expect(changes.folders[0]).toMatchObject({ dateRepetitionValue: 9 });
    expect(changes.memos).toEqual([]);
  });

  it("pages through many changes of one seq without losing or repeating one", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const memos: Array<{ id: string } & Record<string, unknown>> = [];
    for (let i = 0; i < 9; i++) memos.push(await buildMemo(client, { folderId: folder.id }));
    const { cursor } = await pullAll(client, null, 1000);
    // One delete: 10 tombstones at one seq.
    expect((await client.delete(`/api/folders/${folder.id}`)).status).toBe(204);
    const changes = await pullAll(client, cursor, 3);
    expect(changes.pages).toHaveLength(4);
    expect(changes.deletions).toHaveLength(10);
    expectEachOnce(changes.deletions);
    expect(ids(changes.deletions.filter((d) => d.kind === "memo"))).toEqual(ids(memos));
    // Feed order: the folder before its memos (kind), memos by id in code-unit order.
    expect(changes.deletions[0]).toEqual({ kind: "folder", id: folder.id });
    const memoIds = changes.deletions.slice(1).map((d) => d.id);
    expect(memoIds).toEqual([...memoIds].sort());
  });

  it("sends rows written before the change feed existed (seq 0) in the first download", async () => {
    const { client, userId } = await signUpVerified(server);
    await client.get("/api/folders");
    const at = Date.now();
    // Mixed-case ids: ties at one seq are ordered by code unit ('B' before 'a') on both engines.
    const old = ["aOld", "BOld", "cOld", "AOld", "bOld"].map((id) => `${id}${userId.slice(0, 8)}`);
    for (const id of old) {
      await server.db.kysely
        .insertInto("memos")
        .values({
          user_id: userId,
          id,
          folder_id: "root",
          title: id,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const all = await pullAll(client, null, 2);
    expect(ids(all.memos)).toEqual([...old].sort());
    expectEachOnce(all.memos);
    const seqZero = all.memos.map((memo) => memo.id);
    expect(seqZero).toEqual([...seqZero].sort());
  });

  it("refuses to create a deleted id again, so a deleted memo never comes back", async () => {
    const { client } = await signUpVerified(server);
    const body = { id: "recreatedMemoIdAAAAA", folderId: "root", title: "다시" };
    expect((await client.post("/api/memos", body)).status).toBe(201);
    expect((await client.delete(`/api/memos/${body.id}`)).status).toBe(204);
    const again = await client.post("/api/memos", body);
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("MEMO_DELETED");
    const all = await pullAll(client, null, 1000);
    expect(all.memos).toEqual([]);
    expect(all.deletions).toEqual([{ kind: "memo", id: body.id }]);
  });

  it("shows one user's changes to that user only", async () => {
    const alice = await signUpVerified(server);
    const bob = await signUpVerified(server);
    const alicesFolder = await buildFolder(alice.client);
    const alicesMemo = await buildMemo(alice.client, { folderId: alicesFolder.id });
    const bobsFolder = await buildFolder(bob.client);
    const bobsMemo = await buildMemo(bob.client, { folderId: bobsFolder.id });
    const gone = await buildMemo(bob.client, { folderId: bobsFolder.id });
    await bob.client.delete(`/api/memos/${gone.id}`);
    const all = await pullAll(alice.client, null, 1000);
    expect(ids(all.folders)).toEqual(ids([{ id: "root" }, alicesFolder]));
    expect(ids(all.memos)).toEqual([alicesMemo.id]);
    expect(all.deletions).toEqual([]);
    expect(all.memos.some((memo) => memo.id === bobsMemo.id)).toBe(false);
    // A cursor of another user's feed gives no access to it either.
    const bobs = await pullAll(bob.client, null, 1000);
    const fromBobsCursor = await pullPage(alice.client, bobs.cursor);
    expect(fromBobsCursor.memos.every((memo) => memo.userId === alice.userId)).toBe(true);
  });

  it("counts concurrent reviews of one memo and sends the memo once", async () => {
    const { client } = await signUpVerified(server);
    const memo = await buildMemo(client, { folderId: "root" });
    const { cursor } = await pullAll(client, null, 1000);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId() }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const changes = await pullAll(client, cursor, 1000);
    expect(changes.memos).toHaveLength(1);
    expect(changes.memos[0]).toMatchObject({ id: memo.id, reviewCount: 8 });
  });

  it.each([
    ["not base64 JSON", "not-a-cursor"],
    ["JSON of another shape", Buffer.from('{"v":1,"s":"x"}').toString("base64url")],
    [
      "a seq below the start",
      Buffer.from('{"v":1,"s":-2,"k":"memo","i":"a"}').toString("base64url"),
    ],
    ["an unknown kind", Buffer.from('{"v":1,"s":1,"k":"user","i":"a"}').toString("base64url")],
    [
      "an id with SQL",
      Buffer.from(`{"v":1,"s":1,"k":"memo","i":"a' or 1=1"}`).toString("base64url"),
    ],
    [
      "a list cursor",
      Buffer.from('{"v":1,"m":"latest","t":0,"k":[1],"id":"a"}').toString("base64url"),
    ],
  ])("refuses %s as cursor with VALIDATION_FAILED at cursor", async (_, cursor) => {
    const { client } = await signUpVerified(server);
    const response = await client.get(`/api/sync/changes?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toEqual([expect.objectContaining({ path: "cursor" })]);
  });

  it.each(["0", "1001", "ten"])("refuses limit=%s with VALIDATION_FAILED", async (limit) => {
    const { client } = await signUpVerified(server);
    const response = await client.get(`/api/sync/changes?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/sync/changes");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});
