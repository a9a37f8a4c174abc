import type { Folder } from "../folder/folder.schema.js";

/**
 * Import and export (issue 11 §2–§3): what every format reader makes of a file, and what the one
 * import writer stores. Readers (Anki, Mnemo, the original app, Markdown, Keep) only parse; the
 * writer alone chooses ids, sanitizes, checks limits and writes everything in one transaction, so
 * every format gets the same rules, the same idempotence and the same all-or-nothing.
 */

/** The formats an import file may be, recognised from its content (never its name). */
export const IMPORT_FORMATS = ["mnemo", "original", "anki", "markdown", "keep"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The formats `GET /api/export?format=` writes. */
export const EXPORT_FORMATS = ["mnemo", "markdown", "apkg"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The largest import file the server takes: 512 MiB (an Anki collection with its media). */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;

/**
 * How memo contents in a bundle name one of the bundle's attachments: `<img src="attachment:KEY">`
 * with KEY URI-encoded. The writer rewrites it to the stored image's `/api/attachments/<id>`
 * before sanitizing; a reference to a key the bundle lacks is dropped (and reported).
 */
export const IMPORT_ATTACHMENT_SRC_PREFIX = "attachment:";

/** The `src` a reader writes for the bundle attachment `key`. */
export function importAttachmentSrc(key: string): string {
  return `${IMPORT_ATTACHMENT_SRC_PREFIX}${encodeURIComponent(key)}`;
}

/** A folder in a bundle. */
export interface ImportedFolder {
  /**
   * Unique within the bundle and stable across exports of the same source (an Anki deck's full
   * name `A::B`, a directory path, a Mnemo folder id): the writer derives the folder's id from it,
   * so importing the same file twice finds the folder it made the first time.
   */
  key: string;
  /** The key of the parent folder in this bundle; null for a top-level folder. */
  parentKey: string | null;
  title: string;
  /** The id to keep, for formats that carry Mnemo ids (`mnemo`, `original`); else derived from `key`. */
  id?: string;
  /** Settings the format carries (`mnemo`, `original`); other formats take the defaults. */
  settings?: Partial<
    Omit<Folder, "id" | "title" | "parentFolderId" | "subFolderIds" | "nodeFolderIds">
  >;
}

/** One review of an imported memo, at its original time. */
export interface ImportedReview {
  /** Epoch ms. */
  at: number;
  /** 1 Again, 2 Hard, 3 Good, 4 Easy (Anki's revlog ease); null for an ungraded review. */
  grade: 1 | 2 | 3 | 4 | null;
  /** The repetition value the review added (Mnemo's own rows); absent → the folder's value. */
  value?: number;
}

/** A memo in a bundle. */
export interface ImportedMemo {
  /** Unique within the bundle and stable across exports (Anki note guid, a file path, a memo id). */
  key: string;
  /** The key of its folder in this bundle; null puts it in the user's root folder. */
  folderKey: string | null;
  /** The id to keep, for formats that carry Mnemo ids; else derived from `key`. */
  id?: string;
  title: string;
  /** Rich text (HTML); images as `<img src="attachment:KEY">`. The writer sanitizes it. */
  contents: string;
  /** The flash-card hint. */
  hint?: string;
  tags: string[];
  priority?: number;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms. */
  updatedAt: number;
  reviews: ImportedReview[];
  /** Completion times, epoch ms. */
  completions: number[];
}

/** An image (or other media) a bundle's memos may show. */
export interface ImportedAttachment {
  /** The name memo contents use for it (`attachment:KEY`); unique within the bundle. */
  key: string;
  bytes: Uint8Array;
  /** The id to keep, for formats that carry Mnemo ids. */
  id?: string;
}

/** Why an item of the file was not imported; translated as `import.skip.<reason>`. */
export const IMPORT_SKIP_REASONS = [
  /** A note or file with no text at all. */
  "EMPTY",
  /** Media that is not a PNG, JPEG, GIF or WebP image (audio, video, SVG, …). */
  "MEDIA_NOT_IMAGE",
  /** Media a memo names that the file does not contain. */
  "MEDIA_MISSING",
  /** Media larger than an image may be (10 MiB). */
  "MEDIA_TOO_LARGE",
  /** An entry the reader could not understand (its detail says which). */
  "UNREADABLE",
  /** A memo whose id was deleted in this account: an import does not bring a delete back. */
  "DELETED_HERE",
  /** A memo, folder or review already in the account (the same file imported again). */
  "ALREADY_IMPORTED",
  /** Over a limit of the account (tags per memo, title length, …); its detail says which. */
  "OVER_LIMIT",
  /** A note the source app had in its trash (Google Keep's `isTrashed`): deleted there, not brought back. */
  "TRASHED",
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** One skipped item: what (a file name, a note's first words) and why. */
export interface ImportSkip {
  item: string;
  reason: ImportSkipReason;
  /** English detail for the curious (shown as is; never HTML). */
  detail?: string;
}

/** Everything a reader found in one file. */
export interface ImportBundle {
  format: ImportFormat;
  folders: ImportedFolder[];
  memos: ImportedMemo[];
  attachments: ImportedAttachment[];
  /** What the reader itself skipped; the writer adds its own. */
  skipped: ImportSkip[];
}
