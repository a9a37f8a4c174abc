import { createHash } from "node:crypto";
import {
  DAY_MS,
  escapeHtml,
  IMPORT_ATTACHMENT_SRC_PREFIX,
  type ImportBundle,
  type ImportedMemo,
  sniffImageType,
} from "@mnemo/domain";
import Database from "better-sqlite3";
import { zipSync } from "fflate";

// Export to Anki (issue 11 §3): a legacy schema-11 `.apkg` (`collection.anki2`, a JSON `media`
// map, media as the zip entries `0`, `1`, …), the layout every Anki since 2.0 imports and that
// AnkiDroid and the other readers still take. One Basic note type (Front/Back); a folder is a deck
// named by its path (`A::B`), a memo one note with one card: its title is Front, its contents
// Back; tags are the note's tags; reviews are revlog rows; the card's state follows its last
// review. Memos in no folder go to Anki's Default deck.

/**
 * The tables of Anki's schema 11 (rslib/src/storage/schema11.sql), which a legacy package's
 * collection has; the newer tables are created by Anki when it upgrades the file on import.
 */
export const ANKI_SCHEMA11_SQL = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
  scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
  ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
  sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
  ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
  queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL,
  odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
  ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL,
  time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

/** The id of the Basic note type a Mnemo export writes (fixed, so re-imports find it again). */
export const MNEMO_NOTETYPE_ID = 1_700_000_000_000;
const DEFAULT_DECK_ID = 1;
const DEFAULT_CONF_ID = 1;
const FIELD_SEPARATOR = "\x1f";
/** Anki's starting ease, in permille. */
const STARTING_FACTOR = 2500;

/** Anki's note checksum: the first 4 bytes of the SHA-1 of the stripped first field, as an int. */
export function ankiFieldChecksum(text: string): number {
  return createHash("sha1").update(text, "utf8").digest().readUInt32BE(0);
}

/** Today's and a deck's "today" counters of schema 11: `[day, amount]`. */
const TODAY = { lrnToday: [0, 0], revToday: [0, 0], newToday: [0, 0], timeToday: [0, 0] };

function deckJson(id: number, name: string, modSecs: number): object {
  return {
    id,
    name,
    mod: modSecs,
    usn: -1,
    ...TODAY,
    collapsed: false,
    browserCollapsed: false,
    desc: "",
    dyn: 0,
    conf: DEFAULT_CONF_ID,
    extendNew: 0,
    extendRev: 0,
  };
}

function modelJson(modSecs: number): object {
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: "Arial",
    size: 20,
  });
  return {
    id: MNEMO_NOTETYPE_ID,
    name: "Basic",
    type: 0,
    mod: modSecs,
    usn: -1,
    sortf: 0,
    did: DEFAULT_DECK_ID,
    tmpls: [
      {
        name: "Card 1",
        ord: 0,
        qfmt: "{{Front}}",
        afmt: "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}",
        bqfmt: "",
        bafmt: "",
        did: null,
        bfont: "",
        bsize: 0,
      },
    ],
    flds: [field("Front", 0), field("Back", 1)],
    css: ".card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n  color: black;\n  background-color: white;\n}\n",
    latexPre:
      "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
    latexPost: "\\end{document}",
    latexsvg: false,
    req: [[0, "any", [0]]],
    tags: [],
    vers: [],
  };
}

function deckConfigJson(modSecs: number): object {
  return {
    id: DEFAULT_CONF_ID,
    mod: modSecs,
    name: "Default",
    usn: -1,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: {
      bury: false,
      delays: [1, 10],
      initialFactor: STARTING_FACTOR,
      ints: [1, 4, 0],
      order: 1,
      perDay: 20,
    },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  };
}

/** A folder title as one part of a deck name: `::` would split it. */
function deckPart(title: string): string {
  const part = title.replaceAll("::", ":").trim();
  return part === "" ? "-" : part;
}

/**
 * Deck names by folder key (`A::B` from the folders' titles), unique: a second sibling with the
 * same title gets ` (2)`.
 */
function deckNames(bundle: ImportBundle): Map<string, string> {
  const byKey = new Map(bundle.folders.map((folder) => [folder.key, folder]));
  const names = new Map<string, string>();
  const taken = new Set<string>(["Default"]);
  const nameOf = (key: string, seen: Set<string>): string => {
    const known = names.get(key);
    if (known !== undefined) return known;
    const folder = byKey.get(key);
    if (!folder) return "Default";
    const parentKey = folder.parentKey;
    const parent =
      parentKey !== null && byKey.has(parentKey) && !seen.has(parentKey)
        ? `${nameOf(parentKey, new Set([...seen, key]))}::`
        : "";
    const base = `${parent}${deckPart(folder.title)}`;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    taken.add(name.toLowerCase());
    names.set(key, name);
    return name;
  };
  for (const folder of bundle.folders) nameOf(folder.key, new Set());
  return names;
}

