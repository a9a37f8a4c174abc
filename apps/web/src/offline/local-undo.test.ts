// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { MemoDetail } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { cacheDb, deleteCache, openCache } from "./cache";
import {
  completeMemoLocally,
  newFolder,
  recordReviewLocally,
  uncompleteMemoLocally,
  undoCompleteLocally,
  undoReviewLocally,
  undoUncompleteLocally,
} from "./local-writes";
import { storeServerFolders, storeServerMemos } from "./sync-store";

// PRODUCT.md › Undo on the device: a change still waiting in the outbox is dropped; one already
// sent is taken back by an inverse change of its own; either way the cached memo is as before.

const USER = "undo-user";
const NOW = Date.now();

function memo(id: string, completedDates: number[]): MemoDetail {
  return serverMemo({
    id,
    title: `되돌리기 ${id}`,
    createdAt: NOW - 1000,
    updatedAt: NOW - 1000,
    userId: USER,
    userName: "되돌리기",
    folderId: "f",
    completedDates,
    completedCount: completedDates.length,
    isCompleted: completedDates.length > 0,
  });
}

const outboxOf = async (memoId: string) =>
  (await cacheDb().outbox.where("targetId").equals(memoId).toArray()).map((entry) => entry.op);

/** As if the sync engine delivered everything queued for the memo. */
async function deliver(memoId: string): Promise<void> {
  const seqs = await cacheDb().outbox.where("targetId").equals(memoId).primaryKeys();
  await cacheDb().outbox.bulkDelete(seqs);
}

beforeAll(async () => {
  openCache(USER, "되돌리기");
  await storeServerFolders([
    { ...newFolder({ id: "f", title: "폴더", createdAt: NOW }), enableCompletionFeature: true },
  ]);
  await storeServerMemos([memo("a", []), memo("b", []), memo("c", [NOW - 500]), memo("d", [])]);
});
afterAll(async () => {
  await deleteCache(USER);
});

describe("undo of a completion", () => {
  it("drops a completion still waiting and puts the memo back", async () => {
    await completeMemoLocally("a", "complete-op-a");
    await undoCompleteLocally("a", "complete-op-a");
    expect(await outboxOf("a")).toEqual([]);
    expect(await cacheDb().memos.get("a")).toMatchObject({ completedCount: 0, isCompleted: false });
  });

  it("queues memo.complete.undo with the completion's opId once it was sent", async () => {
    await completeMemoLocally("b", "complete-op-b");
    await deliver("b");
    await undoCompleteLocally("b", "complete-op-b");
    expect(await outboxOf("b")).toEqual([
      { kind: "memo.complete.undo", memoId: "b", completionOpId: "complete-op-b" },
    ]);
    expect(await cacheDb().memos.get("b")).toMatchObject({ completedCount: 0, isCompleted: false });
  });
});

describe("undo of an un-completion", () => {
  it("queues memo.uncomplete.undo once sent and gives the completion back at its time", async () => {
    await uncompleteMemoLocally("c", "uncomplete-op-c");
    await deliver("c");
    await undoUncompleteLocally("c", "uncomplete-op-c");
    expect(await outboxOf("c")).toEqual([
      { kind: "memo.uncomplete.undo", memoId: "c", uncompleteOpId: "uncomplete-op-c" },
    ]);
    expect(await cacheDb().memos.get("c")).toMatchObject({
      completedCount: 1,
      completedDates: [NOW - 500],
      isCompleted: true,
    });
  });
});

describe("undo of a review from a list", () => {
  it("queues memo.review.undo once sent and restores the count", async () => {
    await recordReviewLocally("d", "review-op-d", null);
    await deliver("d");
    await undoReviewLocally("d", "review-op-d");
    expect(await outboxOf("d")).toEqual([
      { kind: "memo.review.undo", memoId: "d", reviewOpId: "review-op-d" },
    ]);
    expect(await cacheDb().memos.get("d")).toMatchObject({ reviewCount: 0, lastReviewedAt: null });
  });
});
