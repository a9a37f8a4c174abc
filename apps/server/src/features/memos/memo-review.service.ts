import type {
  ChangePriorityInput,
  CompleteMemoInput,
  MemoOpInput,
  MemoSummary,
  ReviewMemoInput,
} from "@mnemo/domain";
import { AppError, DAY_MS, ErrorCode, repetitionDueKey, summarizeReviews } from "@mnemo/domain";
import { isReplay, opIdConflict } from "../../db/applied-ops.repo.js";
import type { Executor } from "../../db/database.js";
import { deriveMemoFsrs, presentFsrs, withFsrs } from "../../db/memo-fsrs.js";
import { userWrite, type WriteContext } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { memoNotFound, presentSummary, toSummary } from "./memo-present.js";
import {
  addReviewToMemo,
  addToPriority,
  insertCompletion,
  insertReview,
  markCompletionLive,
  markLatestCompletionUndone,
  markRowUndone,
  refreshCompletionCounters,
  selectCompletionUndoneBy,
  selectLiveReviews,
  selectMemoForReview,
  selectRowByOpId,
  setReviewCounters,
} from "./memo-review.repo.js";
import { selectMemoSummary } from "./memos.repo.js";

// Reviews, completions and priority: idempotent by the client's opId, one memo at a time.

type Deps = ServiceDeps;

/** `applied_ops.kind` of a priority change (reviews and completions keep their opId in a row). */
const PRIORITY_OP = "memo.priority";

/** How far ahead of the server's clock a client's review time may be (clock skew). */
const MAX_CLOCK_AHEAD_MS = DAY_MS;

/**
 * Runs one idempotent operation on a memo in a user write that locks the memo, so retries and
 * concurrent operations on it run one after another; answers the memo's state afterwards.
 */
async function runMemoOp(
  deps: Deps,
  userId: string,
  memoId: string,
  apply: (trx: Executor, write: WriteContext) => Promise<void>,
): Promise<MemoSummary> {
  return userWrite(deps, userId, async (trx, write) => {
    const memo = await selectMemoSummary(trx, userId, memoId, { lock: true });
    if (!memo) throw memoNotFound(memoId);
    await apply(trx, write);
    return presentSummary(trx, userId, memoId, write.now);
  });
}

/**
 * When a client says something happened (a review or completion made offline), or now. A time
 * more than a day ahead of the server's clock is refused (clock skew has limits).
 *
 * @throws VALIDATION_FAILED at `path`
 */
function clientTime(at: number | undefined, now: number, path: string): number {
  if (at === undefined) return now;
  if (at > now + MAX_CLOCK_AHEAD_MS) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path, issue: "Expected a time no later than one day from now" },
    ]);
  }
  return at;
}

/**
 * Records a review (PRODUCT.md › Review): a review row keyed by the opId with its grade, count + 1,
 * accumulated value + value (default: the folder's readRepetitionValue), latest review time and
 * due key, and in an FSRS folder the memo's FSRS state derived again from its rows (issue 9 ›
 * The scheduler), all in one transaction. A retry with the same opId changes nothing and answers
 * the memo's state (also after the review was undone: it stays undone).
 *
 * @throws MEMO_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another memo;
 *   VALIDATION_FAILED when `reviewedAt` is more than a day ahead of the server's clock
 */
export async function reviewMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  input: ReviewMemoInput,
): Promise<MemoSummary> {
  const now = deps.now();
  const reviewedAt = clientTime(input.reviewedAt, now, "reviewedAt");
  // The hottest write of the app: the change seq, one read (memo + folder), one insert, one
  // update that stamps the seq and returns the new state.
  return userWrite(deps, userId, async (trx, write) => {
    const found = await selectMemoForReview(trx, userId, memoId);
    if (!found) throw memoNotFound(memoId);
    const value = input.value ?? found.readRepetitionValue;
    const grade = input.grade ?? null;
    const isFsrs = found.scheduler === "fsrs";
    let memo = found.memo;
    if (await insertReview(trx, userId, { opId: input.opId, memoId, value, reviewedAt, grade })) {
      const { dateRepetitionValue } = found;
      memo = await addReviewToMemo(write, memoId, { value, reviewedAt, dateRepetitionValue });
      if (!isFsrs) return toSummary(memo, null);
      // The state just derived is the answer's: no second read.
      const { states, weights } = await deriveMemoFsrs(write, { memoIds: [memoId] });
      const [state] = states;
      return toSummary(
        { ...memo, fsrs: state ? presentFsrs(state, write.now, weights) : null },
        null,
      );
    }
    if ((await selectRowByOpId(trx, "memo_reviews", userId, input.opId))?.memoId !== memoId) {
      throw opIdConflict(input.opId);
    }
    // Only FSRS folders' memos have a state to read (none is kept for repetition folders).
    const [presented = memo] = isFsrs ? await withFsrs(trx, userId, [memo], write.now) : [memo];
    return toSummary(presented, null);
  });
}

/**
 * Undoes one review of a memo by the review's opId (issue 9 › The review session: `u` /
 * Ctrl+Z): the row is marked undone and stops counting; the memo's count, accumulated value,
 * latest review, due key and FSRS state are derived again from the rows that still count, and
 * its change seq moves so other devices learn of it. Undoing an undone review changes nothing
 * and answers the memo; so does a replayed review after its undo.
 *
 * @throws MEMO_NOT_FOUND; REVIEW_NOT_FOUND when no review of this memo has the opId
 */