/** A media file name for an attachment, with the extension of its sniffed type. */
function mediaFileName(key: string, bytes: Uint8Array, index: number): string {
  const type = sniffImageType(bytes);
  const extension = type ? type.split("/")[1]?.replace("jpeg", "jpg") : "bin";
  const safe = key.replace(/[^\p{L}\p{N}_-]+/gu, "_").slice(0, 80) || `image-${index}`;
  return `mnemo-${safe}.${extension}`;
}

/** Interval in whole days between two times, at least 1. */
function daysBetween(from: number, to: number): number {
  return Math.max(1, Math.round((to - from) / DAY_MS));
}

/**
 * The interval in days SM-2 gives an answer `ease` after `elapsedDays` (0 for a new card):
 * Again 1, Hard ×1.2, Good ×2.5 (1 for a new card), Easy ×3.25 (at least 4, Anki's easy
 * graduating interval).
 */
function nextInterval(ease: 1 | 2 | 3 | 4, elapsedDays: number): number {
  const factors = { 1: 0, 2: 1.2, 3: STARTING_FACTOR / 1000, 4: (STARTING_FACTOR / 1000) * 1.3 };
  const days = Math.max(1, Math.round(elapsedDays * factors[ease]));
  return ease === 4 ? Math.max(4, days) : days;
}

/** What the writer needs besides the bundle. */
export interface AnkiPackageOptions {
  /** Epoch ms: the collection's creation and modification time. */
  now: number;
}

/**
 * An Anki package (legacy schema 11 `.apkg`) of a bundle made from the user's data: folder keys
 * are folder ids, `memo.folderKey` a folder id (null → Anki's Default deck), contents HTML with
 * `<img src="attachment:KEY">` for the bundle's attachments (other attachment references are
 * dropped). Each memo is one Basic note (title → Front, contents → Back) with one card; reviews
 * become revlog rows at their times (grade → ease, an ungraded review → 3, Good); the card is new
 * without reviews, else a review card due one interval after its last review.
 *
 * @returns the zip's bytes
 */
