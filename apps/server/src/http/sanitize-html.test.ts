import { AppError, ErrorCode } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import {
  MAX_RICH_TEXT_ATTRIBUTES,
  MAX_RICH_TEXT_DEPTH,
  MAX_RICH_TEXT_REFERENCES,
  MAX_RICH_TEXT_TAGS,
  sanitizeRichText,
} from "./sanitize-html.js";

describe("sanitizeRichText", () => {
  it.each([
    ["<p>안녕 <strong>세계</strong></p>", "<p>안녕 <strong>세계</strong></p>"],
    [
      '<h1>T</h1><h4>x</h4><ul><li>a</li></ul><pre><code class="language-ts">x</code></pre>',
      '<h1>T</h1>x<ul><li>a</li></ul><pre><code class="language-ts">x</code></pre>',
    ],
    ['<p onclick="alert(1)" style="color:red">hi</p>', "<p>hi</p>"],
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<style>p{}</style><iframe src="https://x"></iframe>ok', "ok"],
    [
      '<a href="javascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    [
      '<a href="https://example.com" target="_self" onclick="x()">x</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="mailto:a@b.c">m</a>',
      '<a href="mailto:a@b.c" rel="noopener noreferrer nofollow" target="_blank">m</a>',
    ],
    // Images only from the server's own store (PRODUCT.md › Images), with only an alt text.
    [
      '<img src="/api/attachments/AbcXyz_1-2" alt="그림" title="t" onerror="x()">',
      '<img src="/api/attachments/AbcXyz_1-2" alt="그림" />',
    ],
    ['<img src="https://e.com/a.png" onerror="x()">', ""],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', ""],
    ['<img src="//evil.example/api/attachments/a">', ""],
    ['<img src="/api/attachments/a/../../memos/x">', ""],
    ['<img src="/api/attachments/a?x=1">', ""],
    ['<img src=" /api/attachments/a">', ""],
    ['<img src="/api/attachments/">', ""],
    [`<img src="/api/attachments/${"a".repeat(65)}">`, ""],
    ['<img src="/API/attachments/a">', ""],
    ['<img src="https://mnemo.example/api/attachments/a">', ""],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ""],
    ['<img src="javascript:alert(1)">', ""],
    [
      '<span class="highlight evil">a</span><mark class="mnemo-hint x">b</mark>',
      '<span class="highlight">a</span><mark class="mnemo-hint">b</mark>',
    ],
    ["<div>div <em>em</em></div>", "div <em>em</em>"],
  ])("sanitizes %s", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

/**
 * Milliseconds of CPU this thread spends sanitizing `html`, the least of three runs: the work
 * itself, without the waits of a machine shared with other processes.
 */
function sanitizeMs(html: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const start = process.threadCpuUsage();
    sanitizeRichText(html);
    const used = process.threadCpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1_000);
  }
  return best;
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}

/** The largest contents a memo may have (memoContentsSchema). */
const MAX_CONTENTS = 1_500_000;

/** `unit` (attributes quoted) repeated as often as the tag, reference, attribute and size limits allow. */
function fill(unit: string, extra = ""): string {
  const timesWithin = (limit: number, what: string) => {
    const count = unit.split(what).length - 1;
    return count ? Math.floor(limit / count) : Number.POSITIVE_INFINITY;
  };
  const times = Math.min(
    timesWithin(MAX_RICH_TEXT_TAGS, "<"),
    timesWithin(MAX_RICH_TEXT_REFERENCES, "&"),
    timesWithin(MAX_RICH_TEXT_ATTRIBUTES, '="'),
    Math.floor((MAX_CONTENTS - extra.length) / unit.length),
  );
  return unit.repeat(times) + extra;
}

