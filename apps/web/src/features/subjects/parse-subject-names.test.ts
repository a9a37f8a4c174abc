import { describe, expect, it } from "vitest";
import { parseSubjectNames } from "./SubjectsScreen";

describe("parseSubjectNames", () => {
  it.each([
    ["English words, History\nCooking", ["English words", "History", "Cooking"]],
    ["영단어，한국사\n\n 요리 ,영단어", ["영단어", "한국사", "요리"]],
    [" , \n ", []],
  ])("splits %j at commas and line breaks", (text, names) => {
    expect(parseSubjectNames(text)).toEqual(names);
  });
});
