import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ImportBundle,
  type ImportedFolder,
  importAttachmentSrc,
  sniffImageType,
} from "@mnemo/domain";
import Database from "better-sqlite3";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { tinyPng } from "../../../../test/fixtures/anki-package.js";
import { ankiReader } from "./anki.js";
import { writeAnkiPackage } from "./anki-export.js";
import { listZipEntries } from "./zip.js";

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const DAY = 86_400_000;
const RED = tinyPng([255, 0, 0]);
const BLUE = tinyPng([0, 0, 255]);

/** A bundle as the export helper makes it from a user's data: keys are ids. */
function userBundle(): ImportBundle {
  return {
    format: "mnemo",
    folders: [
      { key: "f-lang", parentKey: null, title: "언어" },
      { key: "f-ko", parentKey: "f-lang", title: "한국어" },
      { key: "f-en", parentKey: "f-lang", title: "English" },
      { key: "f-other", parentKey: null, title: "Other" },
      // A sibling with the same title, and a title with Anki's separator in it.
      { key: "f-other-2", parentKey: null, title: "Other" },
      { key: "f-colon", parentKey: "f-other", title: "a::b" },
    ],
    memos: [
      {
        key: "m-apple",
        folderKey: "f-ko",
        title: "사과",
        contents: `<p>apple <img src="${importAttachmentSrc("att-red")}"></p>`,
        tags: ["과일", "korean"],
        createdAt: T0,
        updatedAt: T0 + 5000,
        reviews: [
          { at: T0 + DAY, grade: 3 },
          { at: T0 + 3 * DAY, grade: 1 },
          { at: T0 + 4 * DAY, grade: 4 },
        ],
        completions: [],
      },
      {
        key: "m-html",
        folderKey: "f-en",
        title: "<b> & \"quotes\" 'too'",
        contents: `<p>one</p><p>two <img src="${importAttachmentSrc("att-blue")}"></p>`,
        tags: ["two words"],
        createdAt: T0 + 1000,
        updatedAt: T0 + 9000,
        reviews: [{ at: T0 + 2 * DAY, grade: 2 }],
        completions: [],
      },
      {
        key: "m-root",
        folderKey: null,
        title: "Root memo",
        contents: "<p>in no folder</p>",
        tags: [],
        createdAt: T0 + 2000,
        updatedAt: T0 + 2000,
        reviews: [],
        completions: [],
      },
      {
        key: "m-colon",
        folderKey: "f-colon",
        title: "Same created time",
        contents: "<p>ids must not clash</p>",
        tags: [],
        createdAt: T0,
        updatedAt: T0,
        reviews: [{ at: T0 + DAY, grade: 3 }],
        completions: [],
      },
      {
        key: "m-other-2",
        folderKey: "f-other-2",
        title: "두 번째 Other",
        contents: "<p>x</p>",
        tags: [],
        createdAt: T0 + 3000,
        updatedAt: T0 + 3000,
        reviews: [],
        completions: [],
      },
    ],
    attachments: [
      { key: "att-red", bytes: RED },
      { key: "att-blue", bytes: BLUE },
    ],
    skipped: [],
  };
}

function folderPath(folders: ImportedFolder[], key: string | null): string {
  if (key === null) return "(root)";
  const parts: string[] = [];
  let current = folders.find((f) => f.key === key);
  while (current) {
    parts.unshift(current.title);
    const parentKey: string | null = current.parentKey;
    current = folders.find((f) => f.key === parentKey);
  }
  return parts.join("/");
}

/** Contents with each attachment reference replaced by the SHA-1 of its bytes. */
function contentsByBytes(bundle: ImportBundle, contents: string): string {
  return contents.replace(/src="attachment:([^"]*)"/g, (_whole, key: string) => {
    const attachment = bundle.attachments.find((a) => a.key === decodeURIComponent(key));
    return `src="sha1:${createHash("sha1")
      .update(attachment?.bytes ?? new Uint8Array())
      .digest("hex")}"`;
  });
}