const nested = (open: string, close: string, depth: number, inner: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

/** A deterministic pseudo-random generator (mulberry32), so a failure can be replayed. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FUZZ_TAGS = ["p", "b", "a", "img", "ul", "li", "blockquote", "span", "div", "script", "i"];
const FUZZ_ATTRIBUTES_PER_TAG = 3;
const FUZZ_PIECES = [
  "가나다 ",
  "&amp;",
  "&#x1F600;",
  "&nbsp;",
  " < ",
  ' href="https://e.com/?a=1&amp;b=2"',
  ' class="highlight mnemo-x evil"',
  ' onclick="x()"',
  ' src="data:image/png;base64,iVBORw0KGgo="',
  "<!-- c -->",
];

/** Random markup near every limit: tags, references and depth drawn until one runs out. */
function fuzzInput(seed: number): string {
  const random = randomOf(seed);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
  const open: string[] = [];
  let html = "";
  let tags = 0;
  let references = 0;
  const add = (piece: string) => {
    html += piece;
    tags += piece.split("<").length - 1;
    references += piece.split("&").length - 1;
  };
  let attributeCount = 0;
  while (
    tags < MAX_RICH_TEXT_TAGS - 100 &&
    references < MAX_RICH_TEXT_REFERENCES - 100 &&
    attributeCount < MAX_RICH_TEXT_ATTRIBUTES - FUZZ_ATTRIBUTES_PER_TAG
  ) {
    const roll = random();
    if (roll < 0.4 && open.length < MAX_RICH_TEXT_DEPTH) {
      const tag = pick(FUZZ_TAGS);
      const count = Math.floor(random() * (FUZZ_ATTRIBUTES_PER_TAG + 1));
      attributeCount += count;
      const attributes = Array.from({ length: count }, () =>
        pick(FUZZ_PIECES.filter((piece) => piece.startsWith(" "))),
      ).join("");
      add(`<${tag}${attributes}>`);
      if (tag !== "img") open.push(tag);
    } else if (roll < 0.7 && open.length > 0) {
      add(`</${open.pop()}>`);
    } else {
      add(pick(FUZZ_PIECES.filter((piece) => !piece.startsWith(" "))));
    }
  }
  return html + "x".repeat(Math.max(0, MAX_CONTENTS - html.length - 2_000));
}

describe("sanitizeRichText bounds", () => {
  it("refuses 200,000 nested <b> (the freeze of issue 16) in milliseconds", () => {
    const html = `${"<b>".repeat(200_000)}x`;
    const start = process.threadCpuUsage();
    expect(codeOf(() => sanitizeRichText(html))).toBe(ErrorCode.RICH_TEXT_TOO_LARGE);
    const used = process.threadCpuUsage(start);
    expect((used.user + used.system) / 1_000).toBeLessThan(50);
  });

  it.each([
    ["a tag too many", `${"<br>".repeat(MAX_RICH_TEXT_TAGS + 1)}`, ErrorCode.RICH_TEXT_TOO_LARGE],
    [
      "a < of text too many",
      `<p>${"a < b ".repeat(MAX_RICH_TEXT_TAGS)}</p>`,
      "RICH_TEXT_TOO_LARGE",
    ],
    ["a reference too many", "&amp;".repeat(MAX_RICH_TEXT_REFERENCES + 1), "RICH_TEXT_TOO_LARGE"],
    [
      "one level too deep",
      nested("<blockquote>", "", MAX_RICH_TEXT_DEPTH + 1, "x"),
      "RICH_TEXT_TOO_DEEP",
    ],
    ["unclosed <b> too deep", `${"<b>".repeat(MAX_RICH_TEXT_DEPTH + 1)}x`, "RICH_TEXT_TOO_DEEP"],
    [
      "an attribute too many",
      `<p ${"a ".repeat(MAX_RICH_TEXT_ATTRIBUTES + 1)}>x</p>`,
      "RICH_TEXT_TOO_LARGE",
    ],
    // End tags that close nothing do not make the parser's stack shorter.
    ["unmatched end tags", "<b></i>".repeat(MAX_RICH_TEXT_DEPTH + 1), "RICH_TEXT_TOO_DEEP"],
    // An end tag inside an attribute value or a comment closes nothing either.
    ["end tags in attributes", '<b><i title="</b>">'.repeat(60), "RICH_TEXT_TOO_DEEP"],
    [
      "end tags in comments",
      "<b><!--</b>-->".repeat(MAX_RICH_TEXT_DEPTH + 1),
      "RICH_TEXT_TOO_DEEP",
    ],
  ])("refuses %s", (_, html, code) => {
    expect(codeOf(() => sanitizeRichText(html))).toBe(code);
  });

  it("accepts what the editor makes: lists nested 45 levels, quotes 90 deep, 5,000 elements", () => {
    const list = nested("<ul><li><p>항목</p>", "</li></ul>", 45, "<p>끝</p>");
    expect(sanitizeRichText(list)).toBe(list);
    const quotes = nested("<blockquote>", "</blockquote>", 90, "<p>인용</p>");
    expect(sanitizeRichText(quotes)).toBe(quotes);
    const long = "<p>문단 <strong>굵게</strong> &amp; <em>기울임</em></p>".repeat(1_600);
    expect(sanitizeRichText(long)).toBe(long);
  });

  const worstCases: Array<[string, string]> = [
    ["flat paragraphs", fill("<p>a</p>")],
    ["max depth, repeated", fill(nested("<ul><li>", "</li></ul>", 50, "x"))],
    [
      "max depth with long text",
      fill(nested("<blockquote>", "</blockquote>", 100, "가".repeat(7_000))),
    ],
    [
      "links with attributes",
      fill('<a href="https://e.com/x?q=1" rel="x" target="y" title="t">a</a>'),
    ],
    ["tags with attributes", fill(`<p ${'data-x="1" '.repeat(8)}>a</p>`)],
    ["classes", fill('<span class="highlight mnemo-x evil other">a</span>')],
    ["images", fill('<img src="/api/attachments/abc" alt="x" title="y" onerror="z()">')],
    ["character references", fill("<p>&amp;&lt;&#x1F600;&nbsp;</p>")],
    ["references at max depth", fill(nested("<ul><li>", "</li></ul>", 50, "&amp;".repeat(100)))],
    ["disallowed tags", fill("<div><script>x</script><iframe>y</iframe><style>z</style></div>")],
    ["< in text", fill("a < b ")],
    ["comments", fill("<!-- comment -->")],
    [
      "one huge data-URL image",
      `<img src="data:image/png;base64,${"A".repeat(MAX_CONTENTS - 40)}">`,
    ],
    ["one tag with the most attributes", `<p ${'a="1" '.repeat(MAX_RICH_TEXT_ATTRIBUTES)}>x</p>`],
    ["long plain text", `<p>${"가나다 abc ".repeat(149_000)}</p>`],
    ...[1, 2, 3, 4, 5].map((seed): [string, string] => [`fuzz seed ${seed}`, fuzzInput(seed)]),
  ];

  it.each(worstCases)("sanitizes the accepted worst case '%s' within 100 ms", (_, html) => {
    expect(html.length).toBeLessThanOrEqual(MAX_CONTENTS);
    expect(codeOf(() => sanitizeRichText(html))).toBeUndefined();
    expect(sanitizeMs(html)).toBeLessThan(100);
  });
});
