import { createHash } from "node:crypto";
import { AppError, ErrorCode, type ImportBundle, type ImportJob, randomId } from "@mnemo/domain";
import type { FastifyBaseLogger } from "fastify";
import { isStorageUnavailable } from "../../db/storage-errors.js";
import type { ServiceDeps } from "../../deps.js";
import { type PeriodicJob, startPeriodicJob } from "../../periodic-job.js";
import type { FormatReader, ImportFile } from "./formats/format-reader.js";
import { writeImportBundle } from "./import-writer.js";
import {
  failAbandonedImports,
  finishImport,
  insertRunningImport,
  selectImport,
  selectLatestImports,
  touchImport,
  updateImportProgress,
} from "./imports.repo.js";

// Import jobs (issue 11 §2, PRODUCT.md › Import): the upload is recognised and a job row made
// while the request waits; reading and writing run after the answer, the row keeping their
// progress, so a reload of the page finds the job and its end.

type Deps = ServiceDeps;

/** GET /api/imports lists this many. */
const LATEST_IMPORTS = 20;
/** The progress in the job's row is rewritten at most this often. */
const PROGRESS_WRITE_MS = 250;
/** How often a running import's process notes that it still runs it (`heartbeat_at`). */
const IMPORT_HEARTBEAT_MS = 5_000;
/**
 * A running import whose heartbeat is older than this has lost its process: failed by the
 * sweep. Far above the heartbeat's period: a reader's synchronous parse of a large file holds
 * the event loop, and the heartbeat with it, for seconds.
 */
export const IMPORT_ABANDONED_AFTER_MS = 60_000;
/** How often each process looks for imports other processes abandoned. */
const IMPORT_SWEEP_MS = 30_000;

function importNotFound(importId: string): AppError {
  return new AppError(ErrorCode.IMPORT_NOT_FOUND, `import ${importId} not found`);
}

/** The reader of the first format that recognises the file. @throws IMPORT_FORMAT_UNKNOWN */
function pickReader(file: ImportFile, readers: readonly FormatReader[]): FormatReader {
  const reader = readers.find((candidate) => candidate.recognises(file));
  if (!reader) {
    throw new AppError(ErrorCode.IMPORT_FORMAT_UNKNOWN, "the file is no import format known here");
  }
  return reader;
}

/** A started import: its row, and the work that runs on after the answer. */
export interface StartedImport {
  job: ImportJob;
  run: () => Promise<void>;
}

/**
 * Recognises an uploaded file and records a running import of it; `run` then reads and writes
 * it. Nothing is recorded for a file that is not recognised.
 *
 * @throws IMPORT_FILE_DAMAGED for a zip whose entries cannot be listed; IMPORT_FORMAT_UNKNOWN;
 *   IMPORT_ALREADY_RUNNING while another import of the user runs
 */
export async function startImport(
  deps: Deps,
  user: { id: string; name: string },
  bytes: Uint8Array,
  log: FastifyBaseLogger,
  readers?: readonly FormatReader[],
): Promise<StartedImport> {
  // The readers and their libraries (zip, Markdown, YAML, SQLite files) load with the first
  // import, not at start (issue 14 › idle RSS).
  const { formatReaders } = await import("./formats/index.js");
  const { listZipEntries, looksLikeZip } = await import("./formats/zip.js");
  const file: ImportFile = {
    bytes,
    zipEntryNames: looksLikeZip(bytes) ? listZipEntries(bytes) : null,
  };
  const reader = pickReader(file, readers ?? formatReaders);
  const job: ImportJob = {
    id: randomId(),
    status: "running",
    done: 0,
    total: 0,
    report: null,
    errorCode: null,
    createdAt: deps.now(),
    finishedAt: null,
  };
  const fileSha256 = createHash("sha256").update(bytes).digest("hex");
  const isStarted = await insertRunningImport(deps.db.kysely, user.id, {
    id: job.id,
    format: reader.format,
    fileSha256,
    createdAt: job.createdAt,
  });
  if (!isStarted) {
    throw new AppError(ErrorCode.IMPORT_ALREADY_RUNNING, "another import is running");
  }
  return { job, run: () => runImport(deps, user, job.id, reader, file, log) };
}

/**
 * Progress written to the job's row at most every PROGRESS_WRITE_MS. The writes are queued, never
 * awaited by the work: on SQLite the import's transaction holds the one connection, so a write
 * awaited inside it would wait for ever; queued, it lands when the connection is free.
 */
