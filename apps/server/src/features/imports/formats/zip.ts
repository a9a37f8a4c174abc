import { AppError, ErrorCode } from "@mnemo/domain";
import { type UnzipFileInfo, unzipSync } from "fflate";

/**
 * The most a zip may expand to, all entries together: 1 GiB. A zip bomb (a few KB that claim or
 * inflate to gigabytes) is refused as damaged before anything large is allocated.
 */
export const ZIP_MAX_EXPANDED_BYTES = 1024 * 1024 * 1024;

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06];

/** True when `bytes` start like a zip archive. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  const starts = (sig: number[]) => sig.every((byte, i) => bytes[i] === byte);
  return starts(ZIP_LOCAL_HEADER) || starts(ZIP_EMPTY_ARCHIVE);
}

function damaged(detail: string): AppError {
  return new AppError(ErrorCode.IMPORT_FILE_DAMAGED, "import file damaged", [
    { path: "file", issue: detail },
  ]);
}

/**
 * The names of a zip's entries (directories excluded), without extracting anything.
 *
 * @throws AppError `IMPORT_FILE_DAMAGED` when the bytes are not a readable zip
 */
export function listZipEntries(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        if (!file.name.endsWith("/")) names.push(file.name);
        return false;
      },
    });
  } catch (error) {
    throw damaged(`not a readable zip: ${(error as Error).message}`);
  }
  return names;
}

/**
 * The entries of a zip that `wanted` accepts, extracted, by name. Their declared sizes together
 * may not pass `maxBytes`, nor may what they really inflate to.
 *
 * @throws AppError `IMPORT_FILE_DAMAGED` for an unreadable zip, an unsupported compression, or
 *   entries that expand past `maxBytes`
 */
export function readZipEntries(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  maxBytes = ZIP_MAX_EXPANDED_BYTES,
): Map<string, Uint8Array> {
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        if (file.name.endsWith("/") || !wanted(file.name)) return false;
        declared += file.originalSize;
        if (declared > maxBytes) throw damaged("the archive expands past its limit");
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged(`not a readable zip: ${(error as Error).message}`);
  }
  const result = new Map<string, Uint8Array>();
  let actual = 0;
  for (const [name, data] of Object.entries(entries)) {
    actual += data.byteLength;
    if (actual > maxBytes) throw damaged("the archive expands past its limit");
    result.set(name, data);
  }
  return result;
}
