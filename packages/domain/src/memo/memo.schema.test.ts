import { describe, expect, it } from "vitest";
import { ErrorCode } from "../errors.js";
import { type Memo, memoSchema, parseImportedMemo } from "./memo.schema.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)
const ISO_NOW = "2026-11-23T12:00:00.000Z";

const minimal = {
  id: "AbCdEfGhIjKlMnOpQrSt",
  title: "회의록",
  preview: "",
  contents: "",
  createdAt: NOW,
  updatedAt: NOW,
  userId: "user1",
  folderId: "root",
};

describe("memoSchema", () => {
  it.each<{ field: keyof Memo; expected: unknown }>([
    { field: "type", expected: "memo" },
    { field: "tags", expected: [] },
    { field: "categoryId", expected: null },
    { field: "category", expected: null },
    { field: "userName", expected: "" },
    { field: "accumulatedReviewValue", expected: 0 },
    { field: "reviewCount", expected: 0 },
    { field: "reviewedDates", expected: [] },
    { field: "flashCardHint", expected: "" },
    { field: "priority", expected: 0 },
    { field: "completedDates", expected: [] },
  ])("defaults $field to $expected", ({ field, expected }) => {
    expect(memoSchema.parse(minimal)[field]).toEqual(expected);
  });

  it.each([
    { name: "missing folderId", patch: { folderId: undefined }, path: "folderId" },
    { name: "missing title", patch: { title: undefined }, path: "title" },
    { name: "empty id", patch: { id: "" }, path: "id" },
    { name: "negative review count", patch: { reviewCount: -1 }, path: "reviewCount" },
    { name: "fractional review count", patch: { reviewCount: 1.5 }, path: "reviewCount" },
    { name: "fractional priority", patch: { priority: 0.5 }, path: "priority" },
    { name: "ISO createdAt (import only)", patch: { createdAt: ISO_NOW }, path: "createdAt" },
    { name: "bad review date", patch: { reviewedDates: [NOW, -5] }, path: "reviewedDates.1" },
    { name: "tag not a string", patch: { tags: ["일기", 3] }, path: "tags.1" },
  ])("rejects $name", ({ patch, path }) => {
    const result = memoSchema.safeParse({ ...minimal, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("accepts a negative priority and drops unknown keys", () => {
    const memo = memoSchema.parse({ ...minimal, priority: -3, readCount: 9 });
    expect(memo.priority).toBe(-3);
    expect(memo).not.toHaveProperty("readCount");
  });
});

describe("parseImportedMemo", () => {
  it.each<{ name: string; raw: Record<string, unknown>; expected: Partial<Memo> }>([
    {
      name: "older names",
      raw: { ...minimal, accumulatedReadRepetitionValue: 12.5, readCount: 3 },
      expected: { accumulatedReviewValue: 12.5, reviewCount: 3 },
    },
    {
      name: "new names win over older ones",
      raw: {
        ...minimal,
        accumulatedReviewValue: 1,
        accumulatedReadRepetitionValue: 9,
        reviewCount: 2,
        readCount: 8,
      },
      expected: { accumulatedReviewValue: 1, reviewCount: 2 },
    },
    {
      name: "new names win even when zero",
      raw: {
        ...minimal,
        accumulatedReviewValue: 0,
        accumulatedReadRepetitionValue: 9,
        reviewCount: 0,
        readCount: 8,
      },
      expected: { accumulatedReviewValue: 0, reviewCount: 0 },
    },
    {
      name: "ISO timestamps",
      raw: { ...minimal, createdAt: "2026-11-23T21:00:00+09:00", updatedAt: ISO_NOW },
      expected: { createdAt: NOW, updatedAt: NOW },
    },
    {
      name: "document timestamps",
      raw: {
        ...minimal,
        createdAt: { seconds: NOW / 1000, nanoseconds: 250_000_000 },
        updatedAt: { _seconds: NOW / 1000 + 60, _nanoseconds: 0 },
      },
      expected: { createdAt: NOW + 250, updatedAt: NOW + 60_000 },
    },
    {
      name: "mixed review and completion dates",
      raw: {
        ...minimal,
        reviewedDates: [
          NOW - 1000,
          "2026-11-23T12:00:00Z",
          { seconds: NOW / 1000 + 1, nanoseconds: 0 },
        ],
        completedDates: [{ seconds: NOW / 1000, nanoseconds: 0 }],
      },
      expected: { reviewedDates: [NOW - 1000, NOW, NOW + 1000], completedDates: [NOW] },
    },
    {
      name: "preview derived from Korean contents",
      raw: { ...minimal, preview: undefined, contents: "<p>안녕하세요 <b>세계</b></p>" },
      expected: { preview: "안녕하세요 세계" },
    },
    {
      name: "preview derived from English contents when null",
      raw: { ...minimal, preview: null, contents: "<h1>Groceries</h1><ul><li>milk</li></ul>" },
      expected: { preview: "Groceries milk" },
    },
    {
      name: "a given preview is kept",
      raw: { ...minimal, preview: "요약", contents: "<p>본문</p>" },
      expected: { preview: "요약" },
    },
    {
      name: "missing contents and preview",
      raw: { ...minimal, contents: undefined, preview: undefined },
      expected: { contents: "", preview: "" },
    },
    {
      name: "null means default, except for category fields",
      raw: {
        ...minimal,
        flashCardHint: null,
        tags: null,
        categoryId: null,
        category: null,
        type: null,
      },
      expected: { flashCardHint: "", tags: [], categoryId: null, category: null, type: "memo" },
    },
    {
      name: "category and tags kept",
      raw: {
        ...minimal,
        categoryId: "cat1",
        category: "영어 단어",
        tags: ["vocab", "단어"],
        priority: 2,
      },
      expected: { categoryId: "cat1", category: "영어 단어", tags: ["vocab", "단어"], priority: 2 },
    },
  ])("reads $name", ({ raw, expected }) => {
    expect(parseImportedMemo(raw)).toMatchObject(expected);
  });

  it("drops the older names from the result", () => {
    const memo = parseImportedMemo({ ...minimal, readCount: 3, accumulatedReadRepetitionValue: 4 });
    expect(Object.keys(memo)).not.toContain("readCount");
    expect(Object.keys(memo)).not.toContain("accumulatedReadRepetitionValue");
  });

  it.each([
    { name: "null", raw: null, path: "" },
    { name: "a string", raw: "메모", path: "" },
    { name: "an array", raw: [minimal], path: "" },
    { name: "missing createdAt", raw: { ...minimal, createdAt: undefined }, path: "createdAt" },
    { name: "unreadable createdAt", raw: { ...minimal, createdAt: "어제" }, path: "createdAt" },
    { name: "missing userId", raw: { ...minimal, userId: undefined }, path: "userId" },
    { name: "bad older count", raw: { ...minimal, readCount: "many" }, path: "reviewCount" },
    {
      name: "bad review date",
      raw: { ...minimal, reviewedDates: [NOW, "yesterday"] },
      path: "reviewedDates.1",
    },
  ])("throws VALIDATION_FAILED for $name", ({ raw, path }) => {
    expect(() => parseImportedMemo(raw)).toThrowError(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        details: expect.arrayContaining([expect.objectContaining({ path })]),
      }),
    );
  });
});
