// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterAll, describe, expect, it } from "vitest";
import { deleteCache, deleteMemos, openCache, readMeta } from "./cache";
import { cacheDbName } from "./cache-db";
import { readMemoDetail } from "./local-reads";
import { searchHits } from "./local-search";
import { memoTables } from "./memo-bundles";
import { searchEntries } from "./search-entry";

const USER = "upgrade-user";
const USER_4 = "upgrade-user-4";

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
  await deleteCache(USER_4);
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

describe("a cache made before bundles (version 4)", () => {
  it("reads, searches and deletes its memos of one record each, as before", async () => {
    const old = new Dexie(cacheDbName(USER_4));
    old.version(4).stores({
      folders: "id",
      memos: "id, folderId, [homeRv+dueKey], *tags",
      bodies: "id, storedAt",
      outbox: "++seq, targetId",
      rejected: "++id",
      drafts: "key",
      meta: "key",
      search: "id",
      searchText: "id",
      uploads: "id, queuedAt",
      trash: "key, trashedAt",
    });
    const stored = memo("kept", "지난 메모");
    const contents = "<p>포도 grape</p>";
    const { entry, text } = searchEntries(stored, contents);
    await old.table("memos").put(stored);
    await old.table("bodies").put({ id: "kept", contents, size: 34, storedAt: 1 });
    await old.table("search").put(entry);
    await old.table("searchText").put(text);
    await old.table("meta").bulkPut([
      { key: "isComplete", value: true },
      { key: "bodyBytes", value: 34 },
    ]);
    old.close();

    const db = openCache(USER_4, "업그레이드");
    expect(await readMeta("isComplete")).toBe(true);
    expect((await readMemoDetail("kept"))?.contents).toBe(contents);
    expect((await searchHits({ q: "grape" })).map((hit) => hit.id)).toEqual(["kept"]);
    await db.transaction("rw", memoTables(db), () => deleteMemos(db, ["kept"]));
    expect(await readMemoDetail("kept")).toBeUndefined();
    expect(await readMeta("bodyBytes")).toBe(0);
  });
});
