import { FSRS_STATES, type FsrsMemory, fsrsWeightsSchema } from "@mnemo/domain";
import { sql } from "kysely";
import { type Executor, isPostgres } from "./database.js";
import { precompile } from "./precompiled.js";
import type { MemoFsrsTable } from "./schema.js";
import type { WriteContext } from "./user-write.js";
import { inValueList } from "./value-list.js";

// The stored FSRS state of memos (memo_fsrs) and a user's FSRS weights (fsrs_parameters): the
// memo routes, the folder routes, the change feed and the review queue all read or derive them,
// so they live below the features.

/** A memo's stored FSRS state, by memo id, with the memo's folder. */
export type StoredFsrs = FsrsMemory & { memoId: string; folderId: string };

/** A memo_fsrs row as read (its user is the caller's). */
type MemoFsrsRow = Omit<MemoFsrsTable, "user_id">;

/** Maps a memo_fsrs row (pg int8 already numbers, see database.ts). */
export function toStoredFsrs(row: MemoFsrsRow): StoredFsrs {
  return {
    memoId: row.memo_id,
    folderId: row.folder_id,
    state: FSRS_STATES[row.state] ?? "new",
    stability: row.stability,
    difficulty: row.difficulty,
    due: row.due,
    lapses: row.lapses,
    reps: row.reps,
    learningSteps: row.learning_steps,
    lastReviewedAt: row.last_review,
  };
}

const memoFsrsColumns = [
  "memo_id",
  "folder_id",
  "state",
  "stability",
  "difficulty",
  "due",
  "lapses",
  "reps",
  "learning_steps",
  "last_review",
] as const;

