import type { ImportFile } from "./format-reader.js";
import { listZipEntries, readZipEntries } from "./zip.js";

const HANGUL = /\p{Script=Hangul}/u;

const utf8 = new TextDecoder("utf-8", { fatal: true });
// WHATWG's "euc-kr" is Windows code page 949, what Korean Windows writes into zips.
const cp949 = new TextDecoder("euc-kr", { fatal: true });

function decodeStrict(decoder: InstanceType<typeof TextDecoder>, bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * An entry name of a zip as people wrote it, NFC. fflate decodes a name as UTF-8 when the entry
 * has the UTF-8 flag and otherwise byte by byte as Latin-1, yet many zips carry no flag: macOS's
 * Archive Utility writes UTF-8 (NFD) names without it and Korean Windows writes code page 949.
 * A name fflate decoded byte by byte (no character above U+00FF) is re-read from those bytes as
 * UTF-8, else as CP949 when that gives Hangul, else kept (a flagged UTF-8 name of Latin-1 letters
 * such as `café.md` looks the same and is right as it is; a legacy CP437 name with accents stays
 * garbled, which is rarer than either).
 */
export function readableZipName(name: string): string {
  let isAscii = true;
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0xff) return name.normalize("NFC");
    if (code > 0x7f) isAscii = false;
  }
  if (isAscii) return name;
  const bytes = Uint8Array.from(name, (char) => char.charCodeAt(0));
  const asUtf8 = decodeStrict(utf8, bytes);
  if (asUtf8 !== null) return asUtf8.normalize("NFC");
  const asCp949 = decodeStrict(cp949, bytes);
  if (asCp949 !== null && HANGUL.test(asCp949)) return asCp949.normalize("NFC");
  return name.normalize("NFC");
}

/**
 * The path of a zip entry as readers name it: {@link readableZipName}, `\\` taken as `/` (old
 * Windows tools write it), without empty or `.` segments (`./notes/a.md` is `notes/a.md`).
 */
export function zipEntryPath(name: string): string {
  return readableZipName(name)
    .replaceAll("\\", "/")
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".")
    .join("/");
}

/** True for entries no importer wants: macOS resource forks, dot-files and dot-directories. */
export function isHiddenZipPath(path: string): boolean {
  return path.split("/").some((segment) => segment.startsWith(".") || segment === "__MACOSX");
}

/**
 * A zip's visible entries (not {@link isHiddenZipPath}) by their {@link zipEntryPath}, each to its
 * raw name in the archive; the first of two entries that read as the same path wins.
 */
export function visibleZipPaths(file: ImportFile): Map<string, string> {
  const rawNames = new Map<string, string>();
  for (const raw of file.zipEntryNames ?? listZipEntries(file.bytes)) {
    const path = zipEntryPath(raw);
    if (path !== "" && !isHiddenZipPath(path) && !rawNames.has(path)) rawNames.set(path, raw);
  }
  return rawNames;
}

/** The entries at `paths` (paths of `rawNames`, see {@link visibleZipPaths}), extracted by path. */
export function readZipPaths(
  file: ImportFile,
  rawNames: ReadonlyMap<string, string>,
  paths: readonly string[],
): Map<string, Uint8Array> {
  const wanted = new Map(paths.map((path) => [rawNames.get(path) as string, path]));
  const byRaw = readZipEntries(file.bytes, (raw) => wanted.has(raw));
  const byPath = new Map<string, Uint8Array>();
  for (const [raw, bytes] of byRaw) byPath.set(wanted.get(raw) as string, bytes);
  return byPath;
}
