import { zstdDecompressSync } from "node:zlib";
import {
  AppError,
  ErrorCode,
  type ImportBundle,
  type ImportedAttachment,
  type ImportedFolder,
  type ImportedMemo,
  type ImportedReview,
  type ImportSkip,
  importAttachmentSrc,
  isEmptyRichText,
  sniffImageType,
  textFromHtml,
} from "@mnemo/domain";
import Database from "better-sqlite3";
import type { FormatReader, ImportFile, ReadProgress } from "./format-reader.js";
import { decodeProtoFields, ProtobufError } from "./protobuf.js";
import { listZipEntries, readZipEntries, ZIP_MAX_EXPANDED_BYTES } from "./zip.js";

// Anki packages (issue 11 §2): `.apkg` (decks with their notes) and `.colpkg` (a whole collection)
// are the same zip. Three layouts exist:
// - schema 11, `collection.anki2` (Anki 2.0) or `collection.anki21` (2.1 scheduler): a SQLite
//   file whose one `col` row holds decks and note types as JSON; `media` is JSON
//   `{"0": "name.jpg", …}` and the media are the zip entries `0`, `1`, … as they are.
// - schema 18, `collection.anki21b` (Anki ≥ 2.1.50): the SQLite file zstd-compressed, decks in a
//   `decks` table with `\x1f` between the parts of a name; `meta` is a protobuf
//   (PackageMetadata, version 3); `media` is a zstd-compressed protobuf MediaEntries whose n-th
//   entry is the zip entry `n`, itself zstd-compressed. Beside it, a dummy `collection.anki2`
//   holds one note saying "please update Anki", so the newest collection present wins.
//
// Mapping (PRODUCT.md › Import): a deck `A::B` is the folder B inside the folder A, keyed by its
// full name; the built-in "Default" deck is left out when no note is in it (or under it). A note is a memo keyed by its guid:
// the first field's text is the title, every other non-empty field a paragraph of the contents
// (a field that opens with a block of its own, `<p>` or `<div>`, is taken as it is).
// Cloze deletions `{{c1::answer::hint}}` stay readable: `[answer]` in the title,
// `<mark>answer</mark>` in the contents (the hint is dropped: a memo shows the whole note). A note
// lives in the deck of its first card (ord 0; the lowest ord when a cloze note lacks c1), and
// brings that card's revlog as its reviews, so an FSRS folder derives the same state as Anki's
// first card; answers with ease 0 (manual reschedules, not answers) are left out.

/** The collection files, newest layout first: the first one present is read. */
const COLLECTION_NAMES = ["collection.anki21b", "collection.anki21", "collection.anki2"] as const;

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const SQLITE_MAGIC = "SQLite format 3\0";
/** Anki's built-in deck, which every collection has even when nothing is in it. */
const DEFAULT_DECK_ID = 1;
const FIELD_SEPARATOR = "\x1f";
/** How many notes between two progress reports. */
const PROGRESS_EVERY = 250;

function damaged(detail: string): AppError {
  return new AppError(ErrorCode.IMPORT_FILE_DAMAGED, "import file damaged", [
    { path: "file", issue: detail },
  ]);
}

function isZstd(bytes: Uint8Array): boolean {
  return ZSTD_MAGIC.every((byte, i) => bytes[i] === byte);
}

/** The bytes, decompressed when they are a zstd frame (schema 18 packages compress everything). */
function unzstd(bytes: Uint8Array, what: string): Uint8Array {
  if (!isZstd(bytes)) return bytes;
  try {
    return zstdDecompressSync(bytes, { maxOutputLength: ZIP_MAX_EXPANDED_BYTES });
  } catch (error) {
    throw damaged(`${what}: not readable zstd (${(error as Error).message})`);
  }
}

interface Deck {
  /** The full name, parts joined by `::`. */
  name: string;
  isFiltered: boolean;
}

interface NoteRow {
  id: number;
  guid: string;
  mod: number;
  tags: string;
  flds: string;
}

