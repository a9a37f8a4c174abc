import { posix } from "node:path";
import {
  escapeHtml,
  type ImportBundle,
  type ImportedMemo,
  type ImportSkip,
  importAttachmentSrc,
} from "@mnemo/domain";
import type { FormatReader, ImportFile, ReadProgress } from "./format-reader.js";
import { plainLinesToHtml, plainTextToHtml } from "./plain-text-html.js";
import { readZipImages } from "./zip-media.js";
import { isHiddenZipPath, readZipPaths, visibleZipPaths, zipEntryPath } from "./zip-names.js";

// Google Keep from Google Takeout (issue 11 §2): `Takeout/Keep/<note>.json`, one per note, its
// images beside it. Mapping:
// - every note → a memo in one folder "Google Keep" (key "keep"); key: the JSON file's path;
// - title → title (an untitled note takes the start of its text in the writer; one with only
//   images takes its file name); textContent → paragraphs (blank lines part them, a single line
//   break is a <br>), escaped: Keep text is plain text, never HTML (textContentHtml's formatting
//   is not carried over); listContent → a list of ☑/☐ items (the editor has no task list);
//   image attachments → bundle attachments shown after the text; annotations (web links) → a
//   list of links;
// - labels → tags; archived → also the tag "archived"; pinned → priority 1; color ignored;
// - createdTimestampUsec / userEditedTimestampUsec (microseconds) → createdAt / updatedAt;
// - trashed notes → skipped TRASHED; a note with nothing in it → EMPTY.

const FOLDER_KEY = "keep";
const FOLDER_TITLE = "Google Keep";
const ARCHIVED_TAG = "archived";
const PINNED_PRIORITY = 1;
const KEEP_NOTE = /(^|\/)Keep\/[^/]+\.json$/i;
const WEB_URL = /^https?:\/\//i;

/** The fields of a Takeout note this reader uses (any may be missing or of another type). */
interface KeepNote {
  title?: unknown;
  textContent?: unknown;
  listContent?: unknown;
  labels?: unknown;
  attachments?: unknown;
  annotations?: unknown;
  isTrashed?: unknown;
  isArchived?: unknown;
  isPinned?: unknown;
  createdTimestampUsec?: unknown;
  userEditedTimestampUsec?: unknown;
}

function isKeepNotePath(path: string): boolean {
  return KEEP_NOTE.test(path) && !isHiddenZipPath(path);
}

function recognises(file: ImportFile): boolean {
  return file.zipEntryNames?.some((name) => isKeepNotePath(zipEntryPath(name))) ?? false;
}

function string(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === "object" && !!item)
    : [];
}

/** Microseconds since the epoch (a number or a numeric string) as epoch ms; undefined if not. */
function fromMicroseconds(value: unknown): number | undefined {
  const usec = typeof value === "string" ? Number(value) : value;
  if (typeof usec !== "number" || !Number.isFinite(usec) || usec <= 0) return undefined;
  return Math.floor(usec / 1000);
}

/** A Takeout note read, before its images are known to be images. */
interface ParsedNote {
  path: string;
  title: string;
  text: string;
  checklist: { text: string; isChecked: boolean }[];
  links: { url: string; title: string }[];
  /** Zip paths of the images it shows, in order. */
  images: string[];
  tags: string[];
  isPinned: boolean;
  createdAt: number;
  updatedAt: number;
}

/**
 * The zip path of an attachment's `filePath` (beside the note). Takeout sometimes names a file
 * with another extension than the JSON says (`.jpeg` for `.jpg`), so the same name with any
 * extension in that directory is taken too.
 */
function findAttachment(
  filePath: string,
  dir: string,
  paths: ReadonlyMap<string, string>,
): string | undefined {
  const name = posix.basename(filePath.replaceAll("\\", "/")).normalize("NFC");
  if (name === "") return undefined;
  const beside = dir === "" ? name : `${dir}/${name}`;
  if (paths.has(beside)) return beside;
  const stem = (path: string) => posix.basename(path, posix.extname(path)).toLowerCase();
  const wanted = stem(name);
  for (const path of paths.keys()) {
    if (posix.dirname(path) === (dir || ".") && stem(path) === wanted && !path.endsWith(".json")) {
      return path;
    }
  }
  return undefined;
}

