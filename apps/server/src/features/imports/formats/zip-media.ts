import { type ImportSkip, sniffImageType } from "@mnemo/domain";
import { readZipEntries } from "./zip.js";

/**
 * The images among the zip entries `paths` names (each a path in `rawNames`, which maps it to
 * the entry's name in the zip), extracted in one pass, by path. An entry whose bytes are not a
 * PNG, JPEG, GIF or WebP (whatever its name says) is reported `MEDIA_NOT_IMAGE` in `skipped`
 * and left out, so memo contents never name it. Size limits are the import writer's.
 *
 * @throws AppError `IMPORT_FILE_DAMAGED` when the zip cannot be read
 */
export function readZipImages(
  bytes: Uint8Array,
  rawNames: ReadonlyMap<string, string>,
  paths: ReadonlySet<string>,
  skipped: ImportSkip[],
): Map<string, Uint8Array> {
  const images = new Map<string, Uint8Array>();
  if (paths.size === 0) return images;
  const pathOfRaw = new Map<string, string>();
  for (const path of paths) {
    const raw = rawNames.get(path);
    if (raw !== undefined) pathOfRaw.set(raw, path);
  }
  const entries = readZipEntries(bytes, (raw) => pathOfRaw.has(raw));
  for (const [raw, data] of entries) {
    const path = pathOfRaw.get(raw) as string;
    if (sniffImageType(data) === null) {
      skipped.push({ item: path, reason: "MEDIA_NOT_IMAGE" });
    } else {
      images.set(path, data);
    }
  }
  return images;
}