/** The stored FSRS states of the listed memos of the user (those in FSRS folders). */
export async function selectMemoFsrs(
  db: Executor,
  userId: string,
  memoIds: readonly string[],
): Promise<Map<string, StoredFsrs>> {
  if (memoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("memo_fsrs")
    .select(memoFsrsColumns)
    .where("user_id", "=", userId)
    .where(inValueList(db, "memo_id", memoIds))
    .execute();
  return new Map(rows.map((row) => [row.memo_id, toStoredFsrs(row)]));
}

const selectWeightsQuery = precompile((db, userId: string) =>
  db.selectFrom("fsrs_parameters").select("weights").where("user_id", "=", userId),
);

/** The user's optimized weights, or null while the defaults apply. */
export async function selectFsrsWeights(
  db: Executor,
  userId: string,
): Promise<readonly number[] | null> {
  const [row] = await selectWeightsQuery(db, userId);
  if (!row?.weights) return null;
  const parsed = fsrsWeightsSchema.safeParse(JSON.parse(row.weights));
  return parsed.success ? parsed.data : null;
}

/** A memo in scope of a derivation, with what its state depends on besides its rows. */
export interface MemoForFsrs {
  memoId: string;
  folderId: string;
  createdAt: number;
  scheduler: string;
  desiredRetention: number;
}

/** The memos of a derivation scope with their folder's scheduler and retention. */
export async function selectMemosForFsrs(
  db: Executor,
  userId: string,
  scope: { memoIds: readonly string[] } | { folderId: string } | { scheduler: "fsrs" },
): Promise<MemoForFsrs[]> {
  if ("memoIds" in scope && scope.memoIds.length === 0) return [];
  const rows =
    "memoIds" in scope && !isPostgres(db)
      ? await selectListedMemosForFsrsOnSqlite(db, userId, scope.memoIds)
      : await selectMemosForFsrsRows(db, userId, scope);
  return rows.map((row) => ({
    memoId: row.id,
    folderId: row.folder_id,
    createdAt: row.created_at,
    scheduler: row.scheduler,
    desiredRetention: row.desired_retention,
  }));
}

interface MemoForFsrsRow {
  id: string;
  folder_id: string;
  created_at: number;
  scheduler: string;
  desired_retention: number;
}

/**
 * The listed memos, looked up one by one from the list (CROSS JOIN keeps SQLite's join order).
 * Without statistics SQLite takes a user for ~10 memos, and `memos.id IN (json_each …)` read every
 * memo of the user through an index on user_id instead: 10.7 ms for one memo of 100,000, on each
 * review in an FSRS folder; 0.03 ms this way.
 */
async function selectListedMemosForFsrsOnSqlite(
  db: Executor,
  userId: string,
  memoIds: readonly string[],
): Promise<MemoForFsrsRow[]> {
  const { rows } = await sql<MemoForFsrsRow>`
    select memos.id, memos.folder_id, memos.created_at, folders.scheduler,
           folders.desired_retention
      from json_each(${JSON.stringify(memoIds)}) as listed
     cross join memos on memos.user_id = ${userId} and memos.id = listed.value
      join folders on folders.user_id = memos.user_id and folders.id = memos.folder_id`.execute(db);
  return rows;
}

async function selectMemosForFsrsRows(
  db: Executor,
  userId: string,
  scope: { memoIds: readonly string[] } | { folderId: string } | { scheduler: "fsrs" },
): Promise<MemoForFsrsRow[]> {
  return db
    .selectFrom("memos")
    .innerJoin("folders", (join) =>
      join
        .onRef("folders.user_id", "=", "memos.user_id")
        .onRef("folders.id", "=", "memos.folder_id"),
    )
    .select([
      "memos.id",
      "memos.folder_id",
      "memos.created_at",
      "folders.scheduler",
      "folders.desired_retention",
    ])
    .where("memos.user_id", "=", userId)
    .$if("memoIds" in scope, (qb) =>
      qb.where(inValueList(db, "memos.id", (scope as { memoIds: string[] }).memoIds)),
    )
    .$if("folderId" in scope, (qb) =>
      qb.where("memos.folder_id", "=", (scope as { folderId: string }).folderId),
    )
    .$if("scheduler" in scope, (qb) => qb.where("folders.scheduler", "=", "fsrs"))
    .execute();
}

/** The counting (not undone) review rows of the listed memos, by memo id. */
export async function selectFsrsReviewRows(
  db: Executor,
  userId: string,
  memoIds: readonly string[],
): Promise<Map<string, Array<{ at: number; grade: number | null }>>> {
  const byMemo = new Map<string, Array<{ at: number; grade: number | null }>>();
  // Bounded IN lists: a folder may hold many thousand memos.
  for (let start = 0; start < memoIds.length; start += 500) {
    const chunk = memoIds.slice(start, start + 500);
    const rows = await db
      .selectFrom("memo_reviews")
      .select(["memo_id", "reviewed_at", "grade"])
      .where("user_id", "=", userId)
      .where(inValueList(db, "memo_id", chunk))
      .where("undone_at", "is", null)
      .execute();
    for (const row of rows) {
      let list = byMemo.get(row.memo_id);
      if (!list) {
        list = [];
        byMemo.set(row.memo_id, list);
      }
      list.push({ at: row.reviewed_at, grade: row.grade });
    }
  }
  return byMemo;
}

/** Writes the derived states (insert or replace) of memos of the write's user. */
export async function upsertMemoFsrs(
  write: WriteContext,
  states: readonly StoredFsrs[],
): Promise<void> {
  const { trx, userId } = write;
  for (let start = 0; start < states.length; start += 200) {
    const values = states.slice(start, start + 200).map((state) => ({
      user_id: userId,
      memo_id: state.memoId,
      folder_id: state.folderId,
      state: FSRS_STATES.indexOf(state.state),
      stability: state.stability,
      difficulty: state.difficulty,
      due: state.due,
      lapses: state.lapses,
      reps: state.reps,
      learning_steps: state.learningSteps,
      last_review: state.lastReviewedAt,
    }));
    await trx
      .insertInto("memo_fsrs")
      .values(values)
      .onConflict((oc) =>
        oc.columns(["user_id", "memo_id"]).doUpdateSet((eb) => ({
          folder_id: eb.ref("excluded.folder_id"),
          state: eb.ref("excluded.state"),
          stability: eb.ref("excluded.stability"),
          difficulty: eb.ref("excluded.difficulty"),
          due: eb.ref("excluded.due"),
          lapses: eb.ref("excluded.lapses"),
          reps: eb.ref("excluded.reps"),
          learning_steps: eb.ref("excluded.learning_steps"),
          last_review: eb.ref("excluded.last_review"),
        })),
      )
      .execute();
  }
}

/** Removes the derived states of memos now in repetition folders. */
export async function deleteMemoFsrs(
  write: WriteContext,
  memoIds: readonly string[],
): Promise<void> {
  const { trx, userId } = write;
  for (let start = 0; start < memoIds.length; start += 500) {
    await trx
      .deleteFrom("memo_fsrs")
      .where("user_id", "=", userId)
      .where(inValueList(trx, "memo_id", memoIds.slice(start, start + 500)))
      .execute();
  }
}

/** Stamps the write's change seq on memos whose FSRS state changed without another change. */
export async function touchMemos(write: WriteContext, memoIds: readonly string[]): Promise<void> {
  const { trx, userId, seq } = write;
  for (let start = 0; start < memoIds.length; start += 500) {
    await trx
      .updateTable("memos")
      .set({ seq })
      .where("user_id", "=", userId)
      .where(inValueList(trx, "id", memoIds.slice(start, start + 500)))
      .execute();
  }
}
