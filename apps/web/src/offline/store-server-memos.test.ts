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