export function writeAnkiPackage(bundle: ImportBundle, options: AnkiPackageOptions): Uint8Array {
  const nowSecs = Math.floor(options.now / 1000);
  // The collection's day 0: due dates of review cards count days from here.
  const crtSecs = Math.floor(
    bundle.memos.reduce((earliest, memo) => Math.min(earliest, memo.createdAt), options.now) / 1000,
  );
  const decks = deckNames(bundle);
  const deckIds = new Map<string, number>();
  const decksJson: Record<string, object> = {
    [DEFAULT_DECK_ID]: deckJson(DEFAULT_DECK_ID, "Default", nowSecs),
  };
  let nextDeckId = DEFAULT_DECK_ID + 1;
  for (const [key, name] of decks) {
    const id = nextDeckId++;
    deckIds.set(key, id);
    decksJson[id] = deckJson(id, name, nowSecs);
  }

  const mediaNames = new Map<string, string>();
  const mediaFiles: Record<string, [Uint8Array, { level: 0 }]> = {};
  const mediaMap: Record<string, string> = {};
  bundle.attachments.forEach((attachment, index) => {
    const name = mediaFileName(attachment.key, attachment.bytes, index);
    mediaNames.set(attachment.key, name);
    mediaMap[String(index)] = name;
    mediaFiles[String(index)] = [attachment.bytes, { level: 0 }];
  });

  const db = new Database(":memory:");
  try {
    db.exec(ANKI_SCHEMA11_SQL);
    db.prepare("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')").run(
      crtSecs,
      options.now,
      options.now,
      JSON.stringify({
        activeDecks: [DEFAULT_DECK_ID],
        curDeck: DEFAULT_DECK_ID,
        newSpread: 0,
        collapseTime: 1200,
        timeLim: 0,
        estTimes: true,
        dueCounts: true,
        curModel: MNEMO_NOTETYPE_ID,
        nextPos: bundle.memos.length + 1,
        sortType: "noteFld",
        sortBackwards: false,
        addToCur: true,
        schedVer: 2,
      }),
      JSON.stringify({ [MNEMO_NOTETYPE_ID]: modelJson(nowSecs) }),
      JSON.stringify(decksJson),
      JSON.stringify({ [DEFAULT_CONF_ID]: deckConfigJson(nowSecs) }),
    );
    const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, 0, '')");
    const insertCard = db.prepare(
      "INSERT INTO cards VALUES (?, ?, ?, 0, ?, 0, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, '')",
    );
    const insertRevlog = db.prepare("INSERT INTO revlog VALUES (?, ?, 0, ?, ?, ?, ?, 0, ?)");
    const usedNoteIds = new Set<number>();
    const usedRevlogIds = new Set<number>();
    // Ids are creation times in ms, as Anki makes them; a clash moves on by a millisecond.
    const uniqueId = (used: Set<number>, wanted: number) => {
      let id = Math.max(1, Math.floor(wanted));
      while (used.has(id)) id++;
      used.add(id);
      return id;
    };
    db.transaction(() => {
      bundle.memos.forEach((memo, position) => {
        const noteId = uniqueId(usedNoteIds, memo.createdAt);
        // The unit separator splits Anki's fields: it may not appear inside one.
        const title = memo.title.replaceAll(FIELD_SEPARATOR, " ");
        const front = escapeHtml(title);
        const back = backOf(memo, mediaNames).replaceAll(FIELD_SEPARATOR, "");
        const tags = memo.tags.map((tag) => tag.replace(/\s+/g, "_")).filter((tag) => tag !== "");
        insertNote.run(
          noteId,
          memo.key,
          MNEMO_NOTETYPE_ID,
          Math.floor(memo.updatedAt / 1000),
          tags.length > 0 ? ` ${tags.join(" ")} ` : "",
          `${front}${FIELD_SEPARATOR}${back}`,
          title,
          ankiFieldChecksum(title),
        );
        const deckId =
          memo.folderKey === null
            ? DEFAULT_DECK_ID
            : (deckIds.get(memo.folderKey) ?? DEFAULT_DECK_ID);
        const reviews = [...memo.reviews].sort((a, b) => a.at - b.at);
        // The card's state after its reviews, in Anki's SM-2 terms as near as they go: the
        // interval an answer gave is the time until the next answer; after the last one it is
        // what SM-2 would give for its grade.
        let ivl = 0;
        let lapses = 0;
        reviews.forEach((review, index) => {
          const ease = review.grade ?? 3;
          const lastIvl = ivl;
          const next = reviews[index + 1];
          const previous = reviews[index - 1];
          ivl =
            next !== undefined
              ? daysBetween(review.at, next.at)
              : nextInterval(ease, previous ? (review.at - previous.at) / DAY_MS : 0);
          if (ease === 1 && index > 0) lapses++;
          const type = index === 0 ? 0 : ease === 1 ? 2 : 1;
          insertRevlog.run(
            uniqueId(usedRevlogIds, review.at),
            noteId,
            ease,
            ivl,
            lastIvl,
            STARTING_FACTOR,
            type,
          );
        });
        const last = reviews.at(-1);
        if (last === undefined) {
          insertCard.run(noteId, noteId, deckId, nowSecs, 0, 0, position + 1, 0, 0, 0, 0);
        } else {
          const dueDay = Math.floor((last.at + ivl * DAY_MS) / 1000 / 86_400 - crtSecs / 86_400);
          insertCard.run(
            noteId,
            noteId,
            deckId,
            nowSecs,
            2,
            2,
            Math.max(0, dueDay),
            ivl,
            STARTING_FACTOR,
            reviews.length,
            lapses,
          );
        }
      });
    })();
    const collection = db.serialize();
    // Deflate level 1: the collection shrinks almost as much as at 6 in half the time (the zip
    // was 40% of an export); images are compressed already and are stored as they are.
    return zipSync({
      "collection.anki2": [
        new Uint8Array(collection.buffer, collection.byteOffset, collection.length),
        { level: 1 },
      ],
      media: new TextEncoder().encode(JSON.stringify(mediaMap)),
      ...mediaFiles,
    });
  } finally {
    db.close();
  }
}

/**
 * The Back field: the contents with `attachment:KEY` images pointing at the media files; remote
 * (`https:`) images stay, other images (not in the package) are dropped.
 */
function backOf(memo: ImportedMemo, mediaNames: Map<string, string>): string {
  return memo.contents.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\bsrc\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? "";
    if (/^https?:\/\//i.test(src)) return tag;
    if (!src.startsWith(IMPORT_ATTACHMENT_SRC_PREFIX)) return "";
    const key = decodeURIComponent(src.slice(IMPORT_ATTACHMENT_SRC_PREFIX.length));
    const name = mediaNames.get(key);
    return name === undefined ? "" : `<img src="${escapeHtml(name)}">`;
  });
}
