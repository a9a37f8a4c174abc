import { importAttachmentSrc } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import {
  buildZip,
  buildZipWithRawNames,
  PNG_BYTES,
  recordProgress,
  zipImportFile,
} from "../../../../test/helpers/zip.js";
import { sanitizeRichText } from "../../../http/sanitize-html.js";
import { MARKDOWN_PARSE_MAX_CHARS, markdownReader } from "./markdown.js";

const noProgress = () => {};

async function readZip(entries: Record<string, string | Uint8Array>) {
  return markdownReader.read(zipImportFile(buildZip(entries)), noProgress);
}

function memoAt(bundle: Awaited<ReturnType<typeof readZip>>, key: string) {
  const memo = bundle.memos.find((candidate) => candidate.key === key);
  if (!memo) throw new Error(`no memo ${key} among ${bundle.memos.map((m) => m.key).join(", ")}`);
  return memo;
}

const img = (key: string, alt: string) => `<img src="${importAttachmentSrc(key)}" alt="${alt}">`;

describe("markdownReader.recognises", () => {
  it.each([
    ["a zip with a .md file", true, buildZip({ "노트/메모.md": "# 안녕" })],
    ["an upper-case .MD", true, buildZip({ "README.MD": "hi" })],
    ["only hidden Markdown", false, buildZip({ ".obsidian/x.md": "", "__MACOSX/._a.md": "" })],
    ["a zip of images", false, buildZip({ "a.png": PNG_BYTES })],
  ])("%s → %s", (_, expected, bytes) => {
    expect(markdownReader.recognises(zipImportFile(bytes))).toBe(expected);
  });

  it("does not take a file that is no zip", () => {
    expect(markdownReader.recognises({ bytes: new Uint8Array([1, 2]), zipEntryNames: null })).toBe(
      false,
    );
  });
});

