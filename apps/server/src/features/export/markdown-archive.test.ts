import TurndownService from "turndown";
import { describe, expect, it } from "vitest";
import { memosMarkdown, safeFileName, withImageSources } from "./markdown-archive.js";

describe("safeFileName", () => {
  it.each([
    ["안녕 Hello", "안녕 Hello"],
    ["한국어/Korean: 기초?", "한국어_Korean_ 기초_"],
    ['a<b>c|d*e"f\\g', "a_b_c_d_e_f_g"],
    ["  ..숨김 파일..  ", "숨김 파일"],
    ["줄\n바꿈\t탭", "줄 바꿈 탭"],
    ["CON", "_CON"],
    ["lpt1.txt", "_lpt1.txt"],
    ["", "memo"],
    ["...", "memo"],
    ["가".repeat(100), "가".repeat(80)],
    ["👩‍👩‍👧 가족", "👩‍👩‍👧 가족"],
  ])("%j → %j", (title, expected) => {
    expect(safeFileName(title, "memo")).toBe(expected);
  });
});

describe("memosMarkdown", () => {
  const contents = [
    "<p>본문 <strong>굵게</strong> <em>기울임</em> <s>지움</s></p>",
    "",
    "<h2>제목 Heading</h2><ul><li>하나</li><li>two<ul><li>중첩</li></ul></li></ul>",
    '<ol start="3"><li>셋</li><li>넷</li></ol><blockquote><p>인용 quote</p></blockquote>',
    '<pre><code class="language-ts">const a = 1;\n\nconst b = 2;</code></pre>',
    'text without a block <a href="https://example.com">링크</a>',
    "<p>*별* _밑줄_ # 샵 1. 목록 아님</p><hr><p>끝</p>",
  ];

  it("converts a batch of memos as one call per memo would", () => {
    const single = new TurndownService({
      headingStyle: "atx",
      codeBlockStyle: "fenced",
      bulletListMarker: "-",
      emDelimiter: "*",
      strongDelimiter: "**",
      hr: "---",
    }).addRule("strikethrough", {
      filter: ["s", "del"],
      replacement: (content) => `~~${content}~~`,
    });
    const many = Array.from({ length: 120 }, (_, i) => contents[i % contents.length] ?? "");
    expect(memosMarkdown(many)).toEqual(many.map((html) => single.turndown(html)));
  });

  it("writes GFM-ish Markdown", () => {
    expect(memosMarkdown(contents.slice(0, 1))).toEqual(["본문 **굵게** *기울임* ~~지움~~"]);
    expect(memosMarkdown([contents[4] ?? ""])).toEqual([
      "```ts\nconst a = 1;\n\nconst b = 2;\n```",
    ]);
  });
});

describe("withImageSources", () => {
  it("points stored images at their files and drops those without one", () => {
    const html =
      '<p><img src="/api/attachments/abc" alt="그림"><img src="/api/attachments/gone"></p>';
    const sources: Record<string, string> = { abc: "attachments/abc.png" };
    expect(withImageSources(html, (id) => sources[id] ?? null)).toBe(
      '<p><img src="attachments/abc.png" alt="그림"></p>',
    );
  });
});
