import { describe, expect, it } from "vitest";
import { PREVIEW_LENGTH } from "../constants.js";
import { isEmptyRichText, PREVIEW_ELLIPSIS, previewFromHtml, textFromHtml } from "./preview.js";

const KOREAN_200 = "가나다라마바사아자차".repeat(20);

describe("previewFromHtml", () => {
  it.each([
    {
      name: "Korean with inline markup",
      html: "<p>안녕하세요 <b>세계</b></p>",
      expected: "안녕하세요 세계",
    },
    { name: "English paragraphs", html: "<p>Hello</p><p>World</p>", expected: "Hello World" },
    {
      name: "inline tags join letters",
      html: "<b>bold</b>face <i>기울임</i>꼴",
      expected: "boldface 기울임꼴",
    },
    {
      name: "br variants",
      html: "줄1<br>줄2<BR/>line3<br />line4",
      expected: "줄1 줄2 line3 line4",
    },
    { name: "list items", html: "<ul><li>하나</li><li>two</li></ul>", expected: "하나 two" },
    { name: "headings and divs", html: "<h1>제목</h1><div>Body</div>", expected: "제목 Body" },
    { name: "table cells", html: "<table><tr><td>a</td><td>b</td></tr></table>", expected: "a b" },
    { name: "script dropped", html: "<script>alert('해킹')</script>본문", expected: "본문" },
    {
      name: "style dropped",
      html: '<style type="text/css">p { color: red }</style>text',
      expected: "text",
    },
    { name: "upper-case script", html: "<SCRIPT>x()</SCRIPT>y", expected: "y" },
    { name: "script never closed", html: "앞<script>var a = '<p>';", expected: "앞" },
    { name: "comment dropped", html: "<!-- 주석 <p>x</p> -->보임", expected: "보임" },
    {
      name: "doctype dropped",
      html: "<!DOCTYPE html><html><body>본문</body></html>",
      expected: "본문",
    },
    {
      name: "quoted > in attributes",
      html: `<a href="x>y" title='a>b'>링크</a>`,
      expected: "링크",
    },
    { name: "spaces around =", html: `<a href = "x>y">link</a>`, expected: "link" },
    { name: "bare < is text", html: "a < b, 1<2", expected: "a < b, 1<2" },
    {
      name: "unterminated tag at the end",
      html: "<p>열린 태그 <b class='x",
      expected: "열린 태그",
    },
    { name: "unterminated comment", html: "text<!-- 끝없음", expected: "text" },
    {
      name: "basic entities",
      html: "Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#39; &apos;y&apos;",
      expected: `Tom & Jerry <3 "hi" 'x' 'y'`,
    },
    { name: "decoded once", html: "&amp;lt;b&amp;gt;", expected: "&lt;b&gt;" },
    { name: "escaped markup stays text", html: "&lt;b&gt;굵게&lt;/b&gt;", expected: "<b>굵게</b>" },
    {
      name: "typographic entities",
      html: "a&hellip; &ldquo;b&rdquo; &mdash; &middot;",
      expected: "a… “b” — ·",
    },
    { name: "decimal and hex Hangul", html: "&#xAC00;&#44032;&#Xac01;", expected: "가가각" },
    { name: "astral numeric entity", html: "웃음&#128512;", expected: "웃음😀" },
    {
      name: "invalid code points",
      html: "&#0;&#xD800;&#x110000;&#99999999999;",
      expected: "\ufffd".repeat(4),
    },
    {
      name: "unknown or unterminated names",
      html: "&unknown; &amp &constructor;",
      expected: "&unknown; &amp &constructor;",
    },
    { name: "nbsp collapses", html: "&nbsp;&nbsp;a&nbsp;&nbsp;b&nbsp;", expected: "a b" },
    {
      name: "whitespace runs",
      html: "<p>\n  여러   줄\t\n</p>\r\n<p>lines</p>",
      expected: "여러 줄 lines",
    },
    { name: "ideographic space", html: "\u3000전각\u3000\u3000공백\u3000", expected: "전각 공백" },
    { name: "empty", html: "", expected: "" },
    { name: "only markup", html: "<p><br></p><p></p>", expected: "" },
    {
      name: "image only",
      html: '<p><img src="data:image/png;base64,AAAA" alt="그림"></p>',
      expected: "",
    },
    { name: "plain text", html: "그냥 텍스트 plain text", expected: "그냥 텍스트 plain text" },
  ])("extracts text: $name", ({ html, expected }) => {
    expect(previewFromHtml(html)).toBe(expected);
  });

  it.each([
    {
      name: "200 Korean characters",
      html: `<p>${KOREAN_200}</p>`,
      expected: `${KOREAN_200.slice(0, 120)}…`,
    },
    { name: "exactly 120 letters stays whole", html: "a".repeat(120), expected: "a".repeat(120) },
    { name: "121 letters", html: "a".repeat(121), expected: `${"a".repeat(120)}…` },
    {
      name: "emoji as the 120th code point stays whole",
      html: `${"a".repeat(119)}😀`,
      expected: `${"a".repeat(119)}😀`,
    },
    {
      name: "emoji across the cut is not split",
      html: `<p>${"가".repeat(119)}😀😀</p>`,
      expected: `${"가".repeat(119)}😀…`,
    },
    {
      name: "emoji only",
      html: "🍎".repeat(150),
      expected: `${"🍎".repeat(120)}…`,
    },
    {
      name: "collapsed spaces count once",
      html: `<p>${"한국어".repeat(1)}</p>${"<p>한국어</p>\n\n".repeat(39)}`,
      expected: `${Array(40).fill("한국어").join(" ").slice(0, 120)}…`,
    },
    {
      name: "markup does not count",
      html: `${"<b>ab</b>".repeat(60)}<i>c</i>`,
      expected: `${"ab".repeat(60)}…`,
    },
    {
      name: "trailing whitespace is trimmed before measuring",
      html: `${"b".repeat(120)}   <p> </p>&nbsp;`,
      expected: "b".repeat(120),
    },
    {
      name: "a million characters",
      html: `<p>${"x".repeat(1_000_000)}</p>`,
      expected: `${"x".repeat(120)}…`,
    },
  ])("cuts at 120 code points: $name", ({ html, expected }) => {
    const preview = previewFromHtml(html);
    expect(preview).toBe(expected);
    expect(Array.from(preview).length).toBeLessThanOrEqual(PREVIEW_LENGTH + 1);
    if (preview.endsWith(PREVIEW_ELLIPSIS)) {
      expect(Array.from(preview).length).toBe(PREVIEW_LENGTH + 1);
    }
    expect(preview).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe("textFromHtml", () => {
  it.each([
    ["", ""],
    ["<p>  </p>", ""],
    ["<p>한국어를</p><p>배웠다</p>", "한국어를 배웠다"],
    ["<p> a  <b>b</b>c </p>\n<ul><li>d</li></ul>", "a bc d"],
    ["x &amp;lt; &#54620;<script>y</script><!-- z -->", "x &lt; 한"],
  ])("%j is %j", (html, text) => {
    expect(textFromHtml(html)).toBe(text);
  });

  it("keeps the whole text, past the preview's length", () => {
    const long = "가".repeat(PREVIEW_LENGTH * 3);
    expect(textFromHtml(`<p>${long}</p>`)).toBe(long);
  });
});

describe("isEmptyRichText", () => {
  it.each([
    { html: "", expected: true },
    { html: "   \n\t", expected: true },
    { html: "<p></p>", expected: true },
    { html: "<p><br></p>", expected: true },
    { html: "<p><br/></p>\n<p></p>", expected: true },
    { html: "<p>&nbsp;</p>", expected: true },
    { html: "<div><p> </p></div>", expected: true },
    { html: "<p>\u200b\ufeff</p>", expected: true },
    { html: "<!-- 메모 -->", expected: true },
    { html: "<script>alert(1)</script>", expected: true },
    { html: '<p class="ql-align-center"><span style="color:red"></span></p>', expected: true },
    { html: "a", expected: false },
    { html: "<p>안녕</p>", expected: false },
    { html: "<p>Hello</p>", expected: false },
    { html: "<p>&amp;</p>", expected: false },
    { html: "<p>&#44032;</p>", expected: false },
    { html: '<p><img src="photo.png"></p>', expected: false },
    { html: '<video src="clip.mp4"></video>', expected: false },
    { html: '<iframe src="https://www.youtube.com/embed/x"></iframe>', expected: false },
    { html: "<p><br></p><p>끝</p>", expected: false },
  ])("isEmptyRichText($html) is $expected", ({ html, expected }) => {
    expect(isEmptyRichText(html)).toBe(expected);
  });
});
