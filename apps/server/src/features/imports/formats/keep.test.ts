import { importAttachmentSrc } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import {
  buildZip,
  PNG_BYTES,
  recordProgress,
  zipImportFile,
} from "../../../../test/helpers/zip.js";
import { sanitizeRichText } from "../../../http/sanitize-html.js";
import { keepReader } from "./keep.js";

const noProgress = () => {};

/** 2024-05-06T07:08:09.123Z in Keep's microseconds. */
const CREATED_USEC = Date.UTC(2024, 4, 6, 7, 8, 9, 123) * 1000 + 456;
const EDITED_USEC = Date.UTC(2024, 5, 1) * 1000;

/** A Takeout note with the fields Keep always writes; `fields` adds or replaces. */
function keepNote(fields: Record<string, unknown>): string {
  return JSON.stringify({
    color: "DEFAULT",
    isTrashed: false,
    isPinned: false,
    isArchived: false,
    title: "",
    userEditedTimestampUsec: EDITED_USEC,
    createdTimestampUsec: CREATED_USEC,
    ...fields,
  });
}

async function readZip(entries: Record<string, string | Uint8Array>) {
  return keepReader.read(zipImportFile(buildZip(entries)), noProgress);
}

function memoAt(bundle: Awaited<ReturnType<typeof readZip>>, key: string) {
  const memo = bundle.memos.find((candidate) => candidate.key === key);
  if (!memo) throw new Error(`no memo ${key} among ${bundle.memos.map((m) => m.key).join(", ")}`);
  return memo;
}

describe("keepReader.recognises", () => {
  it.each([
    ["a Takeout zip", true, { "Takeout/Keep/메모.json": "{}", "Takeout/archive_browser.html": "" }],
    ["the Keep folder alone", true, { "Keep/note.json": "{}" }],
    ["a lower-case keep folder", true, { "keep/note.json": "{}" }],
    ["JSON elsewhere", false, { "notes/note.json": "{}", "Keep/sub/deep.json": "{}" }],
    ["a Markdown zip", false, { "Keep/note.md": "# hi" }],
  ])("%s → %s", (_, expected, entries) => {
    expect(keepReader.recognises(zipImportFile(buildZip(entries)))).toBe(expected);
  });
});

