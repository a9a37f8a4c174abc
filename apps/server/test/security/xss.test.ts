import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { foldSearchText, isEmptyRichText, normalizeSubjectName } from "@mnemo/domain";
import {
  type DefaultTreeAdapterTypes,
  defaultTreeAdapter,
  html,
  parse,
  parseFragment,
  serialize,
} from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient, TestResponse } from "../helpers/client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { clientFromFreshIp, signUpVerified } from "../helpers/users.js";

// Memo contents are rich text the web app renders as HTML, so what the server stores and answers
// is checked the way a browser reads it: parsed by parse5 (the WHATWG parsing algorithm), then
// every element and attribute compared with what the editor produces. Titles and flash-card hints
// are plain text: stored and answered exactly as sent, and escaped by the UI like any text.

/** Known XSS vectors: scripts, handlers, URL schemes, foreign content and parser tricks. */
const PAYLOADS: readonly string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT>alert(1)</SCRIPT>",
  "<ScRiPt >alert(1)</sCrIpT >",
  "<script\n>alert(1)</script\n>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>alert(1);//<</script>",
  '<script src="https://evil.example/x.js"></script>',
  '<script/xss src="https://evil.example/x.js"></script>',
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "<IMG SRC=x ONERROR=alert(1)>",
  '<img src="x" onerror  =  "alert(1)">',
  "<img/src=x/onerror=alert(1)>",
  '<img src=x onerror="&#97;lert(1)">',
  "<img src=x onerror=alert(1)//",
  '<img src="javascript:alert(1)">',
  '<img src=" data:text/html,<script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://ok.example/a.png" onload="alert(1)" style="x:expression(alert(1))">',
  '<img alt="<script>alert(1)</script>" src="https://ok.example/a.png">',
  '<img title="--><script>alert(1)</script>" src="https://ok.example/a.png">',
  "<svg onload=alert(1)>",
  "<svg/onload=alert(1)",
  "<svg><script>alert(1)</script></svg>",
  "<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>",
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<svg><set attributeName=onmouseover to=alert(1)>",
  '<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>x</text></a></svg>',
  '<svg><animate xlink:href=#x attributeName=href values="javascript:alert(1)" /><a id=x><text>x</text></a></svg>',
  "<body onload=alert(1)>",
  '<div onmouseover="alert(1)">hover</div>',
  "<div/onclick=alert(1)>x</div>",
  "<p onclick=alert(1)>x</p>",
  '<span class="highlight" onmouseover="alert(1)">x</span>',
  "<details open ontoggle=alert(1)>",
  '<video><source onerror="alert(1)"></video>',
  '<a href="javascript:alert(1)">x</a>',
  "<a href=javascript:alert(1)>x</a>",
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="&#x20;javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav&NewLine;ascript&colon;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="&#0000106avascript:alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript&#58;msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="data&#58;text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
  '<a href=" data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<a href="https://ok.example/"onmouseover="alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>',
  '<embed src="javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  "<button onfocus=alert(1) autofocus>x</button>",
  "<input onfocus=alert(1) autofocus>",
  '<style>body{background:url("javascript:alert(1)")}</style>',
  "<style>@import 'https://evil.example/x.css';</style>",
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="import" href="https://evil.example/x.html">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<math><a xlink:href="javascript:alert(1)">x</a></math>',
  "<template><script>alert(1)</script></template>",
  "<template><img src=x onerror=alert(1)></template>",
  "<!--><img src=x onerror=alert(1)>-->",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<![CDATA[<img src=x onerror=alert(1)>]]>",
  "<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>",
  "<title><img src=x onerror=alert(1)></title>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<textarea><script>alert(1)</script></textarea>",
  "<plaintext><img src=x onerror=alert(1)>",
  "<frameset onload=alert(1)>",
  "<marquee onstart=alert(1)>x</marquee>",
  "<isindex action=javascript:alert(1) type=submit value=x>",
  // Issue 16: end tags hidden where they close nothing, deep nesting near the sanitizer's bound.
  '<b><i title="</b>"><script>alert(1)</script></i></b>',
  "<p><!--</p><script>alert(1)</script>--></p>",
  `${"<b>".repeat(60)}<img src=x onerror=alert(1)>${"</b>".repeat(60)}`,
  `${"<ul><li>".repeat(40)}<a href="javascript:alert(1)">x</a>`,
  '<a href="https://ok.example" title="&quot;><script>alert(1)</script>">x</a>',
];