/** What a media name of the package turned out to be. */
type Media =
  | { kind: "image"; key: string; bytes: Uint8Array }
  | { kind: "not-image" }
  | { kind: "missing"; detail: string };

interface Collection {
  decks: Map<number, Deck>;
  notes: NoteRow[];
  /** Per note id: the card it is read from (its deck and revlog). */
  firstCards: Map<number, { cardId: number; deckId: number }>;
  /** Per card id: its answers, oldest first. */
  reviews: Map<number, ImportedReview[]>;
}

/** The Anki package reader; registered first, as it names the most telling entries. */
export const ankiReader: FormatReader = {
  format: "anki",
  recognises(file) {
    return (
      file.zipEntryNames?.some((name) => (COLLECTION_NAMES as readonly string[]).includes(name)) ??
      false
    );
  },
  read: readAnkiPackage,
};

/**
 * Reads an Anki package (`.apkg` or `.colpkg`, schema 11 or 18) into a bundle.
 *
 * @throws AppError `IMPORT_FILE_DAMAGED` for a truncated zip, a missing or corrupt collection, a
 *   bad media map or bad zstd
 */
export async function readAnkiPackage(
  file: ImportFile,
  progress: ReadProgress,
): Promise<ImportBundle> {
  const names = file.zipEntryNames ?? listZipEntries(file.bytes);
  const collectionName = COLLECTION_NAMES.find((name) => names.includes(name));
  if (!collectionName) throw damaged("no Anki collection in the package");
  const entries = readZipEntries(file.bytes, (name) => name === collectionName || name === "media");
  const collectionBytes = entries.get(collectionName);
  if (!collectionBytes) throw damaged(`${collectionName} unreadable`);
  const collection = readCollection(unzstd(collectionBytes, collectionName));
  const mediaEntries = readMediaMap(entries.get("media"));

  const skipped: ImportSkip[] = [];
  const media = loadMedia(file.bytes, collection.notes, mediaEntries);
  const folders = foldersOf(collection);
  const memos: ImportedMemo[] = [];
  const usedImages = new Set<string>();
  const reported = new Set<string>();
  const total = collection.notes.length;
  progress(0, total);
  for (const [index, note] of collection.notes.entries()) {
    const memo = memoOf(note, collection, media, usedImages, (name, reason, detail) => {
      if (reported.has(name)) return;
      reported.add(name);
      skipped.push({ item: name, reason, detail });
    });
    if (memo) memos.push(memo);
    else skipped.push({ item: note.guid, reason: "EMPTY", detail: "a note with no text" });
    const done = index + 1;
    if (done % PROGRESS_EVERY === 0 || done === total) {
      progress(done, total);
      // Let the server answer progress polls between batches of a long read.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const attachments: ImportedAttachment[] = [];
  const attached = new Set<string>();
  for (const found of media.values()) {
    if (found.kind === "image" && usedImages.has(found.key) && !attached.has(found.key)) {
      attached.add(found.key);
      attachments.push({ key: found.key, bytes: found.bytes });
    }
  }
  return { format: "anki", folders, memos, attachments, skipped };
}

/**
 * A copy of a SQLite file whose header says "rollback journal" instead of WAL. Anki leaves its
 * schema-18 collections in WAL mode (only a downgrade to schema 11 switches back), and SQLite
 * cannot open a WAL database from memory; bytes 18 and 19 (write and read format versions,
 * 2 = WAL, 1 = legacy) are all that differ.
 */
function asRollbackJournal(bytes: Uint8Array): Buffer {
  const copy = Buffer.from(bytes);
  if (copy[18] === 2) copy[18] = 1;
  if (copy[19] === 2) copy[19] = 1;
  return copy;
}

function readCollection(bytes: Uint8Array): Collection {
  if (Buffer.from(bytes.subarray(0, 16)).toString("latin1") !== SQLITE_MAGIC) {
    throw damaged("the collection is not a SQLite database");
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(asRollbackJournal(bytes), { readonly: true });
    const decks = readDecks(db);
    const notes = db
      .prepare("SELECT id, guid, mod, tags, flds FROM notes ORDER BY id")
      .all() as NoteRow[];
    const firstCards = new Map<number, { cardId: number; deckId: number }>();
    const cards = db
      .prepare("SELECT id, nid, did, odid FROM cards ORDER BY nid, ord, id")
      .all() as Array<{ id: number; nid: number; did: number; odid: number }>;
    for (const card of cards) {
      // A card in a filtered deck is only borrowed: its home is odid.
      if (!firstCards.has(card.nid)) {
        firstCards.set(card.nid, { cardId: card.id, deckId: card.odid || card.did });
      }
    }
    const reviews = new Map<number, ImportedReview[]>();
    const answers = db
      .prepare("SELECT id, cid, ease FROM revlog WHERE ease BETWEEN 1 AND 4 ORDER BY id")
      .all() as Array<{ id: number; cid: number; ease: 1 | 2 | 3 | 4 }>;
    for (const answer of answers) {
      let list = reviews.get(answer.cid);
      if (!list) {
        list = [];
        reviews.set(answer.cid, list);
      }
      list.push({ at: answer.id, grade: answer.ease });
    }
    return { decks, notes, firstCards, reviews };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged(`the collection is corrupt: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

function readDecks(db: Database.Database): Map<number, Deck> {
  const decks = new Map<number, Deck>();
  const hasDeckTable = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'decks'")
    .get();
  if (hasDeckTable) {
    // Schema ≥ 15: `kind` is a KindContainer protobuf, field 1 normal, field 2 filtered.
    const rows = db.prepare("SELECT id, name, kind FROM decks").all() as Array<{
      id: number;
      name: string;
      kind: Uint8Array;
    }>;
    for (const row of rows) {
      let isFiltered: boolean;
      try {
        isFiltered = decodeProtoFields(row.kind).some((field) => field.field === 2);
      } catch (error) {
        if (error instanceof ProtobufError) throw damaged(`deck ${row.id}: ${error.message}`);
        throw error;
      }
      decks.set(row.id, { name: row.name.split(FIELD_SEPARATOR).join("::"), isFiltered });
    }
    return decks;
  }
  const col = db.prepare("SELECT decks FROM col").get() as { decks: string } | undefined;
  if (!col) throw damaged("the collection has no col row");
  let json: unknown;
  try {
    json = JSON.parse(col.decks);
  } catch {
    throw damaged("the collection's decks are not JSON");
  }
  if (typeof json !== "object" || json === null) throw damaged("the collection's decks");
  for (const [id, deck] of Object.entries(json as Record<string, unknown>)) {
    const value = deck as { name?: unknown; dyn?: unknown };
    if (typeof value?.name !== "string") continue;
    decks.set(Number(id), { name: value.name, isFiltered: Boolean(value.dyn) });
  }
  return decks;
}

/** Media name → zip entry name, from the `media` entry (JSON or MediaEntries protobuf). */
function readMediaMap(raw: Uint8Array | undefined): Map<string, string> {
  const map = new Map<string, string>();
  // Older AnkiDroid versions wrote packages without a media map.
  if (!raw) return map;
  const bytes = unzstd(raw, "media");
  if (bytes.length === 0) return map;
  if (bytes[0] === 0x7b /* { */) {
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(bytes).toString("utf8"));
    } catch {
      throw damaged("the media map is not JSON");
    }
    for (const [entry, name] of Object.entries(json as Record<string, unknown>)) {
      if (typeof name === "string") map.set(name, entry);
    }
    return map;
  }
  try {
    // MediaEntries { repeated MediaEntry entries = 1 }; MediaEntry { string name = 1; … }. As in
    // Anki, the n-th entry is stored as the zip entry `n`.
    const entries = decodeProtoFields(bytes).filter((field) => field.field === 1);
    entries.forEach((entry, index) => {
      if (entry.wire !== "bytes") throw new ProtobufError("media entry is not a message");
      const nameField = decodeProtoFields(entry.value).find((field) => field.field === 1);
      if (nameField?.wire !== "bytes") throw new ProtobufError("media entry without a name");
      map.set(Buffer.from(nameField.value).toString("utf8"), String(index));
    });
  } catch (error) {
    if (error instanceof ProtobufError) throw damaged(`the media map: ${error.message}`);
    throw error;
  }
  return map;
}

const IMG_TAG = /<img\b[^>]*>/gi;
const SRC_ATTRIBUTE = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const SOUND_TAG = /\[sound:([^\]]+)\]/g;
/** A URL with a scheme (http:, data:, …): not a file of the package. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|#39);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] ?? whole;
  });
}

/** The package file an `<img>` tag names, or null for a remote or data URL. */
function imageName(tag: string): string | null {
  const match = SRC_ATTRIBUTE.exec(tag);
  const src = match ? (match[1] ?? match[2] ?? match[3] ?? "") : "";
  const name = decodeEntities(src);
  return name === "" || HAS_SCHEME.test(name) ? null : name;
}

/**
 * The zip entry of a media name as a field writes it: as is, else NFC-normalized (Anki stores
 * NFC names; fields typed on macOS may be NFD), else percent-decoded (`my%20photo.jpg`).
 */
function mediaEntryOf(mediaEntries: Map<string, string>, name: string): string | undefined {
  const direct = mediaEntries.get(name) ?? mediaEntries.get(name.normalize("NFC"));
  if (direct !== undefined) return direct;
  try {
    return mediaEntries.get(decodeURIComponent(name).normalize("NFC"));
  } catch {
    return undefined;
  }
}

/** Reads, decompresses and sniffs every media file the notes name; nothing else is extracted. */
function loadMedia(
  bytes: Uint8Array,
  notes: NoteRow[],
  mediaEntries: Map<string, string>,
): Map<string, Media> {
  const named = new Set<string>();
  for (const note of notes) {
    for (const tag of note.flds.match(IMG_TAG) ?? []) {
      const name = imageName(tag);
      if (name !== null) named.add(name);
    }
  }
  const wantedEntries = new Map<string, string>();
  for (const name of named) {
    const entry = mediaEntryOf(mediaEntries, name);
    if (entry !== undefined) wantedEntries.set(entry, name);
  }
  const extracted =
    wantedEntries.size > 0
      ? readZipEntries(bytes, (entry) => wantedEntries.has(entry))
      : new Map<string, Uint8Array>();
  const nameOfEntry = new Map([...mediaEntries].map(([name, entry]) => [entry, name]));
  const byEntry = new Map<string, Media>();
  const media = new Map<string, Media>();
  for (const name of named) {
    const entry = mediaEntryOf(mediaEntries, name);
    const raw = entry === undefined ? undefined : extracted.get(entry);
    if (raw === undefined) {
      media.set(name, {
        kind: "missing",
        detail: entry === undefined ? "not in the media map" : `zip entry ${entry} missing`,
      });
      continue;
    }
    // One attachment per file, keyed by its name in the package however a field spells it.
    let found = byEntry.get(entry as string);
    if (!found) {
      const data = unzstd(raw, `media ${name}`);
      found = sniffImageType(data)
        ? { kind: "image", key: nameOfEntry.get(entry as string) ?? name, bytes: data }
        : { kind: "not-image" };
      byEntry.set(entry as string, found);
    }
    media.set(name, found);
  }
  return media;
}

type Report = (name: string, reason: "MEDIA_NOT_IMAGE" | "MEDIA_MISSING", detail: string) => void;

/** A field's HTML with images pointing at bundle attachments and sounds removed. */
function rewriteMedia(
  html: string,
  media: Map<string, Media>,
  usedImages: Set<string>,
  report: Report,
): string {
  return html
    .replace(IMG_TAG, (tag) => {
      const name = imageName(tag);
      if (name === null) return tag;
      const found = media.get(name);
      if (found?.kind === "image") {
        usedImages.add(found.key);
        return `<img src="${importAttachmentSrc(found.key)}">`;
      }
      if (found?.kind === "not-image")
        report(name, "MEDIA_NOT_IMAGE", "not a PNG, JPEG, GIF or WebP");
      else report(name, "MEDIA_MISSING", found?.detail ?? "not in the package");
      return "";
    })
    .replace(SOUND_TAG, (_tag, name: string) => {
      report(name, "MEDIA_NOT_IMAGE", "sound");
      return "";
    });
}

/** A field that already opens with a block of its own is kept as it is, not put in a paragraph. */
const STARTS_WITH_BLOCK = /^\s*<(p|div|ul|ol|h[1-6]|blockquote|pre|table)\b/i;

/** An innermost cloze deletion (clozes may nest since Anki 2.1.56). */
const INNER_CLOZE =
  /\{\{c\d+::((?:(?!\{\{c\d+::)[\s\S])*?)(?:::((?:(?!\{\{c\d+::)[\s\S])*?))?\}\}/g;

/** The text with cloze markup replaced by `render(answer)`, innermost first. */
function renderClozes(text: string, render: (answer: string) => string): string {
  let current = text;
  for (;;) {
    const next = current.replace(INNER_CLOZE, (_whole, answer: string) => render(answer));
    if (next === current) return current;
    current = next;
  }
}

function memoOf(
  note: NoteRow,
  collection: Collection,
  media: Map<string, Media>,
  usedImages: Set<string>,
  report: Report,
): ImportedMemo | null {
  const [first = "", ...others] = note.flds.split(FIELD_SEPARATOR);
  const firstHtml = rewriteMedia(first, media, usedImages, report);
  const title = textFromHtml(renderClozes(firstHtml, (answer) => `[${answer}]`));
  const paragraphs: string[] = [];
  // Images of the first field would be lost in the plain-text title: they open the contents.
  const firstImages = firstHtml.match(/<img\b[^>]*>/gi);
  if (firstImages) paragraphs.push(`<p>${firstImages.join("")}</p>`);
  for (const field of others) {
    const html = renderClozes(
      rewriteMedia(field, media, usedImages, report),
      (answer) => `<mark>${answer}</mark>`,
    );
    if (!isEmptyRichText(html))
      paragraphs.push(STARTS_WITH_BLOCK.test(html) ? html : `<p>${html}</p>`);
  }
  if (title === "" && paragraphs.length === 0) return null;
  const card = collection.firstCards.get(note.id);
  const deck = card ? collection.decks.get(card.deckId) : undefined;
  return {
    key: note.guid,
    folderKey: deck && !deck.isFiltered ? deck.name : null,
    title,
    contents: paragraphs.join(""),
    tags: note.tags.split(/\s+/).filter((tag) => tag !== ""),
    createdAt: note.id,
    // Note ids are creation times in ms, `mod` is seconds.
    updatedAt: Math.max(note.id, note.mod * 1000),
    reviews: card ? (collection.reviews.get(card.cardId) ?? []) : [],
    completions: [],
  };
}

/**
 * One folder per normal deck, parents before children, with parents a name implies but the
 * package lacks. The built-in Default deck is left out when neither it nor a deck under it
 * holds a note.
 */
function foldersOf(collection: Collection): ImportedFolder[] {
  const usedDecks = new Set<string>();
  for (const card of collection.firstCards.values()) {
    const deck = collection.decks.get(card.deckId);
    if (deck) usedDecks.add(deck.name);
  }
  const paths = new Set<string>();
  for (const [id, deck] of collection.decks) {
    if (deck.isFiltered) continue;
    const isUsed = [...usedDecks].some(
      (name) => name === deck.name || name.startsWith(`${deck.name}::`),
    );
    if (id === DEFAULT_DECK_ID && !isUsed) continue;
    const parts = deck.name.split("::");
    for (let depth = 1; depth <= parts.length; depth++) paths.add(parts.slice(0, depth).join("::"));
  }
  return [...paths]
    .sort((a, b) => a.split("::").length - b.split("::").length || (a < b ? -1 : a > b ? 1 : 0))
    .map((path) => {
      const parts = path.split("::");
      return {
        key: path,
        parentKey: parts.length > 1 ? parts.slice(0, -1).join("::") : null,
        title: parts[parts.length - 1] as string,
      };
    });
}
