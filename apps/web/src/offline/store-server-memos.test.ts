// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { MemoDetail, MemoSummary } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexedDbRequestCounter } from "../test/indexeddb-requests";
import { memoSummary } from "../test/memos";
import { cacheDb, deleteCache, openCache } from "./cache";
import { newFolder } from "./local-writes";
import { storeServerFolders, storeServerMemos } from "./sync-store";

// A server list read again (the review queue on every visit to home) stores nothing the device
// already holds as the server answers it, and still stores what changed.

const USER = "store-server-user";
const NOW = 1_795_435_200_000;

function summary(index: number, fields: Partial<MemoSummary> = {}): MemoSummary {
  return memoSummary({
    id: `memo-${index}`,
    title: `메모 ${index}`,
    tags: ["tag"],
    createdAt: NOW - index,
    updatedAt: NOW,
    userId: USER,
    userName: "홈",
    ...fields,
  });
}

/** How many writes each store saw while `work` ran (Dexie's hooks see every put). */
async function countWrites(work: () => Promise<void>): Promise<Record<string, number>> {
  const db = cacheDb();
  const counts: Record<string, number> = { memos: 0, search: 0, searchText: 0 };
  const hooks = Object.keys(counts).map((name) => {
    const table = db.table(name);
    const count = () => {
      counts[name] = (counts[name] ?? 0) + 1;
    };
    table.hook("creating", count);
    table.hook("updating", count);
    return () => {
      table.hook("creating").unsubscribe(count);
      table.hook("updating").unsubscribe(count);
    };
  });
  try {
    await work();
  } finally {
    for (const unsubscribe of hooks) unsubscribe();
  }
  return counts;
}

/** Counts the IndexedDB requests of some work (set up before the cache opens). */
let countRequests: (work: () => Promise<unknown>) => Promise<number>;

beforeAll(async () => {
  openCache(USER, "홈");
  countRequests = indexedDbRequestCounter(cacheDb());
  await storeServerFolders([newFolder({ id: "folder", title: "폴더", createdAt: NOW })]);
  const first: MemoDetail[] = [1, 2, 3].map((index) => ({
    ...summary(index),
    contents: `<p>내용 ${index}</p>`,
    reviewedDates: [],
    completedDates: [],
  }));
  await storeServerMemos(first);
});

afterAll(async () => {
  await deleteCache(USER);
});

describe("storeServerMemos", () => {
  it("writes nothing for memos the device holds as the server answers them", async () => {
    const counts = await countWrites(() => storeServerMemos([summary(1), summary(2), summary(3)]));
    expect(counts).toEqual({ memos: 0, search: 0, searchText: 0 });
  });

  it("writes a memo whose fields changed, and its search entries", async () => {
    const counts = await countWrites(() =>
      storeServerMemos([summary(1), summary(2, { title: "바뀐 제목", updatedAt: NOW + 1 })]),
    );
    expect(counts.memos).toBe(1);
    expect(counts.search).toBe(1);
    expect((await cacheDb().memos.get("memo-2"))?.title).toBe("바뀐 제목");
    // The search text keeps the body indexed before (a list row carries no contents).
    expect((await cacheDb().searchText.get("memo-2"))?.text.body).toContain("내용 2");
  });

  it("stores a list with as many IndexedDB requests for 30 memos as for 3", async () => {
    const list = (first: number, count: number): MemoDetail[] =>
      Array.from({ length: count }, (_, offset) => ({
        ...summary(first + offset),
        contents: `<p>목록 ${first + offset}</p>`,
        reviewedDates: [],
        completedDates: [],
      }));
    const few = await countRequests(() => storeServerMemos(list(100, 3)));
    const many = await countRequests(() => storeServerMemos(list(200, 30)));
    expect(many).toBe(few);
    expect(many).toBeLessThan(15);
    expect((await cacheDb().memos.get("memo-229"))?.title).toBeDefined();
  });
});

describe("storeServerFolders", () => {
  const folders = (first: number, count: number) =>
    Array.from({ length: count }, (_, offset) =>
      newFolder({
        id: `folder-${first + offset}`,
        title: `폴더 ${first + offset}`,
        createdAt: NOW,
      }),
    );

  it("stores a list with as many IndexedDB requests for 30 folders as for 3", async () => {
    // A first visit stores the user's every folder as the server lists them (100 in the bench).
    const few = await countRequests(() => storeServerFolders(folders(100, 3)));
    const many = await countRequests(() => storeServerFolders(folders(200, 30)));
    expect(many).toBe(few);
    expect(await cacheDb().folders.count()).toBe(1 + 3 + 30);
  });

  it("gives new keys to the memos of the folders whose rate or home switch changed, only", async () => {
    const before = await cacheDb().memos.get("memo-1");
    expect(before?.homeRv).toBe(5);
    const moved = summary(50, { folderId: "folder-100" });
    await storeServerMemos([moved]);
    await storeServerFolders([
      newFolder({ id: "folder", title: "폴더", createdAt: NOW, dateRepetitionValue: 2 }),
      newFolder({
        id: "folder-100",
        title: "폴더 100",
        createdAt: NOW,
        showAtHomeReviewList: false,
      }),
      ...folders(101, 2),
    ]);
    const [rekeyed, offHome] = await cacheDb().memos.bulkGet(["memo-1", "memo-50"]);
    expect(rekeyed?.homeRv).toBe(2);
    expect(rekeyed?.dueKey).not.toBe(before?.dueKey);
    expect(offHome && "homeRv" in offHome).toBe(false);
  });

  it("keys the memos from a folder's last copy when a list holds it twice", async () => {
    const kept = await cacheDb().memos.get("memo-1");
    await storeServerFolders([
      newFolder({ id: "folder", title: "폴더", createdAt: NOW, dateRepetitionValue: 3 }),
      newFolder({ id: "folder", title: "폴더", createdAt: NOW, dateRepetitionValue: 2 }),
    ]);
    expect((await cacheDb().folders.get("folder"))?.dateRepetitionValue).toBe(2);
    expect(await cacheDb().memos.get("memo-1")).toEqual(kept);
  });
});