function progressWriter(deps: Deps, userId: string, importId: string) {
  let queue: Promise<void> = Promise.resolve();
  let lastWrite = Number.NEGATIVE_INFINITY;
  return {
    update(done: number, total: number) {
      const at = performance.now();
      if (at - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = at;
      queue = queue
        .then(() => updateImportProgress(deps.db.kysely, userId, importId, { done, total }))
        .catch(() => {
          // Progress is a hint; the job's end is written whatever became of it.
        });
    },
    settled: () => queue,
  };
}

/** The code a failed job records: the error's own, else damaged (reading) or internal. */
function failureCode(error: unknown, phase: "read" | "write"): string {
  if (isStorageUnavailable(error)) return ErrorCode.STORAGE_UNAVAILABLE;
  if (error instanceof AppError) {
    if (error.code.startsWith("IMPORT_") || error.code === ErrorCode.STORAGE_UNAVAILABLE) {
      return error.code;
    }
    return phase === "read" ? ErrorCode.IMPORT_FILE_DAMAGED : ErrorCode.INTERNAL;
  }
  return phase === "read" ? ErrorCode.IMPORT_FILE_DAMAGED : ErrorCode.INTERNAL;
}

async function runImport(
  deps: Deps,
  user: { id: string; name: string },
  importId: string,
  reader: FormatReader,
  file: ImportFile,
  log: FastifyBaseLogger,
): Promise<void> {
  const progress = progressWriter(deps, user.id, importId);
  // Other processes on the database fail an import whose heartbeat stops (failAbandonedImports).
  const heartbeat = setInterval(() => {
    touchImport(deps.db.kysely, user.id, importId, deps.now()).catch(() => {
      // A missed beat is retried at the next; a minute of them fails the import.
    });
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  let phase: "read" | "write" = "read";
  // Readers start with synchronous work (a JSON.parse of the whole file): the 202 goes first.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    let readTotal = 0;
    const bundle: ImportBundle = await reader.read(file, (done, total) => {
      readTotal = total;
      progress.update(done, total);
    });
    phase = "write";
    const report = await writeImportBundle(deps, user, bundle, (done, total) =>
      progress.update(readTotal + done, readTotal + total),
    );
    await progress.settled();
    const total = readTotal + bundle.memos.length;
    await finishImport(deps.db.kysely, user.id, importId, {
      status: "done",
      report,
      done: total,
      total,
      finishedAt: deps.now(),
    });
  } catch (error) {
    const errorCode = failureCode(error, phase);
    if (errorCode === ErrorCode.INTERNAL || !(error instanceof AppError)) {
      log.error({ err: error, importId }, "import failed");
    }
    await progress.settled();
    try {
      await finishImport(deps.db.kysely, user.id, importId, {
        status: "failed",
        errorCode,
        finishedAt: deps.now(),
      });
    } catch (finishError) {
      // The database is gone (shutting down); the sweep marks the job failed.
      log.error({ err: finishError, importId }, "import end not recorded");
    }
  } finally {
    clearInterval(heartbeat);
  }
}

/** One import of the user. @throws IMPORT_NOT_FOUND for an unknown id or another user's */
export async function getImport(deps: Deps, userId: string, importId: string): Promise<ImportJob> {
  const job = await selectImport(deps.db.kysely, userId, importId);
  if (!job) throw importNotFound(importId);
  return job;
}

/** The user's newest imports, newest first. */
export async function listImports(deps: Deps, userId: string): Promise<ImportJob[]> {
  return selectLatestImports(deps.db.kysely, userId, LATEST_IMPORTS);
}

/**
 * Marks the imports whose process stopped as failed (IMPORT_FILE_DAMAGED is not it: INTERNAL
 * says the server stopped): those whose heartbeat is a minute old. Another process's running
 * imports are left alone, so a second server process, or a new one started before the old one
 * stopped, does not fail them.
 */
export async function failInterruptedImports(deps: Deps): Promise<number> {
  const now = deps.now();
  return failAbandonedImports(
    deps.db.kysely,
    ErrorCode.INTERNAL,
    now - IMPORT_ABANDONED_AFTER_MS,
    now,
  );
}

/** Fails abandoned imports every half minute until stopped (see startPeriodicJob). */
export function startImportSweeper(deps: Deps, log: Pick<FastifyBaseLogger, "error">): PeriodicJob {
  return startPeriodicJob(
    IMPORT_SWEEP_MS,
    () => failInterruptedImports(deps),
    log,
    "import sweep failed",
  );
}