describe("keepReader.read", () => {
  it("puts every note in one Google Keep folder with its title, text, labels and times", async () => {
    const bundle = await readZip({
      "Takeout/Keep/장보기.json": keepNote({
        title: "장보기 목록",
        textContent: "우유 2개\n빵\n\n다음 문단",
        labels: [{ name: "생활" }, { name: "shopping" }],
      }),
      "Takeout/Keep/Labels.txt": "생활\nshopping\n",
      "Takeout/Keep/장보기.html": "<html></html>",
      "Takeout/archive_browser.html": "<html></html>",
    });
    expect(bundle.format).toBe("keep");
    expect(bundle.folders).toEqual([{ key: "keep", parentKey: null, title: "Google Keep" }]);
    expect(bundle.memos).toEqual([
      {
        key: "Takeout/Keep/장보기.json",
        folderKey: "keep",
        title: "장보기 목록",
        contents: "<p>우유 2개<br>빵</p><p>다음 문단</p>",
        tags: ["생활", "shopping"],
        createdAt: Date.UTC(2024, 4, 6, 7, 8, 9, 123),
        updatedAt: Date.UTC(2024, 5, 1),
        reviews: [],
        completions: [],
      },
    ]);
    expect(bundle.attachments).toEqual([]);
    expect(bundle.skipped).toEqual([]);
  });

  it("escapes Keep text, which is plain text, never HTML", async () => {
    const bundle = await readZip({
      "Keep/hostile.json": keepNote({
        title: "<b>not bold</b>",
        textContent: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
        textContentHtml: "<p>ignored</p>",
        listContent: [{ text: "<i>item</i>", isChecked: false }],
      }),
    });
    const memo = memoAt(bundle, "Keep/hostile.json");
    expect(memo.title).toBe("<b>not bold</b>");
    expect(memo.contents).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</p>" +
        "<ul><li>☐ &lt;i&gt;item&lt;/i&gt;</li></ul>",
    );
    // The sanitizer keeps it all as text (it writes a quote in text as is).
    expect(sanitizeRichText(memo.contents)).toBe(memo.contents.replaceAll("&quot;", '"'));
  });

  it("turns checklists into ☑/☐ lists, pinned into priority, archived into a tag", async () => {
    const bundle = await readZip({
      "Takeout/Keep/todo.json": keepNote({
        title: "To do",
        isPinned: true,
        isArchived: true,
        labels: [{ name: "집" }],
        listContent: [
          { text: "세탁", textHtml: "<p>세탁</p>", isChecked: true },
          { text: "call mom\nat 6", isChecked: false },
          { text: "", isChecked: false },
        ],
      }),
    });
    expect(memoAt(bundle, "Takeout/Keep/todo.json")).toMatchObject({
      title: "To do",
      contents: "<ul><li>☑ 세탁</li><li>☐ call mom<br>at 6</li></ul>",
      tags: ["집", "archived"],
      priority: 1,
    });
  });

  it("skips trashed and empty notes and reports unreadable JSON", async () => {
    const bundle = await readZip({
      "Takeout/Keep/trashed.json": keepNote({ title: "버린 메모", isTrashed: true }),
      "Takeout/Keep/empty.json": keepNote({ textContent: "  " }),
      "Takeout/Keep/broken.json": "{ not json",
      "Takeout/Keep/array.json": "[1, 2]",
      "Takeout/Keep/kept.json": keepNote({ textContent: "남은 메모" }),
    });
    expect(bundle.memos.map((memo) => [memo.key, memo.title])).toEqual([
      // Untitled: the writer takes the start of the text.
      ["Takeout/Keep/kept.json", ""],
    ]);
    expect(bundle.skipped).toEqual([
      { item: "버린 메모", reason: "TRASHED" },
      { item: "empty", reason: "EMPTY" },
      { item: "Takeout/Keep/broken.json", reason: "UNREADABLE", detail: expect.any(String) },
      { item: "Takeout/Keep/array.json", reason: "UNREADABLE", detail: "not a Keep note" },
    ]);
  });

  it("adds images beside the note as attachments and skips missing or non-image files", async () => {
    const bundle = await readZip({
      "Takeout/Keep/사진.json": keepNote({
        title: "사진",
        textContent: "여행",
        attachments: [
          { filePath: "1a2b3c.png", mimetype: "image/png" },
          // Takeout names some files .jpg that the JSON calls .jpeg.
          { filePath: "4d5e.jpeg", mimetype: "image/jpeg" },
          { filePath: "voice.3gp", mimetype: "audio/3gpp" },
          { filePath: "gone.png", mimetype: "image/png" },
        ],
        annotations: [
          { url: "https://example.com/a?b=1&c=2", title: "예시 <링크>", source: "WEBLINK" },
          { url: "javascript:alert(1)", title: "bad" },
        ],
      }),
      "Takeout/Keep/only-image.json": keepNote({
        attachments: [{ filePath: "1a2b3c.png", mimetype: "image/png" }],
      }),
      "Takeout/Keep/1a2b3c.png": PNG_BYTES,
      "Takeout/Keep/4d5e.jpg": PNG_BYTES,
      "Takeout/Keep/voice.3gp": "audio bytes",
      "Takeout/Keep/unused.png": PNG_BYTES,
    });
    const src = (key: string) => importAttachmentSrc(key);
    expect(memoAt(bundle, "Takeout/Keep/사진.json").contents).toBe(
      "<p>여행</p>" +
        `<p><img src="${src("Takeout/Keep/1a2b3c.png")}"></p>` +
        `<p><img src="${src("Takeout/Keep/4d5e.jpg")}"></p>` +
        '<ul><li><a href="https://example.com/a?b=1&amp;c=2">예시 &lt;링크&gt;</a></li></ul>',
    );
    expect(memoAt(bundle, "Takeout/Keep/only-image.json")).toMatchObject({
      title: "only-image",
      contents: `<p><img src="${src("Takeout/Keep/1a2b3c.png")}"></p>`,
    });
    expect(bundle.attachments.map((attachment) => attachment.key).sort()).toEqual([
      "Takeout/Keep/1a2b3c.png",
      "Takeout/Keep/4d5e.jpg",
    ]);
    expect(bundle.skipped).toEqual([
      { item: "gone.png", reason: "MEDIA_MISSING", detail: "named in Takeout/Keep/사진.json" },
      { item: "Takeout/Keep/voice.3gp", reason: "MEDIA_NOT_IMAGE" },
    ]);
  });

  it("reads timestamps given as strings and falls back when they are missing", async () => {
    const before = Date.now();
    const bundle = await readZip({
      "Keep/strings.json": keepNote({
        textContent: "a",
        createdTimestampUsec: String(CREATED_USEC),
        userEditedTimestampUsec: "1717200000000000",
      }),
      "Keep/edited-only.json": keepNote({ textContent: "b", createdTimestampUsec: undefined }),
      "Keep/none.json": keepNote({
        textContent: "c",
        createdTimestampUsec: "soon",
        userEditedTimestampUsec: 0,
      }),
    });
    expect(memoAt(bundle, "Keep/strings.json")).toMatchObject({
      createdAt: Date.UTC(2024, 4, 6, 7, 8, 9, 123),
      updatedAt: 1717200000000,
    });
    expect(memoAt(bundle, "Keep/edited-only.json")).toMatchObject({
      createdAt: Date.UTC(2024, 5, 1),
      updatedAt: Date.UTC(2024, 5, 1),
    });
    const none = memoAt(bundle, "Keep/none.json");
    expect(none.createdAt).toBeGreaterThanOrEqual(before);
    expect(none.updatedAt).toBe(none.createdAt);
  });

  it("reports progress up to the end", async () => {
    const { calls, progress } = recordProgress();
    const zip = buildZip({ "Keep/a.json": keepNote({ textContent: "a" }), "Keep/b.json": "{}" });
    await keepReader.read(zipImportFile(zip), progress);
    expect(calls.at(-1)).toEqual([2, 2]);
  });

  it("refuses a damaged zip with IMPORT_FILE_DAMAGED", async () => {
    const bytes = buildZip({ "Keep/a.json": keepNote({ textContent: "a".repeat(500) }) });
    const file = { bytes: bytes.slice(0, 60), zipEntryNames: ["Keep/a.json"] };
    await expect(keepReader.read(file, noProgress)).rejects.toMatchObject({
      code: "IMPORT_FILE_DAMAGED",
    });
  });
});
