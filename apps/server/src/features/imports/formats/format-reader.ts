import type { ImportBundle, ImportFormat } from "@mnemo/domain";

// One reader per import format (issue 11 §2). A reader only parses: bytes in, an ImportBundle
// out. Ids, sanitizing, limits, idempotence and the one transaction belong to the import writer,
// so every format follows the same rules.

/** An uploaded import file as the readers see it. */
export interface ImportFile {
  bytes: Uint8Array;
  /** The entry names when the file is a zip archive (listed once, nothing extracted), else null. */
  zipEntryNames: readonly string[] | null;
}

/** Reports progress while a reader works: `done` of `total` steps (notes, files, …). */
export type ReadProgress = (done: number, total: number) => void;

export interface FormatReader {
  format: ImportFormat;
  /** True when the file is this format. Cheap: entry names and the first bytes only. */
  recognises(file: ImportFile): boolean;
  /**
   * Everything the file holds, as a bundle.
   *
   * @throws AppError `IMPORT_FILE_DAMAGED` when the file is this format but cannot be read
   */
  read(file: ImportFile, progress: ReadProgress): Promise<ImportBundle>;
}
