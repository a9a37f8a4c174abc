// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { readSortChoice, storeSortChoice } from "./sort-choice";

// PRODUCT.md › Sort modes: the mode chosen in a folder's list, remembered per folder.

describe("sort choice", () => {
  beforeEach(() => localStorage.clear());
  const words = { id: "단어장", sortingMethod: "latest" as const };
  const other = { id: "other", sortingMethod: "latest" as const };

  it("is remembered per folder", () => {
    storeSortChoice(words, "priority");
    expect(readSortChoice(words)).toBe("priority");
    expect(readSortChoice(other)).toBeUndefined();
  });

  it("is forgotten when the folder's own mode is chosen", () => {
    storeSortChoice(words, "oldest");
    storeSortChoice(words, "latest");
    expect(readSortChoice(words)).toBeUndefined();
  });

  it("gives way to a sort mode changed in the folder's settings since", () => {
    storeSortChoice(words, "oldest");
    expect(readSortChoice({ ...words, sortingMethod: "priority" })).toBeUndefined();
  });

  it.each(["not json", '{"mode":"sideways","over":"latest"}', "null"])(
    "ignores an unreadable stored value %s",
    (stored) => {
      localStorage.setItem(`mnemo.sort.${words.id}`, stored);
      expect(readSortChoice(words)).toBeUndefined();
    },
  );
});