describe("writeAnkiPackage", () => {
  it("round-trips through the Anki reader: folders, memos, tags, reviews and images", async () => {
    const bundle = userBundle();
    const bytes = writeAnkiPackage(bundle, { now: NOW });
    const file = { bytes, zipEntryNames: listZipEntries(bytes) };
    expect(ankiReader.recognises(file)).toBe(true);
    const back = await ankiReader.read(file, () => {});

    expect(back.folders.map((f) => folderPath(back.folders, f.key)).sort()).toEqual(
      ["Default", "Other", "Other (2)", "Other/a:b", "언어", "언어/English", "언어/한국어"].sort(),
    );
    expect(back.skipped).toEqual([]);
    const expected = bundle.memos.map((memo) => ({
      key: memo.key,
      folder:
        memo.folderKey === null
          ? "Default"
          : folderPath(bundle.folders, memo.folderKey)
              .replace("Other/a::b", "Other/a:b")
              .replace(/^Other$/, memo.folderKey === "f-other-2" ? "Other (2)" : "Other"),
      title: memo.title,
      contents: contentsByBytes(bundle, memo.contents),
      tags: memo.tags.map((tag) => tag.replaceAll(" ", "_")),
      createdAt: memo.createdAt,
      updatedAt: memo.updatedAt,
      reviews: memo.reviews,
    }));
    const actual = back.memos.map((memo) => ({
      key: memo.key,
      folder: folderPath(back.folders, memo.folderKey),
      title: memo.title,
      contents: contentsByBytes(back, memo.contents),
      tags: memo.tags,
      createdAt: memo.createdAt,
      updatedAt: memo.updatedAt,
      reviews: memo.reviews,
    }));
    // Anki's ids are times in ms and unique: the memo created at the same ms as another, and its
    // answer given at the same ms as another's, move on by one ms.
    const clashing = expected.find((memo) => memo.key === "m-colon");
    if (!clashing) throw new Error("fixture changed");
    Object.assign(clashing, {
      createdAt: T0 + 1,
      updatedAt: T0 + 1,
      reviews: [{ at: T0 + DAY + 1, grade: 3 }],
    });
    expect(actual.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      expected.sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it("writes an ungraded review as Good (ease 3)", async () => {
    const bundle = userBundle();
    const first = bundle.memos[0];
    if (!first) throw new Error("fixture changed");
    first.reviews = [{ at: T0 + DAY, grade: null }];
    const bytes = writeAnkiPackage(bundle, { now: NOW });
    const back = await ankiReader.read({ bytes, zipEntryNames: listZipEntries(bytes) }, () => {});
    expect(back.memos.find((m) => m.key === "m-apple")?.reviews).toEqual([
      { at: T0 + DAY, grade: 3 },
    ]);
  });

  it("keeps Anki's field separator out of the fields, remote images in and unknown ones out", async () => {
    const bundle = userBundle();
    const first = bundle.memos[0];
    if (!first) throw new Error("fixture changed");
    first.title = "사과\x1fapple";
    first.contents =
      '<p>a\x1fb <img src="https://example.com/x.png"><img src="/api/attachments/gone"></p>';
    const bytes = writeAnkiPackage(bundle, { now: NOW });
    const back = await ankiReader.read({ bytes, zipEntryNames: listZipEntries(bytes) }, () => {});
    expect(back.memos.find((m) => m.key === "m-apple")).toMatchObject({
      title: "사과 apple",
      contents: '<p>ab <img src="https://example.com/x.png"></p>',
    });
  });

  it("writes a collection that matches Anki's schema 11 (an independent check)", () => {
    const bundle = userBundle();
    const entries = unzipSync(writeAnkiPackage(bundle, { now: NOW }));
    expect(Object.keys(entries).sort()).toEqual(["0", "1", "collection.anki2", "media"]);

    // media: {"0": name, …}, each entry a real image.
    const media = JSON.parse(strFromU8(entries.media as Uint8Array)) as Record<string, string>;
    expect(Object.keys(media).sort()).toEqual(["0", "1"]);
    for (const [entry, name] of Object.entries(media)) {
      expect(sniffImageType(entries[entry] as Uint8Array)).toBe("image/png");
      expect(name).toMatch(/\.png$/);
    }

    const db = new Database(Buffer.from(entries["collection.anki2"] as Uint8Array), {
      readonly: true,
    });
    try {
      // Tables and columns exactly as rslib/src/storage/schema11.sql.
      const schema11: Record<string, string[]> = {
        col: "id crt mod scm ver dty usn ls conf models decks dconf tags".split(" "),
        notes: "id guid mid mod usn tags flds sfld csum flags data".split(" "),
        cards:
          "id nid did ord mod usn type queue due ivl factor reps lapses left odue odid flags data".split(
            " ",
          ),
        revlog: "id cid usn ease ivl lastIvl factor time type".split(" "),
        graves: "usn oid type".split(" "),
      };
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all() as Array<{ name: string }>;
      expect(tables.map((t) => t.name)).toEqual(Object.keys(schema11).sort());
      for (const [table, columns] of Object.entries(schema11)) {
        const info = db.pragma(`table_info(${table})`) as Array<{ name: string; notnull: number }>;
        expect(info.map((c) => c.name)).toEqual(columns);
      }
      const indexes = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
        .all() as Array<{ name: string }>;
      expect(indexes.map((i) => i.name)).toEqual([
        "ix_cards_nid",
        "ix_cards_sched",
        "ix_cards_usn",
        "ix_notes_csum",
        "ix_notes_usn",
        "ix_revlog_cid",
        "ix_revlog_usn",
      ]);

      const col = db.prepare("SELECT * FROM col").get() as Record<string, string | number>;
      expect(col.ver).toBe(11);
      const models = JSON.parse(col.models as string) as Record<
        string,
        {
          id: number;
          flds: Array<{ name: string; ord: number }>;
          tmpls: Array<{ qfmt: string; afmt: string }>;
        }
      >;
      const [model] = Object.values(models);
      expect(Object.keys(models)).toHaveLength(1);
      expect(model?.flds.map((f) => [f.name, f.ord])).toEqual([
        ["Front", 0],
        ["Back", 1],
      ]);
      expect(model?.tmpls).toHaveLength(1);
      expect(model?.tmpls[0]?.qfmt).toContain("{{Front}}");
      expect(model?.tmpls[0]?.afmt).toContain("{{Back}}");
      const decks = JSON.parse(col.decks as string) as Record<string, { id: number; name: string }>;
      expect(
        Object.values(decks)
          .map((d) => d.name)
          .sort(),
      ).toEqual(
        [
          "Default",
          "Other",
          "Other (2)",
          "Other::a:b",
          "언어",
          "언어::English",
          "언어::한국어",
        ].sort(),
      );
      for (const [id, deck] of Object.entries(decks)) expect(deck.id).toBe(Number(id));
      expect(Object.keys(JSON.parse(col.dconf as string))).toEqual(["1"]);

      const notes = db.prepare("SELECT * FROM notes").all() as Array<{
        id: number;
        guid: string;
        mid: number;
        flds: string;
        sfld: string;
        csum: number;
        tags: string;
      }>;
      expect(notes).toHaveLength(bundle.memos.length);
      expect(new Set(notes.map((n) => n.id)).size).toBe(notes.length);
      const strip = (html: string) =>
        html
          .replace(/<[^>]*>/g, "")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, "&");
      for (const note of notes) {
        expect(note.mid).toBe(model?.id);
        const fields = note.flds.split("\x1f");
        expect(fields).toHaveLength(2);
        const stripped = strip(fields[0] as string);
        expect(note.sfld).toBe(stripped);
        const sha1 = createHash("sha1").update(stripped).digest("hex");
        expect(note.csum).toBe(Number.parseInt(sha1.slice(0, 8), 16));
        expect(note.tags === "" || /^ \S+( \S+)* $/.test(note.tags)).toBe(true);
        for (const src of (fields[1] as string).matchAll(/src="([^"]*)"/g)) {
          expect(Object.values(media)).toContain(src[1]);
        }
      }
      expect(notes.find((n) => n.guid === "m-html")?.flds.split("\x1f")[0]).toBe(
        "&lt;b&gt; &amp; &quot;quotes&quot; &#39;too&#39;",
      );

      const cards = db.prepare("SELECT * FROM cards").all() as Array<Record<string, number>>;
      expect(cards).toHaveLength(notes.length);
      const noteIds = new Set(notes.map((n) => n.id));
      for (const card of cards) {
        expect(noteIds.has(card.nid as number)).toBe(true);
        expect(decks[String(card.did)]).toBeDefined();
        expect(card.ord).toBe(0);
      }
      const revlog = db.prepare("SELECT * FROM revlog ORDER BY id").all() as Array<
        Record<string, number>
      >;
      expect(revlog).toHaveLength(5);
      const cardIds = new Set(cards.map((c) => c.id));
      for (const row of revlog) {
        expect(cardIds.has(row.cid as number)).toBe(true);
        expect([1, 2, 3, 4]).toContain(row.ease);
        expect(row.ivl).toBeGreaterThan(0);
      }
      // The card's state follows its last review: a review card with its answers and lapses.
      const apple = notes.find((n) => n.guid === "m-apple");
      const appleCard = cards.find((c) => c.nid === apple?.id);
      // Answers at days 1 (Good), 3 (Again), 4 (Easy): intervals 2 and 1 until the next answer,
      // then Easy's 4 days; due on day 8 counted from the collection's day 0 (the earliest memo).
      expect(appleCard).toMatchObject({ type: 2, queue: 2, reps: 3, lapses: 1, ivl: 4, due: 8 });
      expect(
        revlog
          .filter((r) => r.cid === appleCard?.id)
          .map((r) => [r.ease, r.type, r.ivl, r.lastIvl]),
      ).toEqual([
        [3, 0, 2, 0],
        [1, 2, 1, 2],
        [4, 1, 4, 1],
      ]);
      const rootCard = cards.find((c) => c.nid === notes.find((n) => n.guid === "m-root")?.id);
      expect(rootCard).toMatchObject({ type: 0, queue: 0, did: 1, reps: 0 });
    } finally {
      db.close();
    }
  });

  it("is read back by an independent reader (CPython's zipfile and sqlite3, Anki's legacy layout)", () => {
    const bundle = userBundle();
    const dir = mkdtempSync(join(tmpdir(), "mnemo-apkg-"));
    try {
      const file = join(dir, "export.apkg");
      writeFileSync(file, writeAnkiPackage(bundle, { now: NOW }));
      const script = new URL("../../../../test/fixtures/read-apkg.py", import.meta.url).pathname;
      const run = spawnSync("python3", [script, file], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      const read = JSON.parse(run.stdout);
      expect(read).toMatchObject({ ver: 11, integrity: "ok" });
      expect(read.notes).toHaveLength(bundle.memos.length);
      const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
      expect(Object.values(read.media).sort()).toEqual([sha256(RED), sha256(BLUE)].sort());
      for (const note of read.notes) {
        expect(note).toMatchObject({ model: "Basic", fieldNames: ["Front", "Back"] });
        // Plain first fields: the sort field is the field, its checksum the first 8 hex digits of
        // its SHA-1 (fields with markup or entities are stripped first; the check above covers them).
        if (!/[<&]/.test(note.fields[0])) {
          expect(note.sfldMatches).toBe(true);
          const sha1 = createHash("sha1").update(note.fields[0]).digest("hex");
          expect(note.csum).toBe(Number.parseInt(sha1.slice(0, 8), 16));
        }
      }
      const apple = read.notes.find((note: { fields: string[] }) => note.fields[0] === "사과");
      expect(apple).toMatchObject({ tags: ["과일", "korean"], decks: ["언어::한국어"] });
      expect(apple.revlog).toEqual([
        { at: T0 + DAY, ease: 3 },
        { at: T0 + 3 * DAY, ease: 1 },
        { at: T0 + 4 * DAY, ease: 4 },
      ]);
      const [, redName] = /<img src="([^"]+)"/.exec(apple.fields[1]) ?? [];
      expect(read.media[redName as string]).toBe(sha256(RED));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
