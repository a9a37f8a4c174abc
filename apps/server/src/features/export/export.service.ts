import type { ExportFormat } from "@mnemo/domain";
import type { Db } from "../../db/database.js";
import type { ServiceDeps } from "../../deps.js";
import { selectExportFolders } from "./export.repo.js";
import type { ExportSource } from "./mnemo-archive.js";

// Export (issue 11 §3, PRODUCT.md › Export): everything of the user as one download, made while
// it is sent. The archive is an async generator of zip bytes that reads a page of memos only
// when the reply stream asks for more, so memory stays flat however many memos there are, and
// a client that goes away stops the reading (the stream is destroyed, the generator returned).

/** A download being made: its name and type, and its bytes as they are made. */
export interface ExportArchive {
  fileName: string;
  contentType: string;
  chunks: AsyncGenerator<Uint8Array>;
}

/**
 * Exports of this process by how they went: `running` now, `finished` (the whole archive was
 * sent), `stopped` (the client went away or the stream failed before the end). A gauge for
 * operators, and how the tests see that a disconnect stops the reading.
 */
export const exportCounts = { running: 0, finished: 0, stopped: 0 };

type ArchiveWriter = (source: ExportSource) => AsyncGenerator<Uint8Array>;

/**
 * The archive writers, loaded with the first export of their kind, not at start: with their zip,
 * Markdown and YAML libraries they are heap an idle server does not need (issue 14 › idle RSS).
 */
const archiveWriters: Record<ExportFormat, () => Promise<ArchiveWriter>> = {
  mnemo: () => import("./mnemo-archive.js").then((module) => module.mnemoArchive),
  markdown: () => import("./markdown-archive.js").then((module) => module.markdownArchive),
  apkg: () => import("./apkg-archive.js").then((module) => module.apkgArchive),
};

/**
 * The archive of `format` made from `source`, read on a connection of its own
 * (Db.openBulkReader) opened at the first pull and closed when the archive ends or stops, and
 * counted in {@link exportCounts}.
 */
async function* counted(
  db: Db,
  source: Omit<ExportSource, "db">,
  format: ExportFormat,
): AsyncGenerator<Uint8Array> {
  const write = await archiveWriters[format]();
  const reader = db.openBulkReader();
  exportCounts.running += 1;
  let isFinished = false;
  try {
    yield* write({ ...source, db: reader.kysely });
    isFinished = true;
  } finally {
    exportCounts.running -= 1;
    if (isFinished) exportCounts.finished += 1;
    else exportCounts.stopped += 1;
    await reader.close();
  }
}

/** `YYYY-MM-DD` of epoch ms `now`, in UTC. */
function dateStamp(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * Starts the export of all the user's data in `format`. The folders are read before it answers,
 * so a database that cannot be read fails here (a JSON error), not half-way through the download.
 * The zip formats are made while they are sent; `apkg` is written whole, then sent.
 */
export async function exportArchive(
  deps: ServiceDeps,
  userId: string,
  format: ExportFormat,
): Promise<ExportArchive> {
  const now = deps.now();
  const folders = await selectExportFolders(deps.db.kysely, userId);
  const source = { userId, now, folders };
  const stamp = dateStamp(now);
  switch (format) {
    case "mnemo":
      return {
        fileName: `mnemo-${stamp}.zip`,
        contentType: "application/zip",
        chunks: counted(deps.db, source, "mnemo"),
      };
    case "markdown":
      return {
        fileName: `mnemo-${stamp}-markdown.zip`,
        contentType: "application/zip",
        chunks: counted(deps.db, source, "markdown"),
      };
    case "apkg":
      return {
        fileName: `mnemo-${stamp}.apkg`,
        contentType: "application/octet-stream",
        chunks: counted(deps.db, source, "apkg"),
      };
  }
}
