import { describe, expect, it } from "vitest";
import { hasMemoChanges, type MemoFormValues } from "./memo-changes";

const start: MemoFormValues = {
  title: "과일 단어",
  contents: "<p>사과는 apple</p>",
  tags: ["영어", "fruit"],
  hint: "빨갛고 둥근 것",
};

describe("hasMemoChanges", () => {
  it("is false for the values the form opened with", () => {
    expect(hasMemoChanges(start, { ...start, tags: [...start.tags] })).toBe(false);
    const empty = { title: "", contents: "", tags: [], hint: "" };
    expect(hasMemoChanges(empty, { ...empty })).toBe(false);
  });

  it.each<[string, Partial<MemoFormValues>]>([
    ["a Korean title", { title: "과일 단어 (수정)" }],
    ["an English title", { title: "Fruit words" }],
    ["a title with a trailing space", { title: "과일 단어 " }],
    ["the contents", { contents: "<p>사과는 apple, 배는 pear</p>" }],
    ["cleared contents", { contents: "" }],
    ["a tag added", { tags: ["영어", "fruit", "red"] }],
    ["a tag removed", { tags: ["영어"] }],
    ["tags reordered", { tags: ["fruit", "영어"] }],
    ["the hint", { hint: "red and round" }],
  ])("is true for %s", (_name, change) => {
    expect(hasMemoChanges(start, { ...start, ...change })).toBe(true);
  });
});
