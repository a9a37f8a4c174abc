import { describe, expect, it } from "vitest";
import { SYNC_OPS_MAX, syncOpResultSchema, syncOpSchema, syncOpsInputSchema } from "./sync.js";

const opId = "op-00000001";
const memoId = "memo1";
const folderId = "fld1";

describe("syncOpSchema", () => {
  it.each([
    { kind: "memo.create", opId, input: { id: memoId, folderId, title: "메모" } },
    { kind: "memo.update", opId, memoId, input: { title: "English" }, baseRevision: 0 },
    { kind: "memo.update", opId, memoId, input: { contents: "<p>본문</p>" } },
    { kind: "memo.move", opId, memoId, folderId },
    { kind: "memo.delete", opId, memoId },
    { kind: "memo.review", opId, memoId, reviewedAt: 1_795_435_200_000, value: 2.5 },
    { kind: "memo.complete", opId, memoId, completedAt: 1_795_435_200_000 },
    { kind: "memo.uncomplete", opId, memoId },
    { kind: "memo.priority", opId, memoId, delta: -1 },
    { kind: "folder.create", opId, input: { id: folderId, title: "폴더" } },
    { kind: "folder.update", opId, folderId, input: { pinned: true } },
    { kind: "folder.delete", opId, folderId },
    { kind: "folder.order", opId, folderIds: [folderId, "root"] },
  ])("accepts $kind", (op) => {
    expect(syncOpSchema.parse(op)).toEqual(op);
  });

  it.each([
    ["an unknown kind", { kind: "memo.archive", opId, memoId }],
    ["a short opId", { kind: "memo.delete", opId: "short", memoId }],
    [
      "a create without a client id",
      { kind: "memo.create", opId, input: { folderId, title: "x" } },
    ],
    ["a folder create without an id", { kind: "folder.create", opId, input: { title: "x" } }],
    ["an update without fields", { kind: "memo.update", opId, memoId, input: { opId } }],
    [
      "a negative base revision",
      { kind: "memo.update", opId, memoId, input: { title: "x" }, baseRevision: -1 },
    ],
    ["a folder update without fields", { kind: "folder.update", opId, folderId, input: {} }],
    ["a priority change of 2", { kind: "memo.priority", opId, memoId, delta: 2 }],
    ["a move without a folder", { kind: "memo.move", opId, memoId }],
    ["a reorder naming a folder twice", { kind: "folder.order", opId, folderIds: ["a", "a"] }],
  ])("refuses %s", (_, op) => {
    expect(syncOpSchema.safeParse(op).success).toBe(false);
  });

  it("drops fields an op does not have (an outbox entry's own keys)", () => {
    const op = { kind: "memo.create", opId, memoId, input: { id: memoId, folderId, title: "x" } };
    expect(syncOpSchema.parse(op)).not.toHaveProperty("memoId");
  });
});

describe("syncOpsInputSchema", () => {
  const op = { kind: "anything", opId: "any string", more: 1 };

  it("checks only the outer shape, keeping each op whole", () => {
    expect(syncOpsInputSchema.parse({ ops: [op] })).toEqual({ ops: [op] });
  });

  it.each([
    ["no ops", []],
    ["too many ops", Array.from({ length: SYNC_OPS_MAX + 1 }, () => op)],
    ["an op without an opId", [{ kind: "memo.delete" }]],
    ["an op without a kind", [{ opId }]],
  ])("refuses %s", (_, ops) => {
    expect(syncOpsInputSchema.safeParse({ ops }).success).toBe(false);
  });
});

describe("syncOpResultSchema", () => {
  it.each([
    { opId, status: "applied" },
    { opId, status: "refused", code: "MEMO_NOT_FOUND" },
    {
      opId,
      status: "refused",
      code: "VALIDATION_FAILED",
      details: [{ path: "delta", issue: "x" }],
    },
    { opId, status: "not-attempted" },
  ])("accepts $status", (result) => {
    expect(syncOpResultSchema.parse(result)).toEqual(result);
  });

  it("refuses a code that is not an error code", () => {
    expect(syncOpResultSchema.safeParse({ opId, status: "refused", code: "NOPE" }).success).toBe(
      false,
    );
  });
});
