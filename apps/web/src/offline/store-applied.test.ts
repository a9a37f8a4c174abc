// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { MemoDetail, MemoSummary } from "@mnemo/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { indexedDbRequestCounter } from "../test/indexeddb-requests";
import { memoSummary } from "../test/memos";
import { cacheDb, deleteCache, openCache } from "./cache";
import type { OutboxEntry, OutboxOp } from "./cache-db";
import { newFolder } from "./local-writes";
import { memoTables } from "./memo-bundles";
import {
  type AppliedChange,
  storeAppliedChanges,
  storeServerFolders,
  storeServerMemos,
} from "./sync-store";

// What the device keeps once the server applied a batch of sent changes: the outbox loses them,
// and each answered memo takes the server's last answer unless a change of it still waits.

const USER = "store-applied-user";
const NOW = 1_795_435_200_000;
const MEMOS = 10;

function summary(index: number, fields: Partial<MemoSummary> = {}): MemoSummary {
  return memoSummary({
    id: `memo-${index}`,
    title: `메모 ${index}`,
    createdAt: NOW - index,
    updatedAt: NOW,
    userId: USER,
    userName: "홈",
    ...fields,
  });
}

/** Counts the IndexedDB requests of some work (set up before the cache opens). */
let countRequests: (work: () => Promise<unknown>) => Promise<number>;

/** Queues `ops` in the outbox as the device would, and answers their entries in order. */
async function queue(ops: readonly OutboxOp[]): Promise<OutboxEntry[]> {
  const db = cacheDb();
  const entries = ops.map((op, index) => ({
    opId: `op-${Math.random().toString(36).slice(2)}-${index}`,
    op,
    targetId: "memoId" in op ? op.memoId : "folderId" in op ? op.folderId : "",
    queuedAt: NOW + index,
    attempts: 0,
  }));
  const seqs = await db.outbox.bulkAdd(entries, { allKeys: true });
  return entries.map((entry, index) => ({ ...entry, seq: seqs[index] }));
}

async function apply(done: readonly AppliedChange[]): Promise<number> {
  const db = cacheDb();
  return countRequests(() =>
    db.transaction("rw", [...memoTables(db), db.folders, db.outbox], () =>
      storeAppliedChanges(db, done),
    ),
  );
}

const review = (index: number): OutboxOp => ({
  kind: "memo.review",
  memoId: `memo-${index}`,
  reviewedAt: NOW,
});

beforeAll(async () => {
  openCache(USER, "홈");
  countRequests = indexedDbRequestCounter(cacheDb());
  await storeServerFolders([newFolder({ id: "folder", title: "폴더", createdAt: NOW })]);
});

beforeEach(async () => {
  await cacheDb().outbox.clear();
  await storeServerMemos(Array.from({ length: MEMOS }, (_, index) => summary(index)));
});

afterAll(async () => {
  await deleteCache(USER);
});

describe("storeAppliedChanges", () => {
  it("keeps each memo's last answer of a hundred reviews, in a few requests", async () => {
    // Ten reviews of each of ten memos, round robin, as a drained outbox sends them.
    const entries = await queue(Array.from({ length: 100 }, (_, index) => review(index % MEMOS)));
    const done = entries.map((entry, index) => ({
      entry,
      applied: { memo: summary(index % MEMOS, { reviewCount: Math.floor(index / MEMOS) + 1 }) },
    }));
    const made = await apply(done);
    expect(await cacheDb().outbox.count()).toBe(0);
    const memos = await cacheDb().memos.bulkGet(
      done.slice(0, MEMOS).map(({ entry }) => entry.targetId),
    );
    expect(memos.map((memo) => memo?.reviewCount)).toEqual(Array(MEMOS).fill(10));
    // One per change (four before) would be over a hundred.
    expect(made).toBeLessThan(30);
  });

  it("keeps the device's copy of a memo whose later changes still wait", async () => {
    const [sent, waiting] = await queue([review(1), review(1)]);
    if (!sent || !waiting) throw new Error("queued two");
    const db = cacheDb();
    await db.transaction("rw", memoTables(db), () => db.memos.update("memo-1", { reviewCount: 2 }));
    await apply([{ entry: sent, applied: { memo: summary(1, { reviewCount: 1 }) } }]);
    expect((await cacheDb().memos.get("memo-1"))?.reviewCount).toBe(2);
    expect(await cacheDb().outbox.toArray()).toEqual([waiting]);
  });

  it("does not bring back a memo deleted later in the same batch", async () => {
    const [reviewed, deleted] = await queue([review(2), { kind: "memo.delete", memoId: "memo-2" }]);
    if (!reviewed || !deleted) throw new Error("queued two");
    const db = cacheDb();
    await db.transaction("rw", memoTables(db), () => db.memos.delete("memo-2"));
    await apply([
      { entry: reviewed, applied: { memo: summary(2, { reviewCount: 1 }) } },
      { entry: deleted, applied: {} },
    ]);
    expect(await cacheDb().memos.get("memo-2")).toBeUndefined();
  });

  it("rebases a waiting edit on the revision an answered edit got", async () => {
    const edit = (contents: string): OutboxOp => ({
      kind: "memo.update",
      memoId: "memo-3",
      input: { contents },
      baseRevision: 1,
    });
    const [first, second] = await queue([edit("<p>하나</p>"), edit("<p>둘</p>")]);
    if (!first || !second) throw new Error("queued two");
    const answer: MemoDetail = {
      ...summary(3, { revision: 2 }),
      contents: "<p>하나</p>",
      reviewedDates: [],
      completedDates: [],
    };
    await apply([{ entry: first, applied: { memo: answer } }]);
    const [waiting] = await cacheDb().outbox.toArray();
    expect(waiting?.op).toMatchObject({ kind: "memo.update", baseRevision: 2 });
  });
});
