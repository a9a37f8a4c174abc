import { ankiReader } from "./anki.js";
import type { FormatReader } from "./format-reader.js";
import { keepReader } from "./keep.js";
import { markdownReader } from "./markdown.js";
import { mnemoReader } from "./mnemo.js";
import { originalReader } from "./original.js";

/**
 * The import formats, in the order they are tried: the first reader that recognises a file reads
 * it. Zip formats that name a telling entry (Anki's collection, Mnemo's `mnemo.json`, Keep's
 * Takeout JSON) come before the Markdown zip, which takes any zip of `.md` files.
 */
export const formatReaders: readonly FormatReader[] = [
  ankiReader,
  mnemoReader,
  keepReader,
  markdownReader,
  // Last: a bare JSON document (no zip), told apart by its collection names.
  originalReader,
];
