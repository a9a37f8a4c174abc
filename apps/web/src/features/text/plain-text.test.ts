// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { htmlToPlainText, plainTextToHtml } from "./plain-text";

describe("plainTextToHtml", () => {
  it("escapes markup and writes one paragraph per line", () => {
    expect(plainTextToHtml("a < b & c\n\n<b>x</b>")).toBe(
      "<p>a &lt; b &amp; c</p><p><br></p><p>&lt;b&gt;x&lt;/b&gt;</p>",
    );
  });

  it("stores blank text as empty contents", () => {
    expect(plainTextToHtml("  \n ")).toBe("");
  });
});

describe("htmlToPlainText", () => {
  it.each([
    ["one line", "one line"],
    [
      "장보기\n- 우유 & 달걀\n\n<script>alert(1)</script> a < b\n끝",
      "Korean, markup and a blank line",
    ],
    ["trailing line\n", "a trailing empty line"],
    ["Windows\r\nline ends", "CRLF line ends"],
  ])("gives back what was typed: %j (%s)", (typed) => {
    expect(htmlToPlainText(plainTextToHtml(typed))).toBe(typed.replace(/\r\n/g, "\n"));
  });

  it("reads rich text as lines: blocks, list items and <br>", () => {
    expect(
      htmlToPlainText("<h1>제목</h1><p>a<br>b <strong>c</strong></p><ul><li>x</li><li>y</li></ul>"),
    ).toBe("제목\na\nb c\nx\ny");
  });
});