export async function undoReview(
  deps: Deps,
  userId: string,
  memoId: string,
  reviewOpId: string,
): Promise<MemoSummary> {
  return userWrite(deps, userId, async (trx, write) => {
    const found = await selectMemoForReview(trx, userId, memoId);
    if (!found) throw memoNotFound(memoId);
    const review = await selectRowByOpId(trx, "memo_reviews", userId, reviewOpId);
    if (review?.memoId !== memoId) {
      throw new AppError(ErrorCode.REVIEW_NOT_FOUND, `memo ${memoId} has no review ${reviewOpId}`);
    }
    if (review.undoneAt === null) {
      await markRowUndone(trx, "memo_reviews", userId, reviewOpId, write.now);
      const summary = summarizeReviews(await selectLiveReviews(trx, userId, memoId));
      const { createdAt } = found.memo;
      await setReviewCounters(write, memoId, {
        ...summary,
        dueKey: repetitionDueKey(
          createdAt,
          found.dateRepetitionValue,
          summary.accumulatedReviewValue,
        ),
      });
      if (found.scheduler === "fsrs") await deriveMemoFsrs(write, { memoIds: [memoId] });
    }
    return presentSummary(trx, userId, memoId, write.now);
  });
}

/**
 * Marks a memo complete (PRODUCT.md › Completion): a completion row keyed by the opId and the completed count,
 * in one transaction; a retry changes nothing.
 *
 * @throws MEMO_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another memo
 */
export async function completeMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  input: CompleteMemoInput,
): Promise<MemoSummary> {
  const completedAt = clientTime(input.completedAt, deps.now(), "completedAt");
  return runMemoOp(deps, userId, memoId, async (trx, write) => {
    if (await insertCompletion(trx, userId, { opId: input.opId, memoId, completedAt })) {
      await refreshCompletionCounters(write, memoId);
    } else if (
      (await selectRowByOpId(trx, "memo_completions", userId, input.opId))?.memoId !== memoId
    ) {
      throw opIdConflict(input.opId);
    }
  });
}

/**
 * Un-completes a memo (PRODUCT.md › Completion: removes the latest completion) by stamping its latest live
 * completion with the opId, so a retry finds it and changes nothing.
 *
 * @throws MEMO_NOT_FOUND; MEMO_NOT_COMPLETED when no completion is left; OP_ID_CONFLICT when the
 *   opId undid a completion of another memo
 */
export async function uncompleteMemo(
  deps: Deps,
  userId: string,
  memoId: string,
  input: MemoOpInput,
): Promise<MemoSummary> {
  return runMemoOp(deps, userId, memoId, async (trx, write) => {
    const usedFor = (await selectCompletionUndoneBy(trx, userId, input.opId))?.memoId;
    if (usedFor !== undefined) {
      if (usedFor !== memoId) throw opIdConflict(input.opId);
      return;
    }
    const undo = { opId: input.opId, undoneAt: write.now };
    if (!(await markLatestCompletionUndone(trx, userId, memoId, undo))) {
      throw new AppError(ErrorCode.MEMO_NOT_COMPLETED, `memo ${memoId} has no completion`);
    }
    await refreshCompletionCounters(write, memoId);
  });
}

function completionNotFound(memoId: string, opId: string): AppError {
  return new AppError(
    ErrorCode.COMPLETION_NOT_FOUND,
    `memo ${memoId} has no completion or un-completion ${opId}`,
  );
}

/**
 * Undoes the completion recorded with `completionOpId` (PRODUCT.md › Undo): that row stops
 * counting, whichever completion is the latest, and the counters are derived again. Undoing an
 * undone completion changes nothing and answers the memo (so a replay runs once).
 *
 * @throws MEMO_NOT_FOUND; COMPLETION_NOT_FOUND when no completion of this memo has the opId
 */
export async function undoCompletion(
  deps: Deps,
  userId: string,
  memoId: string,
  completionOpId: string,
): Promise<MemoSummary> {
  return runMemoOp(deps, userId, memoId, async (trx, write) => {
    const completion = await selectRowByOpId(trx, "memo_completions", userId, completionOpId);
    if (completion?.memoId !== memoId) throw completionNotFound(memoId, completionOpId);
    if (completion.undoneAt !== null) return;
    await markRowUndone(trx, "memo_completions", userId, completionOpId, write.now);
    await refreshCompletionCounters(write, memoId);
  });
}

/**
 * Undoes the un-complete made with `uncompleteOpId` (PRODUCT.md › Undo): the completion it
 * removed counts again at its own time (a new completion would move it to today in the
 * calendar). Undoing it again changes nothing and answers the memo.
 *
 * @throws MEMO_NOT_FOUND; COMPLETION_NOT_FOUND when no un-complete of this memo has the opId
 */
export async function undoUncompletion(
  deps: Deps,
  userId: string,
  memoId: string,
  uncompleteOpId: string,
): Promise<MemoSummary> {
  return runMemoOp(deps, userId, memoId, async (trx, write) => {
    const completion = await selectCompletionUndoneBy(trx, userId, uncompleteOpId);
    if (completion?.memoId !== memoId) throw completionNotFound(memoId, uncompleteOpId);
    if (completion.undoneAt === null) return;
    await markCompletionLive(trx, userId, uncompleteOpId);
    await refreshCompletionCounters(write, memoId);
  });
}

/**
 * Adds or subtracts 1 from a memo's priority (PRODUCT.md › Priority), once per opId.
 *
 * @throws MEMO_NOT_FOUND; OP_ID_CONFLICT when the opId was used for another memo or operation
 */
export async function changeMemoPriority(
  deps: Deps,
  userId: string,
  memoId: string,
  input: ChangePriorityInput,
): Promise<MemoSummary> {
  return runMemoOp(deps, userId, memoId, async (trx, write) => {
    const op = { opId: input.opId, kind: PRIORITY_OP, targetId: memoId, appliedAt: write.now };
    if (!(await isReplay(trx, userId, op))) await addToPriority(write, memoId, input.delta);
  });
}
