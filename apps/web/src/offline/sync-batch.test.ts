import { describe, expect, it } from "vitest";
import type { OutboxEntry, OutboxOp } from "./cache-db";
import {
  batchBytesOf,
  PUSH_BATCH,
  PUSH_BATCH_BYTES,
  rebaseOnRevision,
  takeBatch,
} from "./sync-batch";

const folderId = "fld1";

const ops = {
  createMemo: (memoId: string): OutboxOp => ({
    kind: "memo.create",
    memoId,
    input: { id: memoId, folderId, title: "메모" },
  }),
  editMemo: (memoId: string, contents = "<p>본문</p>"): OutboxOp => ({
    kind: "memo.update",
    memoId,
    input: { contents },
    baseRevision: 1,
  }),
  reviewMemo: (memoId: string): OutboxOp => ({
    kind: "memo.review",
    memoId,
    reviewedAt: 1_795_435_200_000,
  }),
  moveMemo: (memoId: string): OutboxOp => ({ kind: "memo.move", memoId, folderId: "fld2" }),
  deleteMemo: (memoId: string): OutboxOp => ({ kind: "memo.delete", memoId }),
  createFolder: (id: string): OutboxOp => ({
    kind: "folder.create",
    folderId: id,
    input: { id, title: "Folder" },
  }),
  editFolder: (id: string): OutboxOp => ({
    kind: "folder.update",
    folderId: id,
    input: { pinned: true },
  }),
  deleteFolder: (id: string): OutboxOp => ({ kind: "folder.delete", folderId: id }),
  orderFolders: (...ids: string[]): OutboxOp => ({ kind: "folder.order", folderIds: ids }),
};

function entries(list: readonly OutboxOp[]): OutboxEntry[] {
  return list.map((op, index) => ({
    seq: index + 1,
    opId: `op-${String(index + 1).padStart(8, "0")}`,
    op,
    targetId: "memoId" in op ? op.memoId : "folderId" in op ? op.folderId : "",
    queuedAt: 1_795_435_200_000 + index,
    attempts: 0,
  }));
}

/** The contents of an edit whose op counts `bytes` (within a few; at least its fields) toward a batch. */
function contentsOfBytes(bytes: number): string {
  const overhead = batchBytesOf({ op: ops.editMemo("m", "") });
  return "가".repeat(Math.max(0, Math.floor((bytes - overhead) / 2)));
}

describe("takeBatch", () => {
  it.each([
    ["nothing from an empty outbox", [], 0],
    ["one change", [ops.reviewMemo("m1")], 1],
    [
      "changes of different memos and folders together",
      [ops.editMemo("m1"), ops.editMemo("m2"), ops.reviewMemo("m1"), ops.editFolder("f1")],
      4,
    ],
    [
      "an edit and other changes of the same memo",
      [ops.editMemo("m1"), ops.reviewMemo("m1"), ops.moveMemo("m1"), ops.reviewMemo("m1")],
      4,
    ],
    ["up to a second edit of the same memo", [ops.editMemo("m1"), ops.editMemo("m1")], 1],
    [
      "up to a second edit of one memo, other memos' edits between",
      [ops.editMemo("m1"), ops.editMemo("m2"), ops.reviewMemo("m1"), ops.editMemo("m1")],
      3,
    ],
    [
      "a create and an edit of the memo it created",
      [ops.createMemo("m1"), ops.editMemo("m1"), ops.reviewMemo("m1")],
      3,
    ],
    [
      "up to the deletion of a memo created in the batch",
      [ops.createMemo("m1"), ops.reviewMemo("m1"), ops.deleteMemo("m1"), ops.reviewMemo("m2")],
      2,
    ],
    [
      "up to the deletion of a folder created in the batch",
      [ops.createFolder("f1"), ops.orderFolders("root", "f1"), ops.deleteFolder("f1")],
      2,
    ],
    [
      "the deletion of a memo created before the batch",
      [ops.editMemo("m1"), ops.deleteMemo("m1"), ops.deleteFolder("f1")],
      3,
    ],
    [
      "a deletion that starts the batch, even of a memo created in an earlier one",
      [ops.deleteMemo("m1"), ops.createMemo("m2")],
      2,
    ],
    [
      "a memo deletion beside a folder created with the same id",
      [ops.createFolder("x1"), ops.deleteMemo("x1")],
      1,
    ],
  ])("takes %s", (_name, list, expected) => {
    const outbox = entries(list);
    expect(takeBatch(outbox)).toEqual(outbox.slice(0, expected));
  });

  it.each([
    ["every change of fewer than 100", PUSH_BATCH - 1, PUSH_BATCH - 1],
    ["every change of exactly 100", PUSH_BATCH, PUSH_BATCH],
    ["the first 100 changes of more", PUSH_BATCH + 50, PUSH_BATCH],
  ])("takes %s (%i waiting, %i taken)", (_name, count, expected) => {
    const outbox = entries(
      Array.from({ length: count }, (_, index) => ops.reviewMemo(`m${index}`)),
    );
    expect(takeBatch(outbox)).toHaveLength(expected);
  });

  it.each([
    ["two edits within the limit together", [600_000, 600_000], 2],
    ["an edit that would pass the limit into the next batch", [900_000, 700_000, 100], 1],
    ["a change larger than the limit alone", [PUSH_BATCH_BYTES + 1_000, 100], 1],
    ["small changes after a large first one", [1_400_000, 100, 100], 3],
  ])("takes %s", (_name, sizes, expected) => {
    const outbox = entries(
      sizes.map((bytes, index) => ops.editMemo(`m${index}`, contentsOfBytes(bytes))),
    );
    expect(takeBatch(outbox)).toEqual(outbox.slice(0, expected));
  });
});

describe("batchBytesOf", () => {
  it.each([
    ["English", "<p>abc</p>"],
    ["Korean", "<p>한국어</p>"],
  ])("counts %s text as UTF-16 code units × 2 of the op's JSON", (_name, contents) => {
    const op = ops.editMemo("m1", contents);
    expect(batchBytesOf({ op })).toBe(JSON.stringify(op).length * 2);
  });
});

describe("rebaseOnRevision", () => {
  it.each([
    ["an edit starts from the revision", ops.editMemo("m1"), { baseRevision: 7 }],
    ["a review stays as it is", ops.reviewMemo("m1"), ops.reviewMemo("m1")],
    ["a move stays as it is", ops.moveMemo("m1"), ops.moveMemo("m1")],
  ])("%s", (_name, op, expected) => {
    const later = { op: structuredClone(op) };
    rebaseOnRevision(later, 7);
    expect(later.op).toEqual({ ...op, ...expected });
  });
});