/** What the editor produces: these elements, each with only these attributes. */
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  code: ["class"],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ["start"],
  li: [],
  h1: [],
  h2: [],
  h3: [],
  a: ["href", "rel", "target"],
  img: ["src", "alt"],
  hr: [],
  span: ["class"],
  mark: ["class"],
};

/** Elements that run script, load documents or change how the page is parsed. */
const FORBIDDEN_ELEMENTS = [
  "script",
  "iframe",
  "embed",
  "object",
  "style",
  "meta",
  "base",
  "link",
  "form",
  "svg",
  "math",
  "template",
  "noscript",
];

/** URL schemes each URL attribute may use; a relative URL has none. */
const SAFE_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  href: ["http", "https", "mailto"],
  src: [],
};
/** The one image source the editor writes: an image stored on this server (PRODUCT.md › Images). */
const STORED_IMAGE_SRC = /^\/api\/attachments\/[A-Za-z0-9_-]{1,64}$/;

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** The contents as a browser parses them inside the memo view's `<div>`. */
function parseContents(contents: string): DefaultTreeAdapterTypes.DocumentFragment {
  const context = defaultTreeAdapter.createElement("div", html.NS.HTML, []);
  return parseFragment(context, contents, {});
}

function elementsOf(node: ParentNode): Element[] {
  const found: Element[] = [];
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    found.push(child, ...elementsOf(child));
    if (child.tagName === "template" && "content" in child) {
      found.push(...elementsOf(defaultTreeAdapter.getTemplateContent(child)));
    }
  }
  return found;
}

/** The text a reader sees, in document order (comments are not text). */
function textOf(node: ParentNode): string {
  return node.childNodes
    .map((child) => {
      if (child.nodeName === "#text" && "value" in child) return child.value;
      return "childNodes" in child ? textOf(child) : "";
    })
    .join("");
}

/** The scheme a browser sees: it drops edge controls and spaces, and tabs and newlines anywhere. */
function schemeOf(url: string): string | null {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end -= 1;
  const cleaned = url
    .slice(start, end)
    .replace(/[\t\n\r]/g, "")
    .toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(cleaned)?.[1] ?? null;
}

/** Every part of `contents` that could run script or load something active; empty when safe. */
function executableParts(contents: string): string[] {
  const problems: string[] = [];
  if (/<\s*script/i.test(contents)) problems.push("the text <script");
  for (const element of elementsOf(parseContents(contents))) {
    const tag = element.tagName;
    if (element.namespaceURI !== html.NS.HTML) problems.push(`<${tag}> in ${element.namespaceURI}`);
    if (FORBIDDEN_ELEMENTS.includes(tag)) problems.push(`forbidden <${tag}>`);
    const allowed = ALLOWED_ATTRIBUTES[tag];
    if (!allowed) problems.push(`unexpected <${tag}>`);
    for (const { name, value } of element.attrs) {
      if (/^on/i.test(name)) problems.push(`handler ${tag}[${name}]`);
      if (!allowed?.includes(name)) problems.push(`unexpected ${tag}[${name}]`);
      const schemes = SAFE_SCHEMES[name];
      const scheme = schemeOf(value);
      if (schemes && scheme !== null && !schemes.includes(scheme)) {
        problems.push(`${scheme}: URL in ${tag}[${name}]`);
      }
      if (name === "src" && !STORED_IMAGE_SRC.test(value)) {
        problems.push(`image source ${value} not on this server in ${tag}[${name}]`);
      }
    }
  }
  return problems;
}