function parseNote(
  path: string,
  note: KeepNote,
  paths: ReadonlyMap<string, string>,
  now: number,
  skipped: ImportSkip[],
): ParsedNote {
  const dir = posix.dirname(path) === "." ? "" : posix.dirname(path);
  const images: string[] = [];
  for (const attachment of objects(note.attachments)) {
    const filePath = string(attachment.filePath);
    if (filePath === "") continue;
    const found = findAttachment(filePath, dir, paths);
    if (found === undefined) {
      skipped.push({ item: filePath, reason: "MEDIA_MISSING", detail: `named in ${path}` });
    } else if (!images.includes(found)) images.push(found);
  }
  const tags = objects(note.labels)
    .map((label) => string(label.name).trim())
    .filter((name) => name !== "");
  if (note.isArchived === true) tags.push(ARCHIVED_TAG);
  const created = fromMicroseconds(note.createdTimestampUsec);
  const edited = fromMicroseconds(note.userEditedTimestampUsec);
  const createdAt = created ?? edited ?? now;
  const checklist = objects(note.listContent)
    .map((item) => ({ text: string(item.text), isChecked: item.isChecked === true }))
    .filter((item) => item.text.trim() !== "");
  const links = objects(note.annotations)
    .map((link) => ({ url: string(link.url).trim(), title: string(link.title).trim() }))
    .filter((link) => WEB_URL.test(link.url));
  return {
    path,
    title: string(note.title).trim(),
    text: string(note.textContent),
    checklist,
    links,
    images,
    tags,
    isPinned: note.isPinned === true,
    createdAt,
    updatedAt: Math.max(createdAt, edited ?? createdAt),
  };
}

function contentsOf(note: ParsedNote, images: ReadonlyMap<string, Uint8Array>): string {
  let html = plainTextToHtml(note.text);
  if (note.checklist.length > 0) {
    const items = note.checklist.map(
      (item) => `<li>${item.isChecked ? "☑" : "☐"} ${plainLinesToHtml(item.text)}</li>`,
    );
    html += `<ul>${items.join("")}</ul>`;
  }
  for (const path of note.images) {
    if (images.has(path)) html += `<p><img src="${escapeHtml(importAttachmentSrc(path))}"></p>`;
  }
  if (note.links.length > 0) {
    const items = note.links.map(
      (link) =>
        `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title || link.url)}</a></li>`,
    );
    html += `<ul>${items.join("")}</ul>`;
  }
  return html;
}

const utf8 = new TextDecoder("utf-8");

async function read(file: ImportFile, progress: ReadProgress): Promise<ImportBundle> {
  const now = Date.now();
  const rawNames = visibleZipPaths(file);
  const notePaths = [...rawNames.keys()].filter(isKeepNotePath);
  const jsons = readZipPaths(file, rawNames, notePaths);
  const skipped: ImportSkip[] = [];
  const total = notePaths.length;

  const notes: ParsedNote[] = [];
  for (const [i, path] of notePaths.entries()) {
    progress(i, total);
    const name = posix.basename(path, ".json");
    let note: unknown;
    try {
      note = JSON.parse(utf8.decode(jsons.get(path)));
    } catch (error) {
      skipped.push({ item: path, reason: "UNREADABLE", detail: (error as Error).message });
      continue;
    }
    if (typeof note !== "object" || note === null || Array.isArray(note)) {
      skipped.push({ item: path, reason: "UNREADABLE", detail: "not a Keep note" });
      continue;
    }
    const keepNote = note as KeepNote;
    if (keepNote.isTrashed === true) {
      skipped.push({ item: string(keepNote.title).trim() || name, reason: "TRASHED" });
      continue;
    }
    const parsed = parseNote(path, keepNote, rawNames, now, skipped);
    const hasText = parsed.text.trim() !== "" || parsed.checklist.length > 0;
    if (!hasText && parsed.title === "" && parsed.images.length === 0 && !parsed.links.length) {
      skipped.push({ item: name, reason: "EMPTY" });
      continue;
    }
    notes.push(parsed);
  }

  const images = readZipImages(
    file.bytes,
    rawNames,
    new Set(notes.flatMap((note) => note.images)),
    skipped,
  );
  const memos: ImportedMemo[] = notes.map((note) => ({
    key: note.path,
    folderKey: FOLDER_KEY,
    // The writer titles an untitled note by the start of its text; a note of images alone
    // has none, so it keeps Takeout's file name (the note's time).
    title:
      note.title ||
      (note.text.trim() || note.checklist.length ? "" : posix.basename(note.path, ".json")),
    contents: contentsOf(note, images),
    tags: [...new Set(note.tags)],
    ...(note.isPinned ? { priority: PINNED_PRIORITY } : {}),
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    reviews: [],
    completions: [],
  }));
  progress(total, total);

  return {
    format: "keep",
    folders: memos.length > 0 ? [{ key: FOLDER_KEY, parentKey: null, title: FOLDER_TITLE }] : [],
    memos,
    attachments: [...images].map(([key, bytes]) => ({ key, bytes })),
    skipped,
  };
}

/**
 * Reads Google Keep's Takeout export: recognised by a `Keep/<note>.json` entry (with or without
 * the `Takeout/` directory around it).
 */
export const keepReader: FormatReader = { format: "keep", recognises, read };
