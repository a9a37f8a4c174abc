import { AppError, type ImportBundle, importAttachmentSrc } from "@mnemo/domain";
import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  type AnkiLayout,
  buildAnkiPackage,
  buildBigAnkiPackage,
  encodeMeta,
  standardCollection,
} from "../../../../test/fixtures/anki-package.js";
import { ankiReader } from "./anki.js";
import type { ImportFile } from "./format-reader.js";
import { listZipEntries } from "./zip.js";

const T0 = Date.UTC(2024, 0, 15, 9, 0, 0);
const DAY = 86_400_000;

function fileOf(bytes: Uint8Array): ImportFile {
  return { bytes, zipEntryNames: listZipEntries(bytes) };
}

async function read(bytes: Uint8Array): Promise<ImportBundle> {
  return ankiReader.read(fileOf(bytes), () => {});
}

async function damagedError(bytes: Uint8Array, names?: string[]): Promise<unknown> {
  return ankiReader
    .read({ bytes, zipEntryNames: names ?? listZipEntries(bytes) }, () => {})
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe("ankiReader", () => {
  it.each<AnkiLayout>(["anki2", "anki21", "anki21b"])(
    "reads the %s layout into folders, memos, tags, reviews and attachments",
    async (layout) => {
      const bytes = buildAnkiPackage(standardCollection(), layout);
      expect(ankiReader.recognises(fileOf(bytes))).toBe(true);
      const progress: Array<[number, number]> = [];
      const bundle = await ankiReader.read(fileOf(bytes), (done, total) =>
        progress.push([done, total]),
      );

      expect(bundle.format).toBe("anki");
      expect(bundle.folders).toEqual([
        { key: "Cloze", parentKey: null, title: "Cloze" },
        { key: "Languages", parentKey: null, title: "Languages" },
        { key: "언어", parentKey: null, title: "언어" },
        { key: "Languages::English", parentKey: "Languages", title: "English" },
        { key: "언어::한국어", parentKey: "언어", title: "한국어" },
        { key: "Languages::English::Vocab", parentKey: "Languages::English", title: "Vocab" },
      ]);
      expect(progress.at(-1)).toEqual([6, 6]);

      const memo = (key: string) => bundle.memos.find((m) => m.key === key);
      expect(bundle.memos.map((m) => m.key)).toEqual([
        "ko-apple",
        "en-serendipity",
        "cloze-paris",
        "cloze-korean-nested",
        "media-trouble",
      ]);
      expect(memo("ko-apple")).toEqual({
        key: "ko-apple",
        folderKey: "언어::한국어",
        title: "사과",
        contents: `<p>apple <img src="${importAttachmentSrc("apple.png")}"></p>`,
        tags: ["korean", "과일"],
        createdAt: T0,
        updatedAt: T0 + 3_600_000,
        // The manual reschedule (ease 0) is not an answer.
        reviews: [
          { at: T0 + DAY, grade: 3 },
          { at: T0 + 4 * DAY, grade: 4 },
        ],
        completions: [],
      });
      // Only the first card's answers; the reverse card's are not the memo's.
      expect(memo("en-serendipity")).toMatchObject({
        folderKey: "Languages::English::Vocab",
        title: "serendipity & luck",
        contents: "<p>finding good things by chance</p>",
        tags: ["english", "vocab::rare"],
        reviews: [
          { at: T0 + DAY + 5, grade: 1 },
          { at: T0 + DAY + 600_000, grade: 3 },
        ],
      });
      // updatedAt is never before createdAt, even when mod (seconds) is.
      expect(memo("en-serendipity")?.updatedAt).toBe(T0 + 20_000);
      expect(memo("cloze-paris")).toMatchObject({
        folderKey: "Cloze",
        title: "The capital of [France] is [Paris].",
        contents: `<p>Extra <img src="${importAttachmentSrc("map.png")}"></p>`,
        reviews: [{ at: T0 + 5 * DAY, grade: 3 }],
      });
      // Nested clozes; a card borrowed by a filtered deck lives in its home deck.
      expect(memo("cloze-korean-nested")).toMatchObject({
        folderKey: "언어::한국어",
        title: "[서울은 [한국]의 수도]입니다",
        contents: "",
        tags: ["korean"],
        reviews: [],
      });
      expect(memo("media-trouble")).toMatchObject({
        folderKey: "Languages",
        title: "그림 없음",
        contents: `<p> <img src="${importAttachmentSrc("map.png")}"></p>`,
      });

      expect(bundle.attachments.map((a) => a.key).sort()).toEqual(["apple.png", "map.png"]);
      const apple = bundle.attachments.find((a) => a.key === "apple.png");
      const original = standardCollection().media.find((m) => m.name === "apple.png");
      expect(Buffer.from(apple?.bytes ?? [])).toEqual(Buffer.from(original?.bytes ?? []));
      expect(bundle.skipped).toEqual(
        expect.arrayContaining([
          { item: "serendipity.mp3", reason: "MEDIA_NOT_IMAGE", detail: "sound" },
          { item: "gone.png", reason: "MEDIA_MISSING", detail: "not in the media map" },
          {
            item: "diagram.svg",
            reason: "MEDIA_NOT_IMAGE",
            detail: "not a PNG, JPEG, GIF or WebP",
          },
          { item: "empty-note", reason: "EMPTY", detail: "a note with no text" },
        ]),
      );
      expect(bundle.skipped).toHaveLength(4);
    },
  );

  it("keeps the Default deck when it holds notes, with its cloze answers marked", async () => {
    const collection = standardCollection();
    const note = collection.notes[2];
    if (!note?.cards[0]) throw new Error("fixture changed");
    note.cards[0].deckId = 1;
    note.fields[1] = "{{c3::Seine::river}} flows there";
    const bundle = await read(buildAnkiPackage(collection, "anki21b"));
    expect(bundle.folders.map((f) => f.key)).toContain("Default");
    expect(bundle.memos.find((m) => m.key === "cloze-paris")).toMatchObject({
      folderKey: "Default",
      contents: "<p><mark>Seine</mark> flows there</p>",
    });
  });

  it("finds media named in NFD or percent-encoded form", async () => {
    const collection = standardCollection();
    const note = collection.notes[0];
    if (!note) throw new Error("fixture changed");
    collection.media.push({
      name: "그림 1.png",
      bytes: collection.media[0]?.bytes ?? new Uint8Array(),
    });
    note.fields[1] = `<img src="${"그림 1.png".normalize("NFD")}"><img src="%EA%B7%B8%EB%A6%BC%201.png">`;
    const bundle = await read(buildAnkiPackage(collection, "anki2"));
    // Both spellings are one attachment, keyed by the package's name; apple.png is used no more.
    expect(bundle.memos.find((m) => m.key === "ko-apple")?.contents).toBe(
      `<p><img src="${importAttachmentSrc("그림 1.png")}"><img src="${importAttachmentSrc("그림 1.png")}"></p>`,
    );
    expect(bundle.attachments.map((a) => a.key).sort()).toEqual(["map.png", "그림 1.png"]);
    expect(bundle.skipped.filter((s) => s.reason === "MEDIA_MISSING").map((s) => s.item)).toEqual([
      "gone.png",
    ]);
  });

  it("does not recognise a zip without an Anki collection", () => {
    const bytes = zipSync({ "notes.md": strToU8("# hello") });
    expect(ankiReader.recognises(fileOf(bytes))).toBe(false);
    expect(ankiReader.recognises({ bytes, zipEntryNames: null })).toBe(false);
  });

  const good = buildAnkiPackage(standardCollection(), "anki21b");
  const goodEntries = unzipSync(good);
  const withEntry = (name: string, bytes: Uint8Array) => zipSync({ ...goodEntries, [name]: bytes });
  it.each<[string, () => Uint8Array]>([
    ["a truncated zip", () => good.subarray(0, Math.floor(good.length / 2))],
    ["a collection that is not SQLite", () => withEntry("collection.anki21b", strToU8("hello"))],
    [
      "a truncated collection",
      () => {
        const legacy = unzipSync(buildAnkiPackage(standardCollection(), "anki2"));
        const col = legacy["collection.anki2"] as Uint8Array;
        return zipSync({ ...legacy, "collection.anki2": col.subarray(0, 2048) });
      },
    ],
    [
      "bad zstd",
      () => withEntry("collection.anki21b", Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3])),
    ],
    ["a bad media protobuf", () => withEntry("media", Uint8Array.from([0x0a, 0x7f, 0x01]))],
    [
      "a media map that is not JSON",
      () =>
        zipSync({
          ...unzipSync(buildAnkiPackage(standardCollection(), "anki2")),
          media: strToU8("{oops"),
        }),
    ],
  ])("refuses %s as IMPORT_FILE_DAMAGED", async (_label, make) => {
    const bytes = make();
    let names: string[];
    try {
      names = listZipEntries(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("IMPORT_FILE_DAMAGED");
      names = ["collection.anki21b"];
    }
    const error = await damagedError(bytes, names);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("IMPORT_FILE_DAMAGED");
  });

  it("refuses a package whose listed collection is absent", async () => {
    const bytes = zipSync({ meta: encodeMeta(3) });
    const error = await damagedError(bytes, ["meta"]);
    expect((error as AppError).code).toBe("IMPORT_FILE_DAMAGED");
  });

  it("reads 10,000 notes and 50,000 answers fast enough (≥ 2,000 notes/s)", async () => {
    const bytes = buildBigAnkiPackage();
    const started = performance.now();
    const bundle = await read(bytes);
    const seconds = (performance.now() - started) / 1000;
    const notesPerSecond = Math.round(bundle.memos.length / seconds);
    console.info(
      `anki reader: ${bundle.memos.length} notes in ${seconds.toFixed(3)} s = ${notesPerSecond} notes/s`,
    );
    expect(bundle.memos).toHaveLength(10_000);
    expect(bundle.memos.reduce((sum, memo) => sum + memo.reviews.length, 0)).toBe(50_000);
    expect(bundle.folders).toHaveLength(11);
    expect(notesPerSecond).toBeGreaterThan(2_000);
  });
});
