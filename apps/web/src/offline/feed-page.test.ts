// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { SyncChangesResponse, SyncedMemo } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serverMemo } from "../test/memos";
import {
  cacheDb,
  deleteCache,
  evictBodies,
  indexMemos,
  openCache,
  putBodies,
  readMemosWithTexts,
  readMeta,
} from "./cache";
import { bodySize, type CachedMemo } from "./cache-db";
import { readMemoDetail } from "./local-reads";
import { searchHits } from "./local-search";
import { newFolder } from "./local-writes";
import { memoTables } from "./memo-bundles";
import { searchEntries } from "./search-entry";
import { forgetSearchIndex } from "./search-memory";
import { evictBodiesOverBudget, type HeldMemos, storeFeedPage } from "./sync-pull";
import { storeServerMemos } from "./sync-store";
import { wrapTables } from "./wrap-tables";

// A page of the change feed stores the memos new to the device with their copies in bundles
// (memo-bundles.ts), reading nothing of theirs back, and a held memo record by record; the
// rules that keep a bundle's older copy from coming back.

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
  wrapTables(cacheDb(), "count-reads", (table) => ({
    ...table,
    getMany: (request) => {
      readKeys[table.name] = [...(readKeys[table.name] ?? []), ...(request.keys as string[])];
      return table.getMany(request);
    },
  }));
  await cacheDb().folders.put(newFolder({ id: "folder", title: "폴더", createdAt: NOW }));
});

afterAll(async () => {
  await deleteCache(USER);
});

function resetReads(): void {
  for (const name of Object.keys(readKeys)) delete readKeys[name];
}

async function recordCounts(): Promise<Record<string, number>> {
  const db = cacheDb();
  const tables = [db.memos, db.bodies, db.search, db.searchText, db.bodyBundles, db.textBundles];
  return Object.fromEntries(
    await Promise.all(tables.map(async (table) => [table.name, await table.count()])),
  );
}

async function findsIds(q: string): Promise<string[]> {
  return (await searchHits({ q })).map((hit) => hit.id).sort();
}

