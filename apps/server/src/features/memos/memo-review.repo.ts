import { DAY_MS } from "@mnemo/domain";
import { sql } from "kysely";
import { type Executor, isPostgres } from "../../db/database.js";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import { precompile } from "../../db/precompiled.js";
import type { WriteContext } from "../../db/user-write.js";

// Reviews, completions and priority: the rows keyed by a client's opId and the memo counters
// they change.

/** A memo's summary with its folder's repetition values, read in one query for a review. */
export interface MemoForReview {
  memo: StoredMemoSummary;
  dateRepetitionValue: number;
  readRepetitionValue: number;
  /** The folder's scheduler: 'repetition' or 'fsrs'. */
  scheduler: string;
}

const selectMemoForReviewQuery = precompile((db, userId: string, memoId: string) =>
  db
    .selectFrom("memos")
    .innerJoin("folders", (join) =>
      join
        .onRef("folders.user_id", "=", "memos.user_id")
        .onRef("folders.id", "=", "memos.folder_id"),
    )
    .select(memoSummaryColumns.map((column) => `memos.${column}` as const))
    .select(["folders.date_repetition_value", "folders.read_repetition_value", "folders.scheduler"])
    .where("memos.user_id", "=", userId)
    .where("memos.id", "=", memoId)
    // Locks the memo on PostgreSQL so operations on it run one after another; SQLite
    // writes one transaction at a time anyway.
    .$if(isPostgres(db), (qb) => qb.forUpdate("memos")),
);

/** The memo and its folder's repetition values in one query (the memo locked on PostgreSQL). */
export async function selectMemoForReview(
  db: Executor,
  userId: string,
  memoId: string,
): Promise<MemoForReview | undefined> {
  const [row] = await selectMemoForReviewQuery(db, userId, memoId);
  return (
    row && {
      memo: toStoredMemoSummary(row),
      dateRepetitionValue: row.date_repetition_value,
      readRepetitionValue: row.read_repetition_value,
      scheduler: row.scheduler,
    }
  );
}

const insertReviewQuery = precompile(
  (
    db,
    userId: string,
    opId: string,
    memoId: string,
    value: number,
    reviewedAt: number,
    grade: number | null,
  ) =>
    db
      .insertInto("memo_reviews")
      .values({
        user_id: userId,
        op_id: opId,
        memo_id: memoId,
        value,
        reviewed_at: reviewedAt,
        grade,
      })
      .onConflict((oc) => oc.columns(["user_id", "op_id"]).doNothing())
      .returning("op_id"),
);

/** Appends a review row unless the opId is known; true when this call inserted it. */
export async function insertReview(
  db: Executor,
  userId: string,
  review: { opId: string; memoId: string; value: number; reviewedAt: number; grade: number | null },
): Promise<boolean> {
  const { opId, memoId, value, reviewedAt, grade } = review;
  const inserted = await insertReviewQuery(db, userId, opId, memoId, value, reviewedAt, grade);
  return inserted.length > 0;
}

/** The tables whose rows are keyed by the opId that recorded them, and undone by a stamp. */
type OpRowTable = "memo_reviews" | "memo_completions";

/** A review or completion row: its memo, and when it was undone (null while it counts). */
export interface OpRow {
  memoId: string;
  undoneAt: number | null;
}

/** The review or completion row recorded with `opId`, or undefined. */
export async function selectRowByOpId(
  db: Executor,
  table: OpRowTable,
  userId: string,
  opId: string,
): Promise<OpRow | undefined> {
  const row = await db
    .selectFrom(table)
    .select(["memo_id", "undone_at"])
    .where("user_id", "=", userId)
    .where("op_id", "=", opId)
    .executeTakeFirst();
  return row && { memoId: row.memo_id, undoneAt: row.undone_at };
}

/**
 * Marks the review or completion recorded with `opId` undone at `undoneAt`; the row stays, so a
 * replay of it finds it. (An undone completion gets no un-complete opId: a later un-complete
 * still takes the latest live completion.)
 */
export async function markRowUndone(
  db: Executor,
  table: OpRowTable,
  userId: string,
  opId: string,
  undoneAt: number,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ undone_at: undoneAt })
    .where("user_id", "=", userId)
    .where("op_id", "=", opId)
    .where("undone_at", "is", null)
    .execute();
}

/** The counting (not undone) review rows of a memo: time and value. */
export async function selectLiveReviews(
  db: Executor,
  userId: string,
  memoId: string,
): Promise<Array<{ at: number; value: number }>> {
  const rows = await db
    .selectFrom("memo_reviews")
    .select(["reviewed_at", "value"])
    .where("user_id", "=", userId)
    .where("memo_id", "=", memoId)
    .where("undone_at", "is", null)
    .execute();
  return rows.map((row) => ({ at: row.reviewed_at, value: row.value }));
}

/**
 * Sets a memo's review counters (count, accumulated value, latest review, due key) to values
 * derived from its counting rows; stamps the write's change seq.
 */
export async function setReviewCounters(
  write: WriteContext,
  memoId: string,
  counters: {
    reviewCount: number;
    accumulatedReviewValue: number;
    lastReviewedAt: number | null;
    dueKey: number;
  },
): Promise<void> {
  const { trx, userId, seq } = write;
  await trx
    .updateTable("memos")
    .set({
      review_count: counters.reviewCount,
      accumulated_review_value: counters.accumulatedReviewValue,
      last_reviewed_at: counters.lastReviewedAt,
      due_key: counters.dueKey,
      seq,
    })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}