describe("markdownReader.read", () => {
  it("makes directories folders and files memos, ignoring hidden and empty ones", async () => {
    const bundle = await readZip({
      "root.md": "plain text at the root",
      "노트/": new Uint8Array(),
      "노트/한국어 메모.md": "본문",
      "notes/deep/English.md": "text",
      "attachments/pic.png": PNG_BYTES,
      ".obsidian/app.json": "{}",
      ".obsidian/snippet.md": "hidden",
      "__MACOSX/notes/._English.md": "junk",
      "notes/.hidden.md": "hidden",
      "notes/empty.md": "  \n\n",
    });
    expect(bundle.format).toBe("markdown");
    expect(bundle.folders).toEqual([
      { key: "노트", parentKey: null, title: "노트" },
      { key: "notes", parentKey: null, title: "notes" },
      { key: "notes/deep", parentKey: "notes", title: "deep" },
    ]);
    expect(bundle.memos.map((memo) => [memo.key, memo.folderKey, memo.title])).toEqual([
      ["root.md", null, "root"],
      ["노트/한국어 메모.md", "노트", "한국어 메모"],
      ["notes/deep/English.md", "notes/deep", "English"],
    ]);
    expect(bundle.attachments).toEqual([]);
    expect(bundle.skipped).toEqual([{ item: "notes/empty.md", reason: "EMPTY" }]);
  });

  it("takes the title from front matter, else a leading # heading (removed), else the name", async () => {
    const bundle = await readZip({
      "a.md": "---\ntitle: 앞머리 제목\n---\n# 다른 제목\n\n본문",
      "b.md": "\n# Heading Title\n\nBody **bold**",
      "c.md": "Intro\n\n# Not a title",
      "d.md": '---\ntitle: "Same"\n---\n# Same\n\ntext',
    });
    expect(memoAt(bundle, "a.md")).toMatchObject({
      title: "앞머리 제목",
      contents: "<h1>다른 제목</h1>\n<p>본문</p>\n",
    });
    expect(memoAt(bundle, "b.md")).toMatchObject({
      title: "Heading Title",
      contents: "<p>Body <strong>bold</strong></p>\n",
    });
    expect(memoAt(bundle, "c.md").title).toBe("c");
    expect(memoAt(bundle, "c.md").contents).toContain("<h1>Not a title</h1>");
    // Our own export may repeat the title as a heading: it is not shown twice.
    expect(memoAt(bundle, "d.md")).toMatchObject({ title: "Same", contents: "<p>text</p>\n" });
  });

  it("reads tags from front matter lists and strings and inline #tags outside code and URLs", async () => {
    const bundle = await readZip({
      "list.md": [
        "---",
        "tags:",
        "  - 공부",
        '  - "#영어"',
        "  - 영어 단어",
        "---",
        "본문 #한국어 and #nested/tag-1 and #snake_case, not#this, not #1984.",
        "",
        "`#inline_code` and https://example.com/#anchor and <https://example.com/#auto>",
        "",
        "```",
        "#notatag in a fence",
        "```",
        "",
        "    #indented_code",
        "",
        "## Heading with #heading_tag",
      ].join("\n"),
      "string.md": '---\ntags: "vocab, #grammar 문법"\n---\ntext #vocab',
      "obsidian.md": "---\ntag: single\n---\ntext",
    });
    expect(memoAt(bundle, "list.md").tags).toEqual([
      "공부",
      "영어",
      "영어 단어",
      "한국어",
      "nested/tag-1",
      "snake_case",
      "heading_tag",
    ]);
    expect(memoAt(bundle, "string.md").tags).toEqual(["vocab", "grammar", "문법"]);
    expect(memoAt(bundle, "obsidian.md").tags).toEqual(["single"]);
    // The text keeps the tags as written.
    expect(memoAt(bundle, "list.md").contents).toContain("본문 #한국어 and");
  });

  it("turns local images into attachments, remote ones into links, wiki links into text", async () => {
    const bundle = await readZip({
      "노트/그림 메모.md": [
        "![그림](../attachments/%EA%B7%B8%EB%A6%BC%201.png)",
        "",
        "![[pic.png]] and ![[pic.png|200]] and ![[diagram.PNG]]",
        "",
        "![remote](https://example.com/a.png) [[Other note|별칭]] [[Plain#Part]] ![[Embedded note]]",
        "",
        "![missing](nowhere.png) ![[missing.png]] ![fake](fake.png)",
      ].join("\n"),
      "attachments/그림 1.png": PNG_BYTES,
      "img/deep/pic.png": PNG_BYTES,
      "img/Diagram.png": PNG_BYTES,
      "노트/fake.png": "not an image at all",
      "unused.png": PNG_BYTES,
    });
    const memo = memoAt(bundle, "노트/그림 메모.md");
    expect(memo.contents).toBe(
      [
        `<p>${img("attachments/그림 1.png", "그림")}</p>`,
        `<p>${img("img/deep/pic.png", "pic.png")} and ${img("img/deep/pic.png", "pic.png")} and ${img("img/Diagram.png", "diagram.PNG")}</p>`,
        '<p><a href="https://example.com/a.png">remote</a> 별칭 Plain &gt; Part Embedded note</p>\n',
      ].join("\n"),
    );
    expect(bundle.attachments.map((attachment) => attachment.key).sort()).toEqual([
      "attachments/그림 1.png",
      "img/Diagram.png",
      "img/deep/pic.png",
    ]);
    expect(bundle.attachments[0]?.bytes).toEqual(PNG_BYTES);
    expect(bundle.skipped).toEqual([
      { item: "nowhere.png", reason: "MEDIA_MISSING", detail: "named in 노트/그림 메모.md" },
      { item: "missing.png", reason: "MEDIA_MISSING", detail: "named in 노트/그림 메모.md" },
      { item: "노트/fake.png", reason: "MEDIA_NOT_IMAGE" },
    ]);
    // Folders only for directories with notes in them.
    expect(bundle.folders.map((folder) => folder.key)).toEqual(["노트"]);
  });

  it("renders GFM as the editor shows it", async () => {
    const bundle = await readZip({
      "gfm.md": [
        "line one",
        "line two ~~struck~~ ==marked #hl== a == b, x==y ===",
        "",
        "- [ ] 할 일",
        "- [x] done",
        "",
        "#### deep heading",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
        "",
        "[local](other.md) [web](https://example.com) [mail](mailto:a@b.c)",
      ].join("\n"),
    });
    expect(memoAt(bundle, "gfm.md").tags).toEqual(["hl"]);
    expect(memoAt(bundle, "gfm.md").contents).toBe(
      [
        "<p>line one<br>line two <s>struck</s> <mark>marked #hl</mark> a == b, x==y ===</p>",
        "<ul>",
        "<li>☐ 할 일</li>",
        "<li>☑ done</li>",
        "</ul>",
        "<h3>deep heading</h3>",
        "<p>a | b</p>",
        "<p>1 | 2</p>",
        '<p>local <a href="https://example.com">web</a> <a href="mailto:a@b.c">mail</a></p>\n',
      ].join("\n"),
    );
  });

  it("passes hostile HTML to the writer, whose sanitizer removes it", async () => {
    const bundle = await readZip({
      "hostile.md": [
        "<script>alert(1)</script>",
        "",
        '<img src="x" onerror="alert(1)"> [click](javascript:alert(1)) ![x](javascript:alert(1))',
        "",
        '<a href="javascript:alert(1)">raw</a> 안전한 글',
      ].join("\n"),
    });
    const contents = memoAt(bundle, "hostile.md").contents;
    // A Markdown link to another scheme is its text alone; raw HTML is the sanitizer's.
    expect(contents).toContain("> click </p>");
    const sanitized = sanitizeRichText(contents);
    expect(sanitized).not.toMatch(/<script|onerror|javascript:/);
    expect(sanitized).toContain("안전한 글");
  });

  it("imports the body of a file whose front matter is not YAML and reports it", async () => {
    const bundle = await readZip({
      "bad.md": "---\ntitle: [unclosed\ntags: x\n---\nbody #kept",
      "list.md": "---\n- just\n- a list\n---\nbody",
    });
    expect(memoAt(bundle, "bad.md")).toMatchObject({
      title: "bad",
      tags: ["kept"],
      contents: "<p>body #kept</p>\n",
    });
    expect(memoAt(bundle, "list.md").contents).toBe("<p>body</p>\n");
    expect(bundle.skipped).toEqual([
      {
        item: "bad.md",
        reason: "UNREADABLE",
        detail: expect.stringMatching(/^front matter is not valid YAML: /),
      },
      { item: "list.md", reason: "UNREADABLE", detail: "front matter is not a YAML mapping" },
    ]);
  });

  it("takes dates from front matter when valid, else the import time", async () => {
    const before = Date.now();
    const bundle = await readZip({
      "both.md": "---\ncreated: 2024-03-01T09:00:00+09:00\nupdated: 2024-03-02T00:00:00Z\n---\nx",
      "created.md": "---\ncreated: 2023-01-01T00:00:00Z\n---\nx",
      "invalid.md": "---\ncreated: not a date\nupdated: 2024-13-45\n---\nx",
      "none.md": "x",
    });
    const after = Date.now();
    expect(memoAt(bundle, "both.md")).toMatchObject({
      createdAt: Date.UTC(2024, 2, 1),
      updatedAt: Date.UTC(2024, 2, 2),
    });
    expect(memoAt(bundle, "created.md")).toMatchObject({
      createdAt: Date.UTC(2023, 0, 1),
      updatedAt: Date.UTC(2023, 0, 1),
    });
    for (const key of ["invalid.md", "none.md"]) {
      const memo = memoAt(bundle, key);
      expect(memo.createdAt).toBeGreaterThanOrEqual(before);
      expect(memo.createdAt).toBeLessThanOrEqual(after);
      expect(memo.updatedAt).toBe(memo.createdAt);
    }
  });

  it("reads back a zip in our own Markdown export's layout", async () => {
    const bundle = await readZip({
      "Mnemo/공부/영단어.md": [
        "---",
        'title: "영단어: apple"',
        "tags:",
        "  - 영어",
        "  - vocab",
        "created: 2024-01-02T03:04:05.000Z",
        "updated: 2024-02-03T04:05:06.000Z",
        "reviews: 3",
        "mnemo_id: abcDEF123_x",
        "---",
        "",
        "# 영단어: apple",
        "",
        "사과 **apple**",
        "",
        "![사과](attachments/apple%20red.png)",
      ].join("\n"),
      "Mnemo/공부/attachments/apple red.png": PNG_BYTES,
      "Mnemo/Inbox.md":
        "---\ntitle: Inbox\ntags: []\ncreated: 2024-01-01T00:00:00.000Z\nupdated: 2024-01-01T00:00:00.000Z\nreviews: 0\nmnemo_id: inbox1\n---\n\n![a](../attachments/x.png)\n",
      "attachments/x.png": PNG_BYTES,
    });
    expect(bundle.folders).toEqual([
      { key: "Mnemo", parentKey: null, title: "Mnemo" },
      { key: "Mnemo/공부", parentKey: "Mnemo", title: "공부" },
    ]);
    expect(memoAt(bundle, "Mnemo/공부/영단어.md")).toEqual({
      key: "Mnemo/공부/영단어.md",
      folderKey: "Mnemo/공부",
      id: "abcDEF123_x",
      title: "영단어: apple",
      contents: `<p>사과 <strong>apple</strong></p>\n<p>${img("Mnemo/공부/attachments/apple red.png", "사과")}</p>\n`,
      tags: ["영어", "vocab"],
      createdAt: Date.UTC(2024, 0, 2, 3, 4, 5),
      updatedAt: Date.UTC(2024, 1, 3, 4, 5, 6),
      reviews: [],
      completions: [],
    });
    expect(memoAt(bundle, "Mnemo/Inbox.md")).toMatchObject({
      id: "inbox1",
      tags: [],
      contents: `<p>${img("attachments/x.png", "a")}</p>\n`,
    });
    expect(bundle.attachments.map((attachment) => attachment.key).sort()).toEqual([
      "Mnemo/공부/attachments/apple red.png",
      "attachments/x.png",
    ]);
    expect(bundle.skipped).toEqual([]);
  });

  it("reads Korean names zipped without the UTF-8 flag (macOS NFD, Windows CP949)", async () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const zip = buildZipWithRawNames([
      [utf8("한국어 폴더/메모.md".normalize("NFD")), "맥에서 #압축"],
      [Uint8Array.from([0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee, 0x2e, 0x6d, 0x64]), "윈도우"],
    ]);
    const bundle = await markdownReader.read(zipImportFile(zip), noProgress);
    expect(bundle.folders).toEqual([{ key: "한국어 폴더", parentKey: null, title: "한국어 폴더" }]);
    expect(bundle.memos.map((memo) => [memo.key, memo.title, memo.tags])).toEqual([
      ["한국어 폴더/메모.md", "메모", ["압축"]],
      ["한국어.md", "한국어", []],
    ]);
  });

  it("reads a file written in CP949", async () => {
    const cp949 = Uint8Array.from([0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee, 0x20, 0x23, 0x61]);
    const bundle = await readZip({ "old.md": cp949 });
    expect(memoAt(bundle, "old.md")).toMatchObject({ contents: "<p>한국어 #a</p>\n", tags: ["a"] });
  });

  it("imports a body too long to parse as Markdown as plain text paragraphs", async () => {
    const line = "긴 글 a **b <b>x</b> ==c ";
    const body = `${line.repeat(MARKDOWN_PARSE_MAX_CHARS / line.length + 1)}\n\nend`;
    const started = Date.now();
    const bundle = await readZip({ "long.md": `---\ntags: [long]\n---\n${body}` });
    // Parsed as Markdown this takes seconds (marked's inline rules grow faster than the length).
    expect(Date.now() - started).toBeLessThan(2_000);
    const memo = memoAt(bundle, "long.md");
    expect(memo.tags).toEqual(["long"]);
    expect(memo.contents.startsWith("<p>긴 글 a **b &lt;b&gt;x&lt;/b&gt; ==c 긴 글")).toBe(true);
    expect(memo.contents.endsWith("</p><p>end</p>")).toBe(true);
  });

  it("reports progress up to the end", async () => {
    const { calls, progress } = recordProgress();
    await markdownReader.read(zipImportFile(buildZip({ "a.md": "a", "b/c.md": "c" })), progress);
    expect(calls.at(-1)).toEqual([4, 4]);
    expect(calls.every(([done, total]) => done <= total)).toBe(true);
  });

  it("refuses a damaged zip with IMPORT_FILE_DAMAGED", async () => {
    const bytes = buildZip({ "a.md": "a".repeat(1000), "b.md": "b" });
    const file = { bytes: bytes.slice(0, bytes.length - 30), zipEntryNames: ["a.md", "b.md"] };
    await expect(markdownReader.read(file, noProgress)).rejects.toMatchObject({
      code: "IMPORT_FILE_DAMAGED",
    });
  });
});