describe("storeFeedPage", () => {
  it("stores memos new to the device in bundles, reading nothing of theirs back", async () => {
    resetReads();
    await storeFeedPage(
      cacheDb(),
      page([synced("m1", "<p>하나</p>", ["a"]), synced("m2", "<p>둘 two</p>")], "c1"),
    );
    expect(readKeys.memos).toEqual(["m1", "m2"]);
    expect(readKeys.bodies ?? []).toEqual([]);
    expect(readKeys.searchText ?? []).toEqual([]);
    // Two memos, one record of each kind of copy: none of a memo of its own.
    expect(await recordCounts()).toMatchObject({
      memos: 2,
      bodies: 0,
      search: 0,
      searchText: 0,
      bodyBundles: 1,
      textBundles: 1,
    });
    expect(await readMeta("bodyBytes")).toBe(bodySize("<p>하나</p>") + bodySize("<p>둘 two</p>"));
    expect((await readMemoDetail("m2"))?.contents).toBe("<p>둘 two</p>");
    expect((await readMemosWithTexts(cacheDb(), ["m2"]))[0]?.text?.text.body).toBe("둘 two");
    expect(await findsIds("two")).toEqual(["m2"]);
    expect(await readMeta("cursor")).toBe("c1");
  });

  it("puts a newer copy of a held memo in records of its own, which win over its bundle's", async () => {
    resetReads();
    await storeFeedPage(
      cacheDb(),
      page([synced("m1", "<p>하나 고침</p>", ["b"]), synced("m3", "<p>셋</p>")], "c2"),
    );
    expect(readKeys.bodies).toEqual(["m1"]);
    expect(readKeys.searchText).toEqual(["m1"]);
    // The bundle's older copy of m1 stays stored (and counted) until its bundle goes.
    expect(await readMeta("bodyBytes")).toBe(
      bodySize("<p>하나</p>") +
        bodySize("<p>둘 two</p>") +
        bodySize("<p>하나 고침</p>") +
        bodySize("<p>셋</p>"),
    );
    expect((await readMemoDetail("m1"))?.contents).toBe("<p>하나 고침</p>");
    expect((await readMemosWithTexts(cacheDb(), ["m1"]))[0]?.text?.text).toMatchObject({
      body: "하나 고침",
      tags: ["b"],
    });
    expect(await findsIds("하나")).toEqual(["m1"]);
    expect(await findsIds("고침")).toEqual(["m1"]);
  });

  it("keeps a bundled memo's text when a change brings its list fields alone", async () => {
    const db = cacheDb();
    const memo = await db.memos.get("m2");
    await db.transaction("rw", memoTables(db), () =>
      indexMemos(db, [{ memo: { ...(memo as CachedMemo), title: "새 제목" } }]),
    );
    expect((await readMemosWithTexts(db, ["m2"]))[0]?.text?.text).toMatchObject({
      title: "새 제목",
      body: "둘 two",
    });
    expect(await findsIds("two")).toEqual(["m2"]);
  });

  it("never shows a bundle's older body once the newer one is evicted", async () => {
    const db = cacheDb();
    await db.transaction("rw", memoTables(db), () => evictBodies(db, ["m1"]));
    expect(await readMemoDetail("m1")).toBeUndefined();
    expect(await readMeta("bodyBytes")).toBe(bodySize("<p>둘 two</p>") + bodySize("<p>셋</p>"));
    // Its text stays: an evicted memo is still found.
    expect(await findsIds("고침")).toEqual(["m1"]);
  });

  it("takes a deleted memo out of its bundle, and a bundle left empty goes", async () => {
    await storeFeedPage(cacheDb(), {
      ...page([], "c3"),
      deletions: [
        { kind: "memo", id: "m2" },
        { kind: "memo", id: "m3" },
      ],
    });
    expect(await readMeta("bodyBytes")).toBe(0);
    expect(await findsIds("two")).toEqual([]);
    expect(await findsIds("셋")).toEqual([]);
    expect(await recordCounts()).toMatchObject({ memos: 1, bodyBundles: 0 });
    // m1's search copy in the first bundle keeps that bundle's text record until m1 goes.
    forgetSearchIndex();
    expect(await findsIds("고침")).toEqual(["m1"]);
    expect(await findsIds("two")).toEqual([]);
  });

  it("stores a page of 250 new memos in three bundles of each kind", async () => {
    const memos = Array.from({ length: 250 }, (_, index) =>
      synced(`n${index}`, `<p>글 ${index}</p>`),
    );
    await storeFeedPage(cacheDb(), page(memos, "c4"));
    expect(await recordCounts()).toMatchObject({
      memos: 251,
      bodies: 0,
      bodyBundles: 3,
      textBundles: 4,
    });
    expect((await readMemoDetail("n249"))?.contents).toBe("<p>글 249</p>");
  });

  it("stores a bundle's items as one JSON text", async () => {
    const db = cacheDb();
    const { bundle } = (await db.memos.get("n0")) as CachedMemo;
    for (const table of [db.bodyBundles, db.searchBundles, db.textBundles]) {
      const stored = await table.get(bundle as number);
      expect(typeof stored?.items).toBe("string");
      expect(Object.keys(JSON.parse(stored?.items as string))).toHaveLength(100);
    }
  });

  it("reads and takes from a bundle an older build stored, its items an object", async () => {
    const db = cacheDb();
    const memo = { ...((await db.memos.get("n0")) as CachedMemo), id: "old1", bundle: 9_000 };
    const other = { ...memo, id: "old2" };
    const entries = [memo, other].map((row) => searchEntries(row, `<p>옛 ${row.id}</p>`));
    await db.transaction("rw", memoTables(db), async () => {
      await db.memos.bulkPut([memo, other]);
      await db.bodyBundles.put({
        id: 9_000,
        items: { old1: "<p>옛 old1</p>", old2: "<p>옛 old2</p>" },
        size: 0,
        storedAt: NOW,
      });
      await db.searchBundles.put({
        id: 9_000,
        items: Object.fromEntries(entries.map(({ entry }) => [entry.id, entry])),
      });
      await db.textBundles.put({
        id: 9_000,
        items: Object.fromEntries(entries.map(({ text }) => [text.id, text.text])),
      });
    });
    forgetSearchIndex();
    expect((await readMemoDetail("old2"))?.contents).toBe("<p>옛 old2</p>");
    expect(await findsIds("old1")).toEqual(["old1"]);
    await storeFeedPage(db, { ...page([], "c5"), deletions: [{ kind: "memo", id: "old1" }] });
    expect(await findsIds("old1")).toEqual([]);
    expect((await readMemoDetail("old2"))?.contents).toBe("<p>옛 old2</p>");
    expect(JSON.parse((await db.bodyBundles.get(9_000))?.items as string)).toEqual({
      old2: "<p>옛 old2</p>",
    });
  });
});

