import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize-html.js";

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
    ['<img src="https://e.com/a.png" onerror="x()">', '<img src="https://e.com/a.png" />'],
    [
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" />',
    ],
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
