// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterAll, describe, expect, it } from "vitest";
import { deleteCache, openCache, readMeta } from "./cache";
import { cacheDbName } from "./cache-db";
import { searchHits } from "./local-search";

const USER = "upgrade-user";

function memo(id: string, title: string) {
  return {
    id,
    title,
    folderId: "root",
    tags: ["옛 태그"],
    flashCardHint: "",
    updatedAt: 1,
    dueKey: 0,
  };
}

afterAll(async () => {
  await deleteCache(USER);
});

describe("a cache made before the search index (version 1)", () => {
  it("is downloaded again, keeping (and indexing) the memos with changes waiting", async () => {
    const old = new Dexie(cacheDbName(USER));
    old.version(1).stores({
      folders: "id",
      memos: "id, folderId, [homeRv+dueKey]",
      bodies: "id, storedAt",
      outbox: "++seq, targetId",
      rejected: "++id",
      drafts: "key",
      meta: "key",
    });
    await old
      .table("memos")
      .bulkPut([memo("synced", "동기화된 메모"), memo("waiting", "보낼 메모")]);
    await old.table("bodies").bulkPut([
      { id: "synced", contents: "<p>사과</p>", size: 20, storedAt: 1 },
      { id: "waiting", contents: "<p>바나나를 먹었다</p>", size: 30, storedAt: 1 },
    ]);
    await old
      .table("outbox")
      .add({ opId: "op1", op: {}, targetId: "waiting", queuedAt: 1, attempts: 0 });
    await old.table("meta").bulkPut([
      { key: "cursor", value: "c-1" },
      { key: "isComplete", value: true },
      { key: "bodyBytes", value: 50 },
    ]);
    old.close();

    const db = openCache(USER, "업그레이드");
    expect(await db.memos.toCollection().primaryKeys()).toEqual(["waiting"]);
    expect(await db.bodies.toCollection().primaryKeys()).toEqual(["waiting"]);
    expect(await readMeta("cursor")).toBeUndefined();
    expect(await readMeta("isComplete")).toBeUndefined();
    expect(await readMeta("bodyBytes")).toBe(30);
    expect((await searchHits({ q: "바나나" })).map((hit) => hit.id)).toEqual(["waiting"]);
    expect(await searchHits({ q: "사과" })).toEqual([]);
    expect(await db.memos.where("tags").equals("옛 태그").count()).toBe(1);
  });
});