/**
 * Safe as stored, and still safe once a browser has parsed and re-serialized it (the editor loads
 * the HTML and saves what it serializes: mutation XSS hides in that round trip).
 */
function expectNothingExecutable(contents: string) {
  expect(executableParts(contents)).toEqual([]);
  expect(executableParts(serialize(parseContents(contents)))).toEqual([]);
}

const withoutSpace = (text: string) => text.replace(/\s+/g, "");

/**
 * The preview is the text a reader sees in the contents (block boundaries become spaces, so
 * spaces are left out of the comparison), never anything of their markup. It is plain text: when
 * the contents show `<img …>` as text (a `<plaintext>` or `<title>` payload), so does the preview,
 * and the UI escapes it like the title.
 */
function expectPreviewOf(memo: { contents: string; preview: string }) {
  expect(withoutSpace(memo.preview)).toBe(withoutSpace(textOf(parseContents(memo.contents))));
}

let server: TestServer;
let client: TestClient;
/** The folder of memos created with a payload (shown on home). */
let createdFolderId: string;
/** The folder of memos changed to a payload (not shown on home). */
let patchedFolderId: string;
/** Payload → the memo created with it, and the memo patched with it. */
const memoIdsOf = new Map<string, { created: string; patched: string }>();

const BENIGN = "<p>처음 내용</p>";

/** A built web app's index.html, for the server-rendered page of a shared memo. */
const INDEX_HTML =
  '<!doctype html><html lang="ko"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Mnemo" /><title>Mnemo</title></head>' +
  '<body><div id="root"></div></body></html>';
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "mnemo-xss-web-"));
  writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  server = await startTestServer({ env: { WEB_DIST: webDist } });
  ({ client } = await signUpVerified(server));
  createdFolderId = (await client.post("/api/folders", { title: "만든 것" })).body.folder.id;
  patchedFolderId = (
    await client.post("/api/folders", { title: "바꾼 것", showAtHomeReviewList: false })
  ).body.folder.id;
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

/**
 * The server-rendered page of a shared memo as a browser reads it (parse5): only the elements of
 * index.html plus the title and meta tags, every value as text, nothing that runs.
 */
function expectSafeSharedPage(page: string, memo: { title: string }) {
  const document = parse(page);
  const problems: string[] = [];
  const metas = new Map<string, string>();
  let title: string | null = null;
  for (const element of elementsOf(document)) {
    const tag = element.tagName;
    const attrs = new Map(element.attrs.map(({ name, value }) => [name, value]));
    if (!["html", "head", "body", "meta", "title", "div"].includes(tag)) {
      problems.push(`unexpected <${tag}>`);
    }
    for (const name of attrs.keys()) {
      if (!["lang", "charset", "name", "property", "content", "id"].includes(name)) {
        problems.push(`unexpected ${tag}[${name}]`);
      }
    }
    if (tag === "title") title = textOf(element);
    const key = attrs.get("name") ?? attrs.get("property");
    if (tag === "meta" && key) metas.set(key, attrs.get("content") ?? "");
  }
  expect(problems).toEqual([]);
  expect(title).toBe(`${memo.title} · Mnemo`);
  expect(metas.get("og:title")).toBe(memo.title);
}

