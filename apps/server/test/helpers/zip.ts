import { strToU8, zipSync } from "fflate";
import { listZipEntries } from "../../src/features/imports/formats/zip.js";

/** A real 1×1 PNG (67 bytes). */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** A zip of `entries` (path → text or bytes; a path ending in `/` is a directory entry). */
export function buildZip(entries: Record<string, string | Uint8Array>): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [path, data] of Object.entries(entries)) {
    files[path] = typeof data === "string" ? strToU8(data) : data;
  }
  return zipSync(files);
}

/**
 * A zip whose entry names are the given raw bytes with no UTF-8 flag, as macOS's Archive Utility
 * (UTF-8, NFD) or Korean Windows (CP949) write them: the zip is built with ASCII placeholders of
 * the same lengths, which are then overwritten in the local and central headers.
 */
export function buildZipWithRawNames(entries: [name: Uint8Array, data: string][]): Uint8Array {
  const placeholders = entries.map(([name], i) => {
    const tag = `Q${i}Z`;
    return tag + "x".repeat(Math.max(0, name.length - tag.length));
  });
  for (const [i, [name]] of entries.entries()) {
    if (name.length < (placeholders[i] as string).length) throw new Error("raw name too short");
  }
  const zip = buildZip(Object.fromEntries(entries.map(([, data], i) => [placeholders[i], data])));
  for (const [i, [name]] of entries.entries()) {
    const placeholder = strToU8(placeholders[i] as string);
    for (let at = 0; at <= zip.length - placeholder.length; at++) {
      if (placeholder.every((byte, j) => zip[at + j] === byte)) zip.set(name, at);
    }
  }
  return zip;
}

/** An import file as the import job hands it to a reader. */
export function zipImportFile(bytes: Uint8Array) {
  return { bytes, zipEntryNames: listZipEntries(bytes) };
}

/** A reader's progress callback that records every call. */
export function recordProgress() {
  const calls: [done: number, total: number][] = [];
  return { calls, progress: (done: number, total: number) => void calls.push([done, total]) };
}
