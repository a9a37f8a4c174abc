// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { SyncChangesResponse, SyncedMemo } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { bodySize, cacheDb, deleteCache, openCache, readMeta } from "./cache";
import { newFolder } from "./local-writes";
import { storeFeedPage } from "./sync-pull";

// A page of the change feed reads back the body and search text only of memos the device held
// before it: a first download's memos are all new, and those reads of missing keys were an
// eighth of its time.

const USER = "feed-page-user";
const NOW = 1_795_435_200_000;

function synced(id: string, contents: string, tags: string[] = []): SyncedMemo {
  const {
    reviewedDates: _r,
    completedDates: _c,
    ...memo
  } = serverMemo({
    id,
    contents,
    tags,
    createdAt: NOW,
    updatedAt: NOW,
  });
  return memo;
}

function page(memos: SyncedMemo[], cursor: string): SyncChangesResponse {
  return {
    folders: [],
    memos,
    deletions: [],
    nextCursor: cursor,
    hasMore: false,
    remaining: 0,
    serverTime: NOW,
  };
}

/** Keys asked for by bulk reads (IndexedDB getMany), per store, counted below Dexie. */
const readKeys: Record<string, string[]> = {};

beforeAll(async () => {
  openCache(USER, "피드");
  // Before the database opens: Dexie builds its middleware stack when it opens.
  cacheDb().use({
    stack: "dbcore",
    name: "count-reads",
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          getMany: (request) => {
            readKeys[name] = [...(readKeys[name] ?? []), ...(request.keys as string[])];
            return table.getMany(request);
          },
        };
      },
    }),
  });
  await cacheDb().folders.put(newFolder({ id: "folder", title: "폴더", createdAt: NOW }));
});

afterAll(async () => {
  await deleteCache(USER);
});

function resetReads(): void {
  for (const name of Object.keys(readKeys)) delete readKeys[name];
}

describe("storeFeedPage", () => {
  it("reads no body or search text back for memos the device did not hold", async () => {
    resetReads();
    await storeFeedPage(
      cacheDb(),
      page([synced("m1", "<p>하나</p>", ["a"]), synced("m2", "<p>둘 two</p>")], "c1"),
    );
    expect(readKeys.memos).toEqual(["m1", "m2"]);
    expect(readKeys.bodies ?? []).toEqual([]);
    expect(readKeys.searchText ?? []).toEqual([]);
    expect(await readMeta("bodyBytes")).toBe(bodySize("<p>하나</p>") + bodySize("<p>둘 two</p>"));
    expect((await cacheDb().searchText.get("m2"))?.text.body).toBe("둘 two");
    expect(await readMeta("cursor")).toBe("c1");
  });

  it("reads them back for a memo it held, so its old body leaves the budget", async () => {
    resetReads();
    await storeFeedPage(
      cacheDb(),
      page([synced("m1", "<p>하나 고침</p>", ["b"]), synced("m3", "<p>셋</p>")], "c2"),
    );
    expect(readKeys.bodies).toEqual(["m1"]);
    expect(readKeys.searchText).toEqual(["m1"]);
    expect(await readMeta("bodyBytes")).toBe(
      bodySize("<p>하나 고침</p>") + bodySize("<p>둘 two</p>") + bodySize("<p>셋</p>"),
    );
    expect((await cacheDb().searchText.get("m1"))?.text).toMatchObject({
      body: "하나 고침",
      tags: ["b"],
    });
  });
});