describe("evicting bodies over the budget", () => {
  it("takes bodies of their own and bundles in the order they were stored", async () => {
    const db = cacheDb();
    await db.transaction("rw", memoTables(db), async () => {
      await db.memos.clear();
      await db.bodies.clear();
      await db.bodyBundles.clear();
      await db.meta.put({ key: "bodyBytes", value: 0 });
    });
    const text = (word: string) => `<p>${word.repeat(100)}</p>`;
    const at = async (time: number, write: () => Promise<unknown>) => {
      vi.useFakeTimers({ toFake: ["Date"], now: time });
      try {
        await write();
      } finally {
        vi.useRealTimers();
      }
    };
    const store = (id: string) =>
      db.transaction("rw", memoTables(db), () => putBodies(db, [{ id, contents: text(id) }]));
    await at(NOW, () => store("o1"));
    await at(NOW + 1, () =>
      storeFeedPage(db, page([synced("b1", text("b1")), synced("b2", text("b2"))], "e1")),
    );
    await at(NOW + 2, () => store("n1"));
    const size = bodySize(text("b1"));
    expect(await readMeta("bodyBytes")).toBe(4 * size);
    // Over a budget of 2.5 bodies, down to 80 % of it (2): the oldest body, then the bundle.
    await evictBodiesOverBudget(db, 2.5 * size);
    expect(await readMeta("bodyBytes")).toBe(size);
    expect(await db.bodies.toCollection().primaryKeys()).toEqual(["n1"]);
    expect(await db.bodyBundles.count()).toBe(0);
    expect((await readMemoDetail("b1", { allowMissingBody: true }))?.contents).toBe("");
  });
});

describe("a first download's pages", () => {
  async function emptyCache(): Promise<void> {
    const db = cacheDb();
    await db.transaction("rw", memoTables(db), () =>
      Promise.all(memoTables(db).map((table) => table.clear())),
    );
  }

  it("asks for none of a page's memos while no one else wrote memos", async () => {
    await emptyCache();
    const held: HeldMemos = { ids: null, token: undefined };
    await storeFeedPage(cacheDb(), page([synced("p1", "<p>가</p>")], "d1"), held);
    resetReads();
    await storeFeedPage(
      cacheDb(),
      page([synced("p2", "<p>나</p>"), synced("p3", "<p>다</p>")], "d2"),
      held,
    );
    expect(readKeys.memos ?? []).toEqual([]);
    // A memo sent again (changed during the download) is one it holds: read and replaced.
    await storeFeedPage(cacheDb(), page([synced("p2", "<p>나 고침</p>")], "d3"), held);
    expect(readKeys.memos).toEqual(["p2"]);
    expect((await readMemoDetail("p2"))?.contents).toBe("<p>나 고침</p>");
    expect([...(held.ids ?? [])].sort()).toEqual(["p1", "p2", "p3"]);
  });

  it("finds a memo another writer stored between two pages", async () => {
    await emptyCache();
    const held: HeldMemos = { ids: null, token: undefined };
    await storeFeedPage(cacheDb(), page([synced("q1", "<p>가</p>")], "e1"), held);
    // A tab stores a list the server answered: its own records of q2, with a newer body.
    await storeServerMemos([serverMemo({ id: "q2", contents: "<p>탭 본문</p>" })]);
    const db = cacheDb();
    await db.transaction("rw", memoTables(db), () =>
      putBodies(db, [{ id: "q2", contents: "<p>탭 본문</p>" }]),
    );
    resetReads();
    await storeFeedPage(db, page([synced("q2", "<p>피드 본문</p>")], "e2"), held);
    // Held, so replaced record by record: no bundle's copy under a record of its own.
    expect(readKeys.memos).toEqual(["q2"]);
    expect((await readMemoDetail("q2"))?.contents).toBe("<p>피드 본문</p>");
    expect((await db.memos.get("q2"))?.bundle).toBeUndefined();
  });

  it("stores the search entries made as the page arrived, not made again", async () => {
    await emptyCache();
    const memo = synced("r1", "<p>본문</p>");
    const made = searchEntries({ ...memo, title: "미리 만든 제목" }, memo.contents);
    await storeFeedPage(cacheDb(), page([memo], "f1"), undefined, new Map([["r1", made]]));
    forgetSearchIndex();
    expect(await findsIds("미리")).toEqual(["r1"]);
  });

  it("refuses a write to memos in a transaction that does not name meta", async () => {
    const db = cacheDb();
    await expect(db.transaction("rw", [db.memos], () => db.memos.delete("r1"))).rejects.toThrow();
    expect(await db.memos.get("r1")).toBeDefined();
  });
});