/**
 * Adds one review to a memo's counters: count + 1, accumulated value + value, latest review time,
 * and the due key recomputed as `dateRV × createdAt / DAY_MS + accumulated` (the order of
 * `repetitionDueKey`, so the stored key equals what the domain computes); stamps the change seq.
 */
const addReviewQuery = precompile(
  (
    db,
    userId: string,
    memoId: string,
    value: number,
    reviewedAt: number,
    dateRV: number,
    seq: number,
  ) => {
    const amount = sql<number>`cast(${value} as double precision)`;
    const rv = sql<number>`cast(${dateRV} as double precision)`;
    return (
      db
        .updateTable("memos")
        .set({
          review_count: sql<number>`review_count + 1`,
          accumulated_review_value: sql<number>`accumulated_review_value + ${amount}`,
          last_reviewed_at: sql<number>`case when last_reviewed_at is null or last_reviewed_at < ${reviewedAt} then ${reviewedAt} else last_reviewed_at end`,
          due_key: sql<number>`${rv} * created_at / ${sql.lit(DAY_MS)} + (accumulated_review_value + ${amount})`,
          seq,
        })
        .where("user_id", "=", userId)
        .where("id", "=", memoId)
        // The new state comes back with the update: no second read in the review's transaction.
        .returning(memoSummaryColumns)
    );
  },
);

/** Adds one review to a memo's counters (see addReviewQuery); answers the memo's new state. */
export async function addReviewToMemo(
  write: WriteContext,
  memoId: string,
  review: { value: number; reviewedAt: number; dateRepetitionValue: number },
): Promise<StoredMemoSummary> {
  const { trx, userId, seq } = write;
  const { value, reviewedAt, dateRepetitionValue } = review;
  const [row] = await addReviewQuery(
    trx,
    userId,
    memoId,
    value,
    reviewedAt,
    dateRepetitionValue,
    seq,
  );
  if (!row) throw new Error(`memo ${memoId} vanished inside its review transaction`);
  return toStoredMemoSummary(row);
}

/** Appends a completion row unless the opId is known; true when this call inserted it. */
export async function insertCompletion(
  db: Executor,
  userId: string,
  completion: { opId: string; memoId: string; completedAt: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto("memo_completions")
    .values({
      user_id: userId,
      op_id: completion.opId,
      memo_id: completion.memoId,
      completed_at: completion.completedAt,
    })
    .onConflict((oc) => oc.columns(["user_id", "op_id"]).doNothing())
    .returning("op_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Stamps the memo's latest completion that is not undone with the un-complete's opId and time;
 * false when the memo has none.
 */
export async function markLatestCompletionUndone(
  db: Executor,
  userId: string,
  memoId: string,
  undo: { opId: string; undoneAt: number },
): Promise<boolean> {
  const latest = await db
    .selectFrom("memo_completions")
    .select("op_id")
    .where("user_id", "=", userId)
    .where("memo_id", "=", memoId)
    .where("undone_at", "is", null)
    .orderBy("completed_at", "desc")
    .orderBy("op_id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) return false;
  const updated = await db
    .updateTable("memo_completions")
    .set({ undone_at: undo.undoneAt, undo_op_id: undo.opId })
    .where("user_id", "=", userId)
    .where("op_id", "=", latest.op_id)
    .where("undone_at", "is", null)
    .returning("op_id")
    .executeTakeFirst();
  return updated !== undefined;
}

/** The completion the un-complete `undoOpId` undid, or undefined. */
export async function selectCompletionUndoneBy(
  db: Executor,
  userId: string,
  undoOpId: string,
): Promise<OpRow | undefined> {
  const row = await db
    .selectFrom("memo_completions")
    .select(["memo_id", "undone_at"])
    .where("user_id", "=", userId)
    .where("undo_op_id", "=", undoOpId)
    .executeTakeFirst();
  return row && { memoId: row.memo_id, undoneAt: row.undone_at };
}

/**
 * Makes the completion undone by the un-complete `undoOpId` count again. Its `undo_op_id` stays,
 * so a replay of that un-complete still finds it used and changes nothing.
 */
export async function markCompletionLive(
  db: Executor,
  userId: string,
  undoOpId: string,
): Promise<void> {
  await db
    .updateTable("memo_completions")
    .set({ undone_at: null })
    .where("user_id", "=", userId)
    .where("undo_op_id", "=", undoOpId)
    .execute();
}

/**
 * Recounts a memo's completions that are not undone, and the latest of them; stamps the write's
 * change `seq`.
 */
export async function refreshCompletionCounters(
  write: WriteContext,
  memoId: string,
): Promise<void> {
  const { trx, userId, seq } = write;
  const live = trx
    .selectFrom("memo_completions")
    .where("user_id", "=", userId)
    .where("memo_id", "=", memoId)
    .where("undone_at", "is", null);
  await trx
    .updateTable("memos")
    .set({
      completed_count: live.select((eb) => eb.fn.countAll<number>().as("n")),
      last_completed_at: live.select((eb) => eb.fn.max("completed_at").as("m")),
      seq,
    })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}

/** Adds `delta` to a memo's priority; stamps the write's change `seq`. */
export async function addToPriority(
  write: WriteContext,
  memoId: string,
  delta: number,
): Promise<void> {
  const { trx, userId, seq } = write;
  await trx
    .updateTable("memos")
    .set({ priority: sql<number>`priority + ${delta}`, seq })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}
