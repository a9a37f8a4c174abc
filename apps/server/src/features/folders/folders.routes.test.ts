import { repetitionDueKey } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, countRows } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

let server: TestServer;
let alice: { client: TestClient; userId: string };
let bob: { client: TestClient; userId: string };
let clock = Date.UTC(2026, 10, 23, 3, 0, 0);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

const MEMO_CONTENTS = "<p>내용</p>";

async function storedFolder(userId: string, id: string) {
  return server.db.kysely
    .selectFrom("folders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

describe("GET /api/folders", () => {
  it("creates the root folder on first use, once", async () => {
    const { client, userId } = await signUpVerified(server);
    const first = await client.get("/api/folders");
    expect(first.status).toBe(200);
    expect(first.body.folders).toEqual([
      expect.objectContaining({
        id: "root",
        title: "",
        sideNavPinned: true,
        isInRoot: true,
        parentFolderId: null,
        dateRepetitionValue: 5,
        readRepetitionValue: 5,
        showAtHomeReviewList: true,
        sortingMethod: "latest",
      }),
    ]);
    await client.get("/api/folders");
    expect(await countRows(server, "folders", userId)).toBe(1);
  });

  it("lists pinned folders first, then by order, with the tree derived from parent links", async () => {
    const { client } = await signUpVerified(server);
    const a = await buildFolder(client, { title: "가" });
    const b = await buildFolder(client, { title: "나", pinned: true });
    const a1 = await buildFolder(client, { title: "가-1", parentFolderId: a.id });
    const a11 = await buildFolder(client, { title: "가-1-1", parentFolderId: a1.id });
    const response = await client.get("/api/folders");
    expect(response.status).toBe(200);
    const folders = response.body.folders as Array<Record<string, unknown>>;
    expect(folders.map((f) => f.id)).toEqual([b.id, "root", a.id, a1.id, a11.id]);
    expect(folders.map((f) => f.order)).toEqual([2, 0, 1, 3, 4]);
    const byId = new Map(folders.map((f) => [f.id, f]));
    expect(byId.get(a.id)).toMatchObject({
      subFolderIds: [a1.id],
      nodeFolderIds: [a1.id, a11.id],
      isInRoot: true,
      parentFolderLocation: "",
    });
    expect(byId.get(a11.id)).toMatchObject({
      parentFolderId: a1.id,
      isInRoot: false,
      subFolderIds: [],
      parentFolderLocation: `${a.id}/${a1.id}`,
    });
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/folders");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});

describe("POST /api/folders", () => {
  it("creates a folder with its settings and defaults", async () => {
    const response = await alice.client.post("/api/folders", {
      title: "  한국어 단어장  ",
      description: "매일 복습",
      sortingMethod: "repetition_value",
      dateRepetitionValue: 2.5,
      enableFlashCardFeature: true,
      isCategoryFolder: true,
    });
    expect(response.status).toBe(201);
    const { folder } = response.body;
    expect(folder).toMatchObject({
      title: "한국어 단어장",
      description: "매일 복습",
      sortingMethod: "repetition_value",
      dateRepetitionValue: 2.5,
      readRepetitionValue: 5,
      enableFlashCardFeature: true,
      isCategoryFolder: true,
      showAtHomeReviewList: true,
      pinned: false,
      parentFolderId: null,
      createdAt: clock,
      updatedAt: clock,
    });
    expect(folder.id).toMatch(/^[A-Za-z]{20}$/);
    const again = await alice.client.get(`/api/folders/${folder.id}`);
    expect(again.body.folder).toEqual(folder);
  });

  it("puts a new folder after the others", async () => {
    const { client } = await signUpVerified(server);
    const first = await buildFolder(client, { title: "첫째" });
    const second = await buildFolder(client, { title: "둘째" });
    expect(second.order).toBeGreaterThan(first.order);
  });

  it("answers the existing folder for a repeated client id, storing it once", async () => {
    const { client, userId } = await signUpVerified(server);
    const body = { id: "offlineFolderId00001", title: "오프라인" };
    const first = await client.post("/api/folders", body);
    expect(first.status).toBe(201);
    const second = await client.post("/api/folders", { ...body, title: "다른 제목" });
    expect(second.status).toBe(200);
    expect(second.body.folder).toEqual(first.body.folder);
    // The user's root folder and this one.
    expect(await countRows(server, "folders", userId)).toBe(2);
  });

  it("lets two users use the same client id", async () => {
    const body = { id: "sharedClientIdAAAAAA", title: "같은 아이디" };
    expect((await alice.client.post("/api/folders", body)).status).toBe(201);
    expect((await bob.client.post("/api/folders", body)).status).toBe(201);
  });

  it.each([
    [{ title: "   " }, "title"],
    [{}, "title"],
    [{ title: "x", sortingMethod: "random" }, "sortingMethod"],
    [{ title: "x", dateRepetitionValue: "5" }, "dateRepetitionValue"],
    [{ title: "x", dateRepetitionValue: -1 }, "dateRepetitionValue"],
    [{ title: "x", pinned: 1 }, "pinned"],
    [{ title: "x", id: "root" }, "id"],
    [{ title: "x", id: "has space" }, "id"],
  ])("refuses %j with VALIDATION_FAILED at %s and stores nothing", async (body, path) => {
    const before = await countRows(server, "folders", alice.userId);
    const response = await alice.client.post("/api/folders", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
    expect(await countRows(server, "folders", alice.userId)).toBe(before);
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's parent folder", async () => {
    const bobs = await buildFolder(bob.client, { title: "밥의 폴더" });
    const response = await alice.client.post("/api/folders", {
      title: "침입",
      parentFolderId: bobs.id,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
    const children = await server.db.kysely
      .selectFrom("folders")
      .select("id")
      .where("parent_folder_id", "=", bobs.id)
      .execute();
    expect(children).toEqual([]);
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().post("/api/folders", { title: "x" });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});

describe("GET /api/folders/:folderId", () => {
  it("answers the folder", async () => {
    const folder = await buildFolder(alice.client, { title: "읽기" });
    const response = await alice.client.get(`/api/folders/${folder.id}`);
    expect(response.status).toBe(200);
    expect(response.body.folder).toMatchObject({ id: folder.id, title: "읽기" });
  });

  it("answers the root folder even before the folder list was read", async () => {
    const { client } = await signUpVerified(server);
    const response = await client.get("/api/folders/root");
    expect(response.status).toBe(200);
    expect(response.body.folder).toMatchObject({ id: "root", sideNavPinned: true });
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder, without its data", async () => {
    const bobs = await buildFolder(bob.client, { title: "비밀" });
    const response = await alice.client.get(`/api/folders/${bobs.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
    expect(JSON.stringify(response.body)).not.toContain("비밀");
  });

  it("answers 400 VALIDATION_FAILED for a malformed id", async () => {
    const response = await alice.client.get("/api/folders/bad%20id");
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(
      expect.objectContaining({ path: "folderId" }),
    );
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/folders/root");
    expect(response.status).toBe(401);
  });
});

describe("PATCH /api/folders/:folderId", () => {
  it("changes the title and every setting", async () => {
    const folder = await buildFolder(alice.client);
    clock += 1000;
    const changes = {
      title: "새 제목",
      description: "설명",
      sortingMethod: "priority",
      dateRepetitionValue: 3,
      readRepetitionValue: 2,
      pinned: true,
      sideNavPinned: true,
      enableCompletionFeature: true,
      enableCompletionFeatureWithCompletedMemosOnly: true,
      enableFlashCardFeature: true,
      showSortingValues: true,
      showReviewCount: true,
      showAtHomeReviewList: false,
      isCategoryFolder: true,
    };
    const response = await alice.client.patch(`/api/folders/${folder.id}`, changes);
    expect(response.status).toBe(200);
    expect(response.body.folder).toMatchObject({ ...changes, updatedAt: clock });
    const again = await alice.client.get(`/api/folders/${folder.id}`);
    expect(again.body.folder).toEqual(response.body.folder);
  });

  it("updates the memos' due keys and home values with the date repetition value", async () => {
    const folder = await buildFolder(alice.client, { dateRepetitionValue: 5 });
    const memo = await buildMemo(alice.client, { folderId: folder.id, contents: MEMO_CONTENTS });
    await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: "folder-drv-1", value: 1.5 });
    const hide = await alice.client.patch(`/api/folders/${folder.id}`, {
      dateRepetitionValue: 7.25,
      showAtHomeReviewList: false,
    });
    expect(hide.status).toBe(200);
    let row = await server.db.kysely
      .selectFrom("memos")
      .select(["due_key", "home_rv"])
      .where("user_id", "=", alice.userId)
      .where("id", "=", memo.id)
      .executeTakeFirstOrThrow();
    expect(row.due_key).toBe(repetitionDueKey(memo.createdAt, 7.25, 1.5));
    expect(row.home_rv).toBeNull();
    await alice.client.patch(`/api/folders/${folder.id}`, { showAtHomeReviewList: true });
    row = await server.db.kysely
      .selectFrom("memos")
      .select(["due_key", "home_rv"])
      .where("user_id", "=", alice.userId)
      .where("id", "=", memo.id)
      .executeTakeFirstOrThrow();
    expect(row.home_rv).toBe(7.25);
  });

  it("moves a folder under another and back to the top", async () => {
    const parent = await buildFolder(alice.client, { title: "부모" });
    const child = await buildFolder(alice.client, { title: "자식" });
    const moved = await alice.client.patch(`/api/folders/${child.id}`, {
      parentFolderId: parent.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.folder).toMatchObject({ parentFolderId: parent.id, isInRoot: false });
    const parentNow = await alice.client.get(`/api/folders/${parent.id}`);
    expect(parentNow.body.folder.subFolderIds).toEqual([child.id]);
    const top = await alice.client.patch(`/api/folders/${child.id}`, { parentFolderId: null });
    expect(top.body.folder).toMatchObject({ parentFolderId: null, isInRoot: true });
    expect((await storedFolder(alice.userId, child.id))?.is_in_root).toBe(1);
  });

  it("answers 400 FOLDER_CYCLE when moving a folder under its own descendant", async () => {
    const top = await buildFolder(alice.client, { title: "위" });
    const middle = await buildFolder(alice.client, { title: "중간", parentFolderId: top.id });
    const bottom = await buildFolder(alice.client, { title: "아래", parentFolderId: middle.id });
    for (const target of [bottom.id, top.id]) {
      const response = await alice.client.patch(`/api/folders/${top.id}`, {
        parentFolderId: target,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("FOLDER_CYCLE");
    }
    expect((await storedFolder(alice.userId, top.id))?.parent_folder_id).toBeNull();
  });

  it("answers 400 FOLDER_ROOT_IMMUTABLE when giving the root folder a parent", async () => {
    const folder = await buildFolder(alice.client);
    const response = await alice.client.patch("/api/folders/root", { parentFolderId: folder.id });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("FOLDER_ROOT_IMMUTABLE");
  });

  it.each([
    [{}, ""],
    [{ unknown: 1 }, ""],
    [{ title: "" }, "title"],
    [{ showAtHomeReviewList: "yes" }, "showAtHomeReviewList"],
    [{ sortingMethod: "newest" }, "sortingMethod"],
  ])("refuses %j with VALIDATION_FAILED and changes nothing", async (body, path) => {
    const folder = await buildFolder(alice.client, { title: "그대로" });
    const response = await alice.client.patch(`/api/folders/${folder.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
    const again = await alice.client.get(`/api/folders/${folder.id}`);
    expect(again.body.folder).toEqual(folder);
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder and leaves it alone", async () => {
    const bobs = await buildFolder(bob.client, { title: "밥" });
    const response = await alice.client.patch(`/api/folders/${bobs.id}`, { title: "앨리스" });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
    expect((await storedFolder(bob.userId, bobs.id))?.title).toBe("밥");
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder as the new parent", async () => {
    const bobs = await buildFolder(bob.client);
    const mine = await buildFolder(alice.client);
    const response = await alice.client.patch(`/api/folders/${mine.id}`, {
      parentFolderId: bobs.id,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().patch("/api/folders/root", { title: "x" });
    expect(response.status).toBe(401);
  });
});

describe("PUT /api/folders/order", () => {
  it("gives each listed folder its position as order", async () => {
    const { client } = await signUpVerified(server);
    const a = await buildFolder(client, { title: "가" });
    const b = await buildFolder(client, { title: "나" });
    const c = await buildFolder(client, { title: "다" });
    const response = await client.put("/api/folders/order", {
      folderIds: [c.id, a.id, "root", b.id],
    });
    expect(response.status).toBe(200);
    expect(response.body.folders.map((f: { id: string }) => f.id)).toEqual([
      c.id,
      a.id,
      "root",
      b.id,
    ]);
    const listed = await client.get("/api/folders");
    expect(listed.body.folders.map((f: { order: number }) => f.order)).toEqual([0, 1, 2, 3]);
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder and changes nothing", async () => {
    const mine = await buildFolder(alice.client);
    const bobs = await buildFolder(bob.client);
    const before = await storedFolder(alice.userId, mine.id);
    const response = await alice.client.put("/api/folders/order", {
      folderIds: [mine.id, bobs.id],
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
    expect((await storedFolder(alice.userId, mine.id))?.sort_order).toBe(before?.sort_order);
    expect((await storedFolder(bob.userId, bobs.id))?.sort_order).toBe(bobs.order);
  });

  it.each([[{ folderIds: [] }], [{ folderIds: ["a", "a"] }], [{ folderIds: "a" }], [{}]])(
    "refuses %j with VALIDATION_FAILED",
    async (body) => {
      const response = await alice.client.put("/api/folders/order", body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      expect(response.body.error.details[0].path).toBe("folderIds");
    },
  );

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().put("/api/folders/order", { folderIds: ["root"] });
    expect(response.status).toBe(401);
  });
});

describe("DELETE /api/folders/:folderId", () => {
  it("deletes the folder, its sub-folders at every depth and all their memos", async () => {
    const { client, userId } = await signUpVerified(server);
    const keep = await buildFolder(client, { title: "남김" });
    const kept = await buildMemo(client, {
      folderId: keep.id,
      title: "남는 메모",
      contents: MEMO_CONTENTS,
    });
    const top = await buildFolder(client, { title: "삭제" });
    const sub = await buildFolder(client, { title: "하위", parentFolderId: top.id });
    const subsub = await buildFolder(client, { title: "하위2", parentFolderId: sub.id });
    const memos = [
      await buildMemo(client, { folderId: top.id, contents: MEMO_CONTENTS }),
      await buildMemo(client, { folderId: sub.id, contents: MEMO_CONTENTS }),
      await buildMemo(client, { folderId: subsub.id, contents: MEMO_CONTENTS }),
    ];
    await client.post(`/api/memos/${memos[2].id}/reviews`, { opId: "delete-cascade-1" });
    expect(await countRows(server, "memo_reviews", userId)).toBe(1);

    const response = await client.delete(`/api/folders/${top.id}`);
    expect(response.status).toBe(204);

    for (const id of [top.id, sub.id, subsub.id]) {
      expect((await client.get(`/api/folders/${id}`)).status).toBe(404);
    }
    for (const memo of memos) expect((await client.get(`/api/memos/${memo.id}`)).status).toBe(404);
    expect((await client.get(`/api/memos/${kept.id}`)).status).toBe(200);
    expect(await countRows(server, "memos", userId)).toBe(1);
    expect(await countRows(server, "memo_reviews", userId)).toBe(0);
    // The root folder and the one kept.
    expect(await countRows(server, "folders", userId)).toBe(2);
  });

  it("answers 400 FOLDER_ROOT_IMMUTABLE for the root folder", async () => {
    await alice.client.get("/api/folders");
    const response = await alice.client.delete("/api/folders/root");
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("FOLDER_ROOT_IMMUTABLE");
    expect(await storedFolder(alice.userId, "root")).toBeDefined();
  });

  it("answers 400 VALIDATION_FAILED for a malformed id", async () => {
    const response = await alice.client.delete("/api/folders/%E2%9C%93");
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(
      expect.objectContaining({ path: "folderId" }),
    );
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder and keeps it", async () => {
    const bobs = await buildFolder(bob.client);
    const response = await alice.client.delete(`/api/folders/${bobs.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
    expect(await storedFolder(bob.userId, bobs.id)).toBeDefined();
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const folder = await buildFolder(alice.client);
    const response = await server.client().delete(`/api/folders/${folder.id}`);
    expect(response.status).toBe(401);
    expect(await storedFolder(alice.userId, folder.id)).toBeDefined();
  });
});
