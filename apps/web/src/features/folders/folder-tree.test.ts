import type { Folder } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import { orderAfterSwap, swapTarget, withDescendants } from "./folder-tree";
import { parseRepetitionValue } from "./repetition-value";

function folder(id: string, parentFolderId: string | null, extra: Partial<Folder> = {}): Folder {
  return {
    id,
    title: id,
    description: "",
    parentFolderLocation: "",
    parentFolderId,
    subFolderIds: [],
    nodeFolderIds: [],
    isInRoot: parentFolderId === null,
    isCategoryFolder: parentFolderId === null,
    order: 0,
    sortingMethod: "latest",
    dateRepetitionValue: 5,
    readRepetitionValue: 5,
    pinned: false,
    sideNavPinned: false,
    enableCompletionFeature: false,
    enableCompletionFeatureWithCompletedMemosOnly: false,
    enableFlashCardFeature: false,
    showSortingValues: false,
    showReviewCount: false,
    showAtHomeReviewList: true,
    scheduler: "repetition",
    desiredRetention: 0.9,
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  };
}

// List order as the server answers it: pinned first, then by order.
const folders = [
  folder("pinned", null, { pinned: true }),
  folder("root", null),
  folder("영어", null, { nodeFolderIds: ["동사", "불규칙"] }),
  folder("동사", "영어", { nodeFolderIds: ["불규칙"] }),
  folder("math", null),
  folder("불규칙", "동사"),
  folder("orphan", "gone"),
];

describe("swapTarget and orderAfterSwap", () => {
  const byId = (id: string) => folders.find((f) => f.id === id) as Folder;

  it.each([
    ["math", -1, "영어"],
    ["영어", 1, "math"],
    ["영어", -1, null], // the neighbour above is pinned
    ["동사", -1, null], // an only child
  ] as const)("moving %s by %i swaps with %s", (id, direction, expected) => {
    expect(swapTarget(folders, byId(id), direction)?.id ?? null).toBe(expected);
  });

  it("moves a folder with its sub-folders and gives every folder a place", () => {
    expect(orderAfterSwap(folders, byId("math"), byId("영어"))).toEqual([
      "root",
      "pinned",
      "math",
      "영어",
      "동사",
      "불규칙",
      "orphan",
    ]);
  });

  it("knows a folder's descendants", () => {
    expect([...withDescendants(folders, "영어")]).toEqual(["영어", "동사", "불규칙"]);
  });
});

describe("parseRepetitionValue", () => {
  it.each([
    ["5", 5],
    [" 2.5 ", 2.5],
    ["0", 0],
    ["100000", 100000],
    ["", null],
    ["-1", null],
    ["100001", null],
    ["다섯", null],
  ])("reads %j as %j", (text, expected) => {
    expect(parseRepetitionValue(text)).toBe(expected);
  });
});