describe("memo contents, title and hint with XSS payloads", () => {
  it("covers at least 50 payloads, at most 100 (one page of each list below)", () => {
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
    expect(PAYLOADS.length).toBeLessThanOrEqual(100);
  });

  it.each(PAYLOADS)("POST /api/memos keeps nothing executable of %s", async (payload) => {
    const response = await client.post("/api/memos", {
      folderId: createdFolderId,
      title: payload,
      contents: payload,
      flashCardHint: payload,
    });
    expect(response.status).toBe(201);
    const stored = (await client.get(`/api/memos/${response.body.memo.id}`)).body.memo;
    expect(stored).toEqual(response.body.memo);
    expectNothingExecutable(stored.contents);
    expectPreviewOf(stored);
    expect(stored.title).toBe(payload.trim());
    expect(stored.flashCardHint).toBe(payload);
    memoIdsOf.set(payload, { created: stored.id, patched: "" });
  });

  it.each(PAYLOADS)("PATCH /api/memos/:memoId keeps nothing executable of %s", async (payload) => {
    const memo = (
      await client.post("/api/memos", {
        folderId: patchedFolderId,
        title: "제목",
        contents: BENIGN,
      })
    ).body.memo;
    const response = await client.patch(`/api/memos/${memo.id}`, {
      title: payload,
      contents: payload,
      flashCardHint: payload,
    });
    expect(response.status).toBe(200);
    const stored = (await client.get(`/api/memos/${memo.id}`)).body.memo;
    expect(stored).toEqual(response.body.memo);
    expectNothingExecutable(stored.contents);
    expectPreviewOf(stored);
    expect(stored.title).toBe(payload.trim());
    expect(stored.flashCardHint).toBe(payload);
    // A change sanitizes exactly as a create does; contents that sanitize to nothing are
    // "empty" and leave the old contents (PRODUCT.md › Editing and deleting).
    const created = memoIdsOf.get(payload);
    if (created) {
      const asCreated = (await client.get(`/api/memos/${created.created}`)).body.memo.contents;
      expect(stored.contents).toBe(isEmptyRichText(asCreated) ? BENIGN : asCreated);
      created.patched = memo.id;
    }
  });

  it("lists show the payload memos' previews, titles and hints as stored, as plain text", async () => {
    expect(memoIdsOf.size).toBe(PAYLOADS.length);
    const payloadOf = new Map<string, string>();
    for (const [payload, ids] of memoIdsOf) {
      payloadOf.set(ids.created, payload);
      payloadOf.set(ids.patched, payload);
    }
    const listed = [];
    for (const folderId of [createdFolderId, patchedFolderId]) {
      const response = await client.get(`/api/folders/${folderId}/memos?limit=100`);
      expect(response.status).toBe(200);
      expect(response.body.nextCursor).toBeNull();
      listed.push(...response.body.memos);
    }
    const home = await client.get("/api/home/review-list?limit=100");
    expect(home.status).toBe(200);
    expect(home.body.memos).toHaveLength(PAYLOADS.length);
    listed.push(...home.body.memos);
    expect(listed).toHaveLength(PAYLOADS.length * 3);
    for (const summary of listed) {
      const payload = payloadOf.get(summary.id) ?? "";
      const detail = (await client.get(`/api/memos/${summary.id}`)).body.memo;
      expect(summary.preview).toBe(detail.preview);
      expect(summary.title).toBe(payload.trim());
      expect(summary.flashCardHint).toBe(payload);
    }
  });

  it.each(["alert", '"<script"', "onerror", "javascript:"])(
    "GET /api/search?q=%s answers snippets whose only markup is <mark>",
    async (q) => {
      expect(memoIdsOf.size).toBe(PAYLOADS.length);
      const results: Array<{ snippet: string }> = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ q, limit: "100", ...(cursor ? { cursor } : {}) });
        const response: TestResponse = await client.get(`/api/search?${query}`);
        expect(response.status).toBe(200);
        results.push(...response.body.results);
        cursor = response.body.nextCursor;
      } while (cursor);
      // Title and hint hold the payload as typed, so every payload with the query in it is found.
      const expected = PAYLOADS.filter((payload) =>
        payload.toLowerCase().includes(q.replaceAll('"', "")),
      );
      expect(results.length).toBeGreaterThanOrEqual(expected.length);
      for (const result of results) {
        const elements = elementsOf(parseContents(result.snippet));
        expect(elements.length, result.snippet).toBeGreaterThan(0);
        for (const element of elements) {
          expect(element.tagName, result.snippet).toBe("mark");
          expect(element.attrs, result.snippet).toEqual([]);
          expect(foldSearchText(textOf(element)), result.snippet).toBe(q.replaceAll('"', ""));
        }
      }
    },
  );

  it("answers JSON with nosniff, so a browser never reads a raw title as HTML", async () => {
    const { created } = memoIdsOf.get(PAYLOADS[0] ?? "") ?? { created: "" };
    for (const path of [
      `/api/memos/${created}`,
      `/api/folders/${createdFolderId}/memos`,
      "/api/home/review-list",
    ]) {
      const response = await client.get(path);
      expect(response.headers.get("content-type")).toMatch(/^application\/json\b/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("shared memos and the scratch text with XSS payloads", () => {
  it.each(PAYLOADS)("GET /api/public/… answers nothing executable of %s", async (payload) => {
    const folderId = (
      await client.post("/api/folders", { title: "공유한 것", showAtHomeReviewList: false })
    ).body.folder.id;
    const memo = (await client.post("/api/memos", { folderId, title: payload, contents: payload }))
      .body.memo;
    const share = await client.put(`/api/memos/${memo.id}/share`);
    expect(share.status).toBe(200);
    // Each visitor from an address of its own: the public route is limited per address.
    const { countryCode, shareToken } = share.body.share;
    const visitor = clientFromFreshIp(server);
    const response = await visitor.get(`/api/public/${countryCode}/memos/${shareToken}`);
    expect(response.status).toBe(200);
    expect(response.body.memo).toEqual({
      id: memo.id,
      title: payload.trim(),
      contents: memo.contents,
      preview: memo.preview,
      createdAt: memo.createdAt,
      updatedAt: memo.updatedAt,
    });
    expectNothingExecutable(response.body.memo.contents);
    expectPreviewOf(response.body.memo);
    expect(response.headers.get("content-type")).toMatch(/^application\/json\b/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");

    // Its page, with the title and description in meta tags for link previews.
    const page = await visitor.get(share.body.share.path);
    expect(page.status).toBe(200);
    expectSafeSharedPage(page.body, response.body.memo);
  });

  it("puts replacement patterns of a title ($&, $`) in the page as text", async () => {
    const title = "$& $` $' $$ $<name> </title><script>alert(1)</script> 제목";
    const memo = (await client.post("/api/memos", { folderId: createdFolderId, title })).body.memo;
    const { share } = (await client.put(`/api/memos/${memo.id}/share`)).body;
    const page = await clientFromFreshIp(server).get(share.path);
    expect(page.status).toBe(200);
    expectSafeSharedPage(page.body, { title });
  });

  it.each(PAYLOADS)("PUT /api/text keeps nothing executable of %s", async (payload) => {
    const response = await client.put("/api/text", { contents: payload });
    expect(response.status).toBe(200);
    const stored = (await client.get("/api/text")).body.text;
    expect(stored).toEqual(response.body.text);
    expectNothingExecutable(stored.contents);
    // The same sanitizer as memo contents.
    const created = memoIdsOf.get(payload);
    if (created) {
      const asMemo = (await client.get(`/api/memos/${created.created}`)).body.memo.contents;
      expect(stored.contents).toBe(asMemo);
    }
  });
});

describe("memo contents with benign rich text", () => {
  it("keeps formatting, lists, headings, code, https and mailto links, images and Korean", async () => {
    const contents =
      "<h2>제목</h2><p><strong>굵게</strong>, <em>기울임</em>, <u>밑줄</u>, <s>취소</s>, " +
      '<mark class="highlight">강조</mark> 😀</p><ul><li>하나</li><li>둘</li></ul>' +
      '<ol start="3"><li>셋</li></ol><blockquote><p>인용</p></blockquote>' +
      '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>' +
      '<p><a href="https://example.com/%EA%B8%B8?q=1&amp;r=2">링크</a> ' +
      '<a href="mailto:someone@example.com">메일</a></p>' +
      '<p><img src="/api/attachments/AbcDef_12-x" alt="그림" /></p><hr />';
    const response = await client.post("/api/memos", {
      folderId: createdFolderId,
      title: "한국어 제목 😀",
      contents,
    });
    expect(response.status).toBe(201);
    expect(response.body.memo.contents).toBe(
      "<h2>제목</h2><p><strong>굵게</strong>, <em>기울임</em>, <u>밑줄</u>, <s>취소</s>, " +
        '<mark class="highlight">강조</mark> 😀</p><ul><li>하나</li><li>둘</li></ul>' +
        '<ol start="3"><li>셋</li></ol><blockquote><p>인용</p></blockquote>' +
        '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>' +
        '<p><a href="https://example.com/%EA%B8%B8?q=1&amp;r=2" rel="noopener noreferrer nofollow" target="_blank">링크</a> ' +
        '<a href="mailto:someone@example.com" rel="noopener noreferrer nofollow" target="_blank">메일</a></p>' +
        '<p><img src="/api/attachments/AbcDef_12-x" alt="그림" /></p><hr />',
    );
    expect(response.body.memo.preview).toBe(
      "제목 굵게, 기울임, 밑줄, 취소, 강조 😀 하나 둘 셋 인용 const a = 1 < 2; 링크 메일",
    );
    expect(response.body.memo.title).toBe("한국어 제목 😀");
    expectNothingExecutable(response.body.memo.contents);
  });
});

/**
 * Images from anywhere but this server's image store: each loses its image (the text around it
 * stays), so no memo makes a reader's browser fetch another address or run anything.
 */
const IMAGE_PAYLOADS: readonly string[] = [
  '<img src="https://tracker.example/pixel.gif">',
  '<img src="http://tracker.example/pixel.gif" alt="x">',
  '<img src="//tracker.example/api/attachments/abc">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="/api/attachments/abc/../../memos/x">',
  '<img src="/api/attachments/abc?download=1">',
  '<img src="/api/attachments/abc#x">',
  '<img src="/api/attachments/%2e%2e/memos">',
  '<img src=" /api/attachments/abc">',
  '<img src="&#x2f;api/attachments/abc&#x3f;x">',
  '<img src="/API/attachments/abc">',
  '<img src="/api/attachments/abc" srcset="https://tracker.example/a.png 2x">',
  '<img src="/api/attachments/abc" onerror="alert(1)" title="t" style="x" width="1">',
  '<img src="/api/attachments/abc" alt="&quot; onerror=&quot;alert(1)">',
  '<picture><source srcset="https://tracker.example/a.png"><img src="/api/attachments/abc"></picture>',
  '<p style="background:url(https://tracker.example/a.png)">배경</p>',
  '<video poster="https://tracker.example/a.png"></video>',
  '<input type="image" src="https://tracker.example/a.png">',
  '<a href="/api/attachments/abc"><img src="javascript:alert(1)"></a>',
];

describe("memo contents with image payloads", () => {
  it.each(IMAGE_PAYLOADS)(
    "POST /api/memos keeps no image from elsewhere of %s",
    async (payload) => {
      const response = await client.post("/api/memos", {
        folderId: patchedFolderId,
        title: "그림",
        contents: `<p>앞</p>${payload}<p>뒤</p>`,
      });
      expect(response.status).toBe(201);
      const { contents } = response.body.memo;
      expectNothingExecutable(contents);
      expect(withoutSpace(textOf(parseContents(contents)))).toContain("앞");
      for (const element of elementsOf(parseContents(contents))) {
        if (element.tagName !== "img") continue;
        expect(element.attrs).toEqual([
          { name: "src", value: "/api/attachments/abc" },
          ...element.attrs.filter((attr) => attr.name === "alt"),
        ]);
      }
    },
  );

  it("keeps an image stored here with its alt text, as the editor writes it", async () => {
    const contents = '<p>앞</p><img src="/api/attachments/Abc_12-z" alt="고양이 &quot;사진&quot;">';
    const response = await client.post("/api/memos", {
      folderId: patchedFolderId,
      title: "그림",
      contents,
    });
    expect(response.body.memo.contents).toBe(
      '<p>앞</p><img src="/api/attachments/Abc_12-z" alt="고양이 &quot;사진&quot;" />',
    );
  });
});

describe("imported memo contents with XSS payloads", () => {
  /** The payloads, and references to a file's images written to smuggle something in. */
  const IMPORTED = [
    ...PAYLOADS,
    '<img src="attachment:x.png" onerror="alert(1)">',
    "<img src='attachment:javascript:alert(1)'>",
    '<img src="attachment:%22%3E%3Cscript%3Ealert(1)%3C/script%3E">',
    '<img alt="attachment:" src="attachment:../../memos">',
  ];
  const importedIds = new Map<string, string>();

  beforeAll(async () => {
    const memos = IMPORTED.map((payload, i) => {
      const id = `xssImport${String(i).padStart(8, "0")}`;
      importedIds.set(payload, id);
      return { id, title: payload, contents: payload, flashCardHint: payload, folderId: "root" };
    }).map((memo) => ({ ...memo, userId: "u", createdAt: 1, updatedAt: 1 }));
    const form = new FormData();
    form.append("file", new Blob([JSON.stringify({ memos })]), "export.json");
    const started = await client.postForm("/api/imports", form);
    expect(started.status).toBe(202);
    for (let attempt = 0; attempt < 400; attempt++) {
      const job = (await client.get(`/api/imports/${started.body.import.id}`)).body.import;
      if (job.status === "done") return;
      if (job.status === "failed") throw new Error(`import failed: ${job.errorCode}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the import did not end");
  });

  it.each(IMPORTED)("POST /api/imports keeps nothing executable of %s", async (payload) => {
    const response = await client.get(`/api/memos/${importedIds.get(payload)}`);
    if (response.status === 404) {
      // Only a memo without any text is left out (EMPTY).
      expect(isEmptyRichText(payload)).toBe(true);
      return;
    }
    const stored = response.body.memo;
    expectNothingExecutable(stored.contents);
    expectPreviewOf(stored);
    if (payload.trim().length <= 500) expect(stored.title).toBe(payload.trim());
    expect(stored.flashCardHint).toBe(payload.slice(0, 2_000));
  });
});

describe("subject names with XSS payloads", () => {
  // Names are plain text shown to everyone of a country: stored and answered as sent (trimmed),
  // as JSON the browser never sniffs as HTML.
  const names = PAYLOADS.filter((payload) => payload.trim().length <= 100);

  it("covers at least 40 payloads", () => {
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it("stores and lists every payload name as plain text", async () => {
    const expected = names.map(normalizeSubjectName).filter((name) => name !== "");
    for (let start = 0; start < names.length; start += 50) {
      // A verified account adds at most 50 names a day.
      const { client: adder } = await signUpVerified(server);
      const response = await adder.post("/api/subjects", {
        names: names.slice(start, start + 50),
        countryCode: "GL",
      });
      expect(response.status).toBe(200);
    }
    const list = await client.get("/api/subjects?countryCode=GL&limit=500");
    expect(list.headers.get("content-type")).toMatch(/^application\/json\b/);
    expect(list.headers.get("x-content-type-options")).toBe("nosniff");
    const listed = list.body.subjects.map((subject: { name: string }) => subject.name);
    expect(listed).toEqual(expect.arrayContaining(expected));
  });
});
