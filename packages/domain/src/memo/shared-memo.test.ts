import { describe, expect, it } from "vitest";
import { sharedMemoPath } from "./shared-memo.js";

describe("sharedMemoPath", () => {
  it.each([
    {
      countryCode: "KR",
      memoId: "abcdefghijABCDEFGHIJ",
      expected: "/view/KR/abcdefghijABCDEFGHIJ",
    },
    { countryCode: "GL", memoId: "offline-memo_1", expected: "/view/GL/offline-memo_1" },
    { countryCode: "US", memoId: "a/b?c", expected: "/view/US/a%2Fb%3Fc" },
    { countryCode: "ID", memoId: "메모", expected: "/view/ID/%EB%A9%94%EB%AA%A8" },
  ] as const)("puts $memoId of $countryCode at $expected", ({ countryCode, memoId, expected }) => {
    expect(sharedMemoPath(countryCode, memoId)).toBe(expected);
  });
});
