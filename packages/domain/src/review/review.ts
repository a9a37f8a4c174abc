import { AppError, ErrorCode } from "../errors.js";

/** The review-related fields of a memo that the transitions below change. */
export interface ReviewState {
  /** Number of reviews, an integer ≥ 0. */
  reviewCount: number;
  /** Sum of the values of all reviews. */
  accumulatedReviewValue: number;
  /** Epoch ms of each review, in the order recorded. */
  reviewedDates: readonly number[];
  /** Epoch ms of each completion, in the order recorded. */
  completedDates: readonly number[];
  /** Priority, an integer; higher sorts first in the `priority` mode. */
  priority: number;
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
 * Records a review (PRODUCT.md › Review): appends `at` to `reviewedDates`, adds 1 to `reviewCount`
 * and `value` to `accumulatedReviewValue`. Returns a new object; other fields of `state` are kept.
 *
 * @throws AppError `VALIDATION_FAILED` when `value` is not finite and ≥ 0 or `at` is not
 *   epoch ms (an integer ≥ 0)
 */
export function applyReview<S extends ReviewState>(state: S, review: ReviewInput): S {
  requireEpochMs(review.at, "at");
  requireReviewValue(review.value, "value");
  return {
    ...state,
    reviewCount: state.reviewCount + 1,
    accumulatedReviewValue: state.accumulatedReviewValue + review.value,
    reviewedDates: [...state.reviewedDates, review.at],
  };
}

/**
 * Marks a memo complete (PRODUCT.md › Completion): appends `at` to `completedDates`. Returns a new
 * object.
 *
 * @throws AppError `VALIDATION_FAILED` when `at` is not epoch ms (an integer ≥ 0)
 */
export function applyComplete<S extends ReviewState>(state: S, at: number): S {
  requireEpochMs(at, "at");
  return { ...state, completedDates: [...state.completedDates, at] };
}

/**
 * Un-completes a memo (PRODUCT.md › Completion): removes the latest (largest) timestamp of
 * `completedDates`, one occurrence only. Returns a new object.
 *
 * @throws AppError `MEMO_NOT_COMPLETED` when `completedDates` is empty
 */
export function applyUncomplete<S extends ReviewState>(state: S): S {
  if (state.completedDates.length === 0) {
    throw new AppError(ErrorCode.MEMO_NOT_COMPLETED, "Memo has no completion to remove");
  }
  let latest = 0;
  state.completedDates.forEach((at, index) => {
    if (at > (state.completedDates[latest] ?? at)) latest = index;
  });
  return { ...state, completedDates: state.completedDates.filter((_, index) => index !== latest) };
}

/**
 * Changes the priority by one step (PRODUCT.md › Priority: add or subtract 1). Returns a new
 * object.
 *
 * @param delta - `1` or `-1`
 * @throws AppError `VALIDATION_FAILED` when `delta` is neither (e.g. from unchecked input)
 */
export function changePriority<S extends ReviewState>(state: S, delta: 1 | -1): S {
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
