// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { sanitizeRichText, sanitizeSharedRichText } from "./html-text";

describe("sanitizeRichText images", () => {
  it.each([
    [
      '<img src="/api/attachments/Abc_1-2" alt="그림">',
      '<img src="/api/attachments/Abc_1-2" alt="그림">',
    ],
    [
      '<img src="/api/attachments/Abc" title="t" width="9" srcset="https://x.example/a 2x">',
      '<img src="/api/attachments/Abc">',
    ],
    ['<p>앞<img src="https://tracker.example/p.gif">뒤</p>', "<p>앞뒤</p>"],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', ""],
    ['<img src="/api/attachments/a/../../memos">', ""],
    ['<img src="blob:https://app.example/1">', ""],
    ["<img alt=x>", ""],
  ])("keeps only images stored here: %s", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe("sanitizeSharedRichText", () => {
  it("reads images through the shared memo's public address", () => {
    expect(
      sanitizeSharedRichText('<p>글</p><img src="/api/attachments/Abc" alt="/api/attachments/x">', {
        countryCode: "KR",
        shareToken: "tok",
      }),
    ).toBe(
      '<p>글</p><img src="/api/public/KR/memos/tok/attachments/Abc" alt="/api/attachments/x">',
    );
  });
});
