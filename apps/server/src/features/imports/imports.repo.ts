import type { ImportFormat, ImportJob, ImportReport } from "@mnemo/domain";
import type { Selectable } from "kysely";
import type { Executor } from "../../db/database.js";
import type { ImportsTable } from "../../db/schema.js";
import type { WriteContext } from "../../db/user-write.js";
import { inValueList } from "../../db/value-list.js";

// The import jobs' rows, and the few bulk reads and writes of the import writer that no other
// feature has (existing ids, multi-row review and completion inserts).

/** Rows per multi-row insert: well under SQLite's 32,766 bound parameters (7 per row). */
const INSERT_CHUNK = 1000;

function toJob(row: Selectable<ImportsTable>): ImportJob {
  return {
    id: row.id,
    status: row.status as ImportJob["status"],
    done: row.done,
    total: row.total,
    report: row.report === null ? null : (JSON.parse(row.report) as ImportReport),
    errorCode: row.error_code,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Records a new running import of the user; false when the user has one running already (the
 * partial unique index of the imports migration decides, so two uploads at once cannot both
 * start).
 */
export async function insertRunningImport(
  db: Executor,
  userId: string,
  job: { id: string; format: ImportFormat; fileSha256: string; createdAt: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto("imports")
    .values({
      user_id: userId,
      id: job.id,
      status: "running",
      format: job.format,
      file_sha256: job.fileSha256,
      created_at: job.createdAt,
      heartbeat_at: job.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** One import of the user, or undefined. */
export async function selectImport(
  db: Executor,
  userId: string,
  importId: string,
): Promise<ImportJob | undefined> {
  const row = await db
    .selectFrom("imports")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", importId)
    .executeTakeFirst();
  return row && toJob(row);
}

/** The user's newest imports, newest first. */
export async function selectLatestImports(
  db: Executor,
  userId: string,
  limit: number,
): Promise<ImportJob[]> {
  const rows = await db
    .selectFrom("imports")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

/** Notes that a running import's process still runs it (nothing once it has ended). */
export async function touchImport(
  db: Executor,
  userId: string,
  importId: string,
  at: number,
): Promise<void> {
  await db
    .updateTable("imports")
    .set({ heartbeat_at: at })
    .where("user_id", "=", userId)
    .where("id", "=", importId)
    .where("status", "=", "running")
    .execute();
}

/** Writes a running import's progress (nothing once it has ended). */
export async function updateImportProgress(
  db: Executor,
  userId: string,
  importId: string,
  progress: { done: number; total: number },
): Promise<void> {
  await db
    .updateTable("imports")
    .set({ done: progress.done, total: progress.total })
    .where("user_id", "=", userId)
    .where("id", "=", importId)
    .where("status", "=", "running")
    .execute();
}

/** Ends a running import: done with its report, or failed with its error code. */
export async function finishImport(
  db: Executor,
  userId: string,
  importId: string,
  end:
    | { status: "done"; report: ImportReport; done: number; total: number; finishedAt: number }
    | { status: "failed"; errorCode: string; finishedAt: number },
): Promise<void> {
  await db
    .updateTable("imports")
    .set(
      end.status === "done"
        ? {
            status: "done",
            report: JSON.stringify(end.report),
            done: end.done,
            total: end.total,
            finished_at: end.finishedAt,
          }
        : { status: "failed", error_code: end.errorCode, finished_at: end.finishedAt },
    )
    .where("user_id", "=", userId)
    .where("id", "=", importId)
    .where("status", "=", "running")
    .execute();
}

/**
 * Marks as failed with `errorCode` every import still running whose heartbeat is older than
 * `heartbeatBefore`: its process stopped (crashed, or stopped mid-import, and its one transaction
 * was rolled back). Deliberately for all users.
 */
export async function failAbandonedImports(
  db: Executor,
  errorCode: string,
  heartbeatBefore: number,
  finishedAt: number,
): Promise<number> {
  const rows = await db
    .updateTable("imports")
    .set({ status: "failed", error_code: errorCode, finished_at: finishedAt })
    .where("status", "=", "running")
    .where((eb) =>
      eb.or([eb("heartbeat_at", "is", null), eb("heartbeat_at", "<", heartbeatBefore)]),
    )
    .returning("id")
    .execute();
  return rows.length;
}

/** Which of `ids` the user has as folders or memos. */
export async function selectExistingIds(
  db: Executor,
  userId: string,
  table: "folders" | "memos",
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select("id")
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", ids))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` were deleted in this account (their sync tombstones). */
export async function selectTombstonedIds(
  db: Executor,
  userId: string,
  kind: "folder" | "memo",
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("sync_tombstones")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where(inValueList(db, "id", ids))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The user's images among `ids`, live or deleted, without their bytes: id → sha256 and state. */
export async function selectAttachmentStates(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, { sha256: string; isDeleted: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("attachments")
    .select(["id", "sha256", "deleted_at"])
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", ids))
    .execute();
  return new Map(
    rows.map((row) => [row.id, { sha256: row.sha256, isDeleted: row.deleted_at !== null }]),
  );
}

/** One imported review row. */
export interface ImportedReviewRow {
  opId: string;
  memoId: string;
  value: number;
  reviewedAt: number;
  grade: number | null;
}

/**
 * Inserts review rows many to a statement (the quarter-count triggers run per row, as for a
 * single review); rows whose opId the user has are left alone. Answers the memo id of each row
 * inserted.
 */
export async function insertReviewRows(
  write: WriteContext,
  rows: readonly ImportedReviewRow[],
): Promise<string[]> {
  const { trx, userId } = write;
  const inserted: string[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const result = await trx
      .insertInto("memo_reviews")
      .values(
        chunk.map((row) => ({
          user_id: userId,
          op_id: row.opId,
          memo_id: row.memoId,
          value: row.value,
          reviewed_at: row.reviewedAt,
          grade: row.grade,
        })),
      )
      .onConflict((oc) => oc.columns(["user_id", "op_id"]).doNothing())
      .returning("memo_id")
      .execute();
    for (const row of result) inserted.push(row.memo_id);
  }
  return inserted;
}

/** Inserts completion rows many to a statement; rows whose opId the user has are left alone. */
export async function insertCompletionRows(
  write: WriteContext,
  rows: ReadonlyArray<{ opId: string; memoId: string; completedAt: number }>,
): Promise<void> {
  const { trx, userId } = write;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    await trx
      .insertInto("memo_completions")
      .values(
        chunk.map((row) => ({
          user_id: userId,
          op_id: row.opId,
          memo_id: row.memoId,
          completed_at: row.completedAt,
        })),
      )
      .onConflict((oc) => oc.columns(["user_id", "op_id"]).doNothing())
      .execute();
  }
}
