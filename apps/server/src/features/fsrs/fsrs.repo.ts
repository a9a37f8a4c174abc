import type { Executor } from "../../db/database.js";

// A user's FSRS parameters row (weights and the latest optimization run) and the graded review
// rows an optimization reads.

/** The stored parameters row of a user, or undefined before the first optimization. */
export interface StoredFsrsParameters {
  weights: string | null;
  runStatus: string | null;
  runStartedAt: number | null;
  runFinishedAt: number | null;
  runReviewCount: number;
  runLogLossBefore: number | null;
  runLogLossAfter: number | null;
}

export async function selectFsrsParameters(
  db: Executor,
  userId: string,
): Promise<StoredFsrsParameters | undefined> {
  const row = await db
    .selectFrom("fsrs_parameters")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return (
    row && {
      weights: row.weights,
      runStatus: row.run_status,
      runStartedAt: row.run_started_at,
      runFinishedAt: row.run_finished_at,
      runReviewCount: row.run_review_count,
      runLogLossBefore: row.run_log_loss_before,
      runLogLossAfter: row.run_log_loss_after,
    }
  );
}

/** Counts the user's reviews that carry a grade and were not undone. */
export async function countGradedReviews(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("memo_reviews")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("grade", "is not", null)
    .where("undone_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's graded, counting reviews, by memo then time: what the optimizer learns from. */
export async function selectGradedReviews(
  db: Executor,
  userId: string,
): Promise<Array<{ memoId: string; at: number; grade: number }>> {
  const rows = await db
    .selectFrom("memo_reviews")
    .select(["memo_id", "reviewed_at", "grade"])
    .where("user_id", "=", userId)
    .where("grade", "is not", null)
    .where("undone_at", "is", null)
    .orderBy("memo_id")
    .orderBy("reviewed_at")
    .orderBy("grade")
    .execute();
  return rows.map((row) => ({ memoId: row.memo_id, at: row.reviewed_at, grade: row.grade ?? 3 }));
}

/** Records that a run started (creating the row on first use); the weights stay as they are. */
export async function markRunStarted(
  db: Executor,
  userId: string,
  run: { startedAt: number; reviewCount: number },
): Promise<void> {
  const started = {
    run_status: "running",
    run_started_at: run.startedAt,
    run_finished_at: null,
    run_review_count: run.reviewCount,
    run_log_loss_before: null,
    run_log_loss_after: null,
    updated_at: run.startedAt,
  };
  await db
    .insertInto("fsrs_parameters")
    .values({ user_id: userId, weights: null, ...started })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(started))
    .execute();
}

/** Records a run's end: `done` with its figures (and new weights when they are better), or `failed`. */
export async function markRunFinished(
  db: Executor,
  userId: string,
  run: {
    status: "done" | "failed";
    finishedAt: number;
    logLossBefore: number | null;
    logLossAfter: number | null;
    /** JSON of the new weights, or undefined to keep the current ones. */
    weights?: string;
  },
): Promise<void> {
  await db
    .updateTable("fsrs_parameters")
    .set({
      run_status: run.status,
      run_finished_at: run.finishedAt,
      run_log_loss_before: run.logLossBefore,
      run_log_loss_after: run.logLossAfter,
      updated_at: run.finishedAt,
      ...(run.weights !== undefined && { weights: run.weights }),
    })
    .where("user_id", "=", userId)
    .execute();
}
