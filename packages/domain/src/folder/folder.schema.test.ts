import { describe, expect, it } from "vitest";
import { ROOT_FOLDER_ID } from "../constants.js";
import { ErrorCode } from "../errors.js";
import {
  type Folder,
  folderSchema,
  parseImportedFolder,
  rootFolderDefaults,
} from "./folder.schema.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)
const base = { id: "fld1", title: "영어 단어", createdAt: NOW, updatedAt: NOW };

describe("folderSchema", () => {
  it.each<{ field: keyof Folder; expected: unknown }>([
    { field: "description", expected: "" },
    { field: "parentFolderLocation", expected: "" },
    { field: "parentFolderId", expected: null },
    { field: "subFolderIds", expected: [] },
    { field: "nodeFolderIds", expected: [] },
    { field: "isInRoot", expected: false },
    { field: "isCategoryFolder", expected: false },
    { field: "order", expected: 0 },
    { field: "sortingMethod", expected: "latest" },
    { field: "dateRepetitionValue", expected: 5 },
    { field: "readRepetitionValue", expected: 5 },
    { field: "pinned", expected: false },
    { field: "sideNavPinned", expected: false },
    { field: "enableCompletionFeature", expected: false },
    { field: "enableCompletionFeatureWithCompletedMemosOnly", expected: false },
    { field: "enableFlashCardFeature", expected: false },
    { field: "showSortingValues", expected: false },
    { field: "showReviewCount", expected: false },
    { field: "showAtHomeReviewList", expected: true },
  ])("defaults $field to $expected", ({ field, expected }) => {
    expect(folderSchema.parse(base)[field]).toEqual(expected);
  });

  it.each([
    { name: "unknown sort mode", patch: { sortingMethod: "alphabetical" }, path: "sortingMethod" },
    { name: "missing createdAt", patch: { createdAt: undefined }, path: "createdAt" },
    { name: "flag as text", patch: { showAtHomeReviewList: "yes" }, path: "showAtHomeReviewList" },
  ])("rejects $name", ({ patch, path }) => {
    const result = folderSchema.safeParse({ ...base, ...patch });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual([path]);
  });
});

describe("parseImportedFolder", () => {
  it.each<{ name: string; raw: Record<string, unknown>; expected: Partial<Folder> }>([
    {
      name: "isMemoFolder",
      raw: { ...base, isMemoFolder: true },
      expected: { isCategoryFolder: true },
    },
    {
      name: "isCategory",
      raw: { ...base, isCategory: true },
      expected: { isCategoryFolder: true },
    },
    {
      name: "either older flag",
      raw: { ...base, isMemoFolder: false, isCategory: true },
      expected: { isCategoryFolder: true },
    },
    {
      name: "both older flags false",
      raw: { ...base, isMemoFolder: false, isCategory: false },
      expected: { isCategoryFolder: false },
    },
    {
      name: "isCategoryFolder wins",
      raw: { ...base, isCategoryFolder: false, isMemoFolder: true },
      expected: { isCategoryFolder: false },
    },
    {
      name: "older pinned means sideNavPinned",
      raw: { ...base, pinned: true },
      expected: { sideNavPinned: true, pinned: true },
    },
    {
      name: "sideNavPinned wins over pinned",
      raw: { ...base, pinned: true, sideNavPinned: false },
      expected: { sideNavPinned: false, pinned: true },
    },
    {
      name: "unknown sort mode falls back",
      raw: { ...base, sortingMethod: "LATEST_FIRST" },
      expected: { sortingMethod: "latest" },
    },
    {
      name: "known sort mode kept",
      raw: { ...base, sortingMethod: "repetition_value", dateRepetitionValue: 3 },
      expected: { sortingMethod: "repetition_value", dateRepetitionValue: 3 },
    },
    {
      name: "timestamps in other forms",
      raw: {
        ...base,
        createdAt: { seconds: NOW / 1000, nanoseconds: 0 },
        updatedAt: "2026-11-23T13:00:00Z",
      },
      expected: { createdAt: NOW, updatedAt: NOW + 3_600_000 },
    },
    {
      name: "nulls take defaults, parentFolderId keeps null",
      raw: { ...base, description: null, parentFolderId: null, showAtHomeReviewList: null },
      expected: { description: "", parentFolderId: null, showAtHomeReviewList: true },
    },
    {
      name: "nested English folder",
      raw: {
        ...base,
        title: "Vocabulary",
        parentFolderId: "root",
        parentFolderLocation: "root",
        order: 2,
      },
      expected: {
        title: "Vocabulary",
        parentFolderId: "root",
        parentFolderLocation: "root",
        order: 2,
      },
    },
  ])("reads $name", ({ raw, expected }) => {
    expect(parseImportedFolder(raw)).toMatchObject(expected);
  });

  it.each([
    {
      name: "only id and title",
      raw: { id: "f", title: "메모" },
      now: NOW,
      created: NOW,
      updated: NOW,
    },
    {
      name: "no now given",
      raw: { id: "f", title: "memo" },
      now: undefined,
      created: 0,
      updated: 0,
    },
    {
      name: "only updatedAt",
      raw: { id: "f", title: "메모", updatedAt: NOW - 5 },
      now: NOW,
      created: NOW - 5,
      updated: NOW - 5,
    },
    {
      name: "only createdAt",
      raw: { id: "f", title: "메모", createdAt: NOW - 5 },
      now: NOW,
      created: NOW - 5,
      updated: NOW - 5,
    },
  ])("fills missing timestamps: $name", ({ raw, now, created, updated }) => {
    const folder = parseImportedFolder(raw, now);
    expect([folder.createdAt, folder.updatedAt]).toEqual([created, updated]);
    expect(folder.dateRepetitionValue).toBe(5);
  });

  it.each([
    { name: "missing id", raw: { title: "메모" }, path: "id" },
    { name: "missing title", raw: { id: "f" }, path: "title" },
    {
      name: "bad flag",
      raw: { id: "f", title: "x", enableFlashCardFeature: 1 },
      path: "enableFlashCardFeature",
    },
    { name: "not an object", raw: "folder", path: "" },
  ])("throws VALIDATION_FAILED for $name", ({ raw, path }) => {
    expect(() => parseImportedFolder(raw, NOW)).toThrowError(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        details: [expect.objectContaining({ path })],
      }),
    );
  });
});

describe("rootFolderDefaults", () => {
  it.each<{ field: keyof Folder; expected: unknown }>([
    { field: "id", expected: ROOT_FOLDER_ID },
    { field: "title", expected: "" },
    { field: "isInRoot", expected: true },
    { field: "sideNavPinned", expected: true },
    { field: "parentFolderId", expected: null },
    { field: "isCategoryFolder", expected: false },
    { field: "showAtHomeReviewList", expected: true },
    { field: "createdAt", expected: NOW },
    { field: "updatedAt", expected: NOW },
  ])("sets $field to $expected", ({ field, expected }) => {
    expect(rootFolderDefaults(NOW)[field]).toEqual(expected);
  });

  it("rejects a clock that is not epoch ms", () => {
    expect(() => rootFolderDefaults(Number.NaN)).toThrowError(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });
});
