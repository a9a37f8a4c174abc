import { describe, expect, it } from "vitest";
import { ROOT_FOLDER_ID } from "../constants.js";
import { restoredMemoFolderId, restoredParentFolderId } from "./restore-place.js";

describe("where a restored item goes (PRODUCT.md › Trash)", () => {
  const has = (id: string) => ["영어", "words"].includes(id);

  it.each([
    ["영어", "영어"],
    ["gone", ROOT_FOLDER_ID],
  ])("a memo of folder %s goes to %s", (folderId, expected) => {
    expect(restoredMemoFolderId(folderId, has)).toBe(expected);
  });

  it.each<[string | null, string | null]>([
    ["words", "words"],
    ["gone", null],
    [null, null],
  ])("a folder under %s goes under %s", (parentId, expected) => {
    expect(restoredParentFolderId(parentId, has)).toBe(expected);
  });
});
