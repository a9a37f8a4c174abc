import { AppError, ErrorCode } from "../errors.js";

/**
 * The review fields of a memo that {@link applyReview} changes. The list of review times is
 * optional: a device keeps it only when it read a whole memo (a list row carries the counters).
 */
export interface ReviewedState {
  /** Number of reviews, an integer ≥ 0. */
  reviewCount: number;
  /** Sum of the values of all reviews. */
  accumulatedReviewValue: number;
  /** Epoch ms of the latest review, or `null` when never reviewed. */
  lastReviewedAt: number | null;
  /** Epoch ms of each review, in the order recorded, when known. */
  reviewedDates?: readonly number[];
}

/** The completion fields of a memo that {@link applyComplete} and {@link applyUncomplete} change. */
export interface CompletedState {
  /** Number of live completions, an integer ≥ 0; the memo is completed while it is > 0. */
  completedCount: number;
  /** Epoch ms of each live completion, in the order recorded, when known. */
  completedDates?: readonly number[];
}

/** One recorded review: when (epoch ms) and the value it adds. */
export interface ReviewInput {
  /** Epoch ms, an integer ≥ 0. */
  at: number;
  /** Finite and ≥ 0. */
  value: number;
}

function requireEpochMs(at: number, path: string): void {
  if (!Number.isSafeInteger(at) || at < 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "Invalid timestamp", [
      { path, issue: `Expected epoch milliseconds (an integer >= 0), got ${at}` },
    ]);
  }
}

function requireReviewValue(value: number, path: string): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "Invalid review value", [
      { path, issue: `Expected a finite number >= 0, got ${value}` },
    ]);
  }
}

/**
 * Records a review (PRODUCT.md › Review): adds 1 to `reviewCount` and `value` to
 * `accumulatedReviewValue`, moves `lastReviewedAt` to `at` unless a later review is already
 * recorded (as the server keeps it), and appends `at` to `reviewedDates` when that list is known. Returns a new object; other
 * fields of `state` are kept.
 *
 * The due key of the `repetition_value` order depends on the accumulated value: recompute it
 * (`repetitionDueKey`) from the result.
 *
 * @throws AppError `VALIDATION_FAILED` when `value` is not finite and ≥ 0 or `at` is not
 *   epoch ms (an integer ≥ 0)
 */
export function applyReview<S extends ReviewedState>(state: S, review: ReviewInput): S {
  requireEpochMs(review.at, "at");
  requireReviewValue(review.value, "value");
  const last = state.lastReviewedAt;
  return {
    ...state,
    reviewCount: state.reviewCount + 1,
    accumulatedReviewValue: state.accumulatedReviewValue + review.value,
    lastReviewedAt: last !== null && last > review.at ? last : review.at,
    ...(state.reviewedDates && { reviewedDates: [...state.reviewedDates, review.at] }),
  };
}

/**
 * Marks a memo complete (PRODUCT.md › Completion): adds 1 to `completedCount` and appends `at`
 * to `completedDates` when that list is known. Returns a new object.
 *
 * @throws AppError `VALIDATION_FAILED` when `at` is not epoch ms (an integer ≥ 0)
 */
export function applyComplete<S extends CompletedState>(state: S, at: number): S {
  requireEpochMs(at, "at");
  return {
    ...state,
    completedCount: state.completedCount + 1,
    ...(state.completedDates && { completedDates: [...state.completedDates, at] }),
  };
}

/** Whether a memo reads as completed (`isCompleted`): while it holds a completion. */
export function isMemoCompleted(memo: CompletedState): boolean {
  return memo.completedCount > 0;
}

/**
 * Un-completes a memo (PRODUCT.md › Completion): subtracts 1 from `completedCount` and, when
 * `completedDates` is known, removes its latest (largest) timestamp, one occurrence only, keeping
 * the others in their order. Returns a new object.
 *
 * @throws AppError `MEMO_NOT_COMPLETED` when `completedCount` is 0
 */
export function applyUncomplete<S extends CompletedState>(state: S): S {
  if (state.completedCount <= 0) {
    throw new AppError(ErrorCode.MEMO_NOT_COMPLETED, "Memo has no completion to remove");
  }
  const dates = state.completedDates;
  let latest = 0;
  dates?.forEach((at, index) => {
    if (at > (dates[latest] ?? at)) latest = index;
  });
  return {
    ...state,
    completedCount: state.completedCount - 1,
    ...(dates && { completedDates: dates.filter((_, index) => index !== latest) }),
  };
}

/**
 * Changes the priority (an integer; higher sorts first in the `priority` mode) by one step
 * (PRODUCT.md › Priority: add or subtract 1). Returns a new object.
 *
 * @param delta - `1` or `-1`
 * @throws AppError `VALIDATION_FAILED` when `delta` is neither (e.g. from unchecked input)
 */
export function changePriority<S extends { priority: number }>(state: S, delta: 1 | -1): S {
  if (delta !== 1 && delta !== -1) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "Invalid priority change", [
      { path: "delta", issue: `Expected 1 or -1, got ${String(delta)}` },
    ]);
  }
  return { ...state, priority: state.priority + delta };
}

/** Review figures derived from the set of review rows; see {@link summarizeReviews}. */
export interface ReviewSummary {
  /** Number of rows. */
  reviewCount: number;
  /** Sum of the row values. */
  accumulatedReviewValue: number;
  /** Largest `at`, or `null` when there are no rows. */
  lastReviewedAt: number | null;
}

/**
 * Derives a memo's review figures from its review rows, the source of truth when devices sync
 * (each device contributes rows; their union, without duplicates, is the history).
 *
 * The rows are summed in order of (`at`, `value`), so the result, floating-point rounding
 * included, does not depend on the order the rows arrived in.
 *
 * @param rows - one per review: `at` epoch ms, `value` finite ≥ 0
 * @throws AppError `VALIDATION_FAILED` when a row's `at` or `value` is invalid (path `N.at`,
 *   `N.value`)
 */
export function summarizeReviews(rows: readonly ReviewInput[]): ReviewSummary {
  rows.forEach((row, index) => {
    requireEpochMs(row.at, `${index}.at`);
    requireReviewValue(row.value, `${index}.value`);
  });
  const ordered = [...rows].sort((a, b) => a.at - b.at || a.value - b.value);
  let accumulatedReviewValue = 0;
  for (const row of ordered) accumulatedReviewValue += row.value;
  const last = ordered.at(-1);
  return {
    reviewCount: rows.length,
    accumulatedReviewValue,
    lastReviewedAt: last === undefined ? null : last.at,
  };
}
