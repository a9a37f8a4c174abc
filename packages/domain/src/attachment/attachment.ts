/**
 * Images in memos (issue 11 §1): what an upload may be, and where a stored one is read.
 * Pure: bytes in, answers out.
 */

/** The largest image an upload may carry: 10 MiB (10,485,760 bytes). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The image types an upload may be, recognised by their first bytes (never by name or header). */
export const ATTACHMENT_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** One of {@link ATTACHMENT_TYPES}. */
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");

/**
 * The image type of `bytes` by their signature: PNG (8-byte signature), JPEG (`FF D8 FF`), GIF
 * (`GIF87a`/`GIF89a`) or WebP (`RIFF` + 4 length bytes + `WEBP`); null for anything else,
 * whatever its name or declared type says (an SVG is text and may carry script: never an image
 * here).
 */
export function sniffImageType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "image/gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  return null;
}

/** The file name extension served for each type (in `Content-Disposition`). */
export const ATTACHMENT_EXTENSIONS: Readonly<Record<AttachmentType, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** The path prefix of a stored image, as memo contents name it. */
export const ATTACHMENT_PATH_PREFIX = "/api/attachments/";

/** The path memo contents use for the image with this id: `/api/attachments/{id}`. */
export function attachmentPath(id: string): string {
  return `${ATTACHMENT_PATH_PREFIX}${id}`;
}

/** `/api/attachments/{id}` exactly, the id as `objectIdSchema` allows (1–64 `A-Za-z0-9_-`). */
export const ATTACHMENT_SRC = /^\/api\/attachments\/([A-Za-z0-9_-]{1,64})$/;

// In sanitized contents an attribute value never holds a raw `"` (it is written `&quot;`), and
// text never holds `src="` (its `"` is kept as is but `<img` cannot precede it unescaped), so
// this finds exactly the sources of images.
const IMAGE_SOURCES = /<img\b[^>]*?\ssrc="\/api\/attachments\/([A-Za-z0-9_-]{1,64})"/g;

/**
 * The ids of the stored images that sanitized rich text shows (each once, in order of first
 * appearance). A mention of the path in text or in another attribute is not an image.
 */
export function attachmentIdsIn(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(IMAGE_SOURCES)) if (match[1]) ids.add(match[1]);
  return [...ids];
}
