import { fsrsRetrievability } from "../review/fsrs.js";
import {
  type RecallSortable,
  repetitionScore,
  retrievabilityKey,
  type SortContext,
  type SortMode,
  shiftedReviewCount,
  sortMemos,
  startOfDay,
} from "./sorting.js";

// What a memo list shows besides the memos themselves: the sorting value of each memo and, on
// the server, the key a keyset page ends at. The server's page and the web's offline read both
// compute them here, so a list looks the same whichever answered it.

/** The fields of a memo its list position and its sorting value are computed from. */
export interface ListedMemo {
  /** Tie-breaker of every mode, compared by UTF-16 code units. */
  id: string;
  /** Epoch ms. */
  createdAt: number;
  priority: number;
  reviewCount: number;
  accumulatedReviewValue: number;
  /** Epoch ms of the latest review, or `null` when never reviewed. */
  lastReviewedAt: number | null;
  /** FSRS state (`retrievability` mode); absent or `null` outside FSRS folders. */
  fsrs?: RecallSortable | null;
}

/** The clock a sorting value depends on, and the folder's date repetition value. */
export interface SortingValueContext {
  /** Epoch ms. */
  now: number;
  /** Epoch ms of the viewer's local midnight (see `startOfDay`), for the review-count modes. */
  todayStart: number;
  /** The folder's date repetition value, for `repetition_value`. */
  dateRepetitionValue: number;
  /** The user's FSRS weights, for `retrievability` (absent or `null`: the defaults). */
  fsrsWeights?: readonly number[] | null;
}

/**
 * The number shown next to a memo when its folder shows sorting values (PRODUCT.md › Sort
 * modes), the one `mode` orders by:
 *
 * - `latest`, `oldest`: `createdAt` (epoch ms)
 * - `priority`: `priority`
 * - `review_count_asc`, `review_count_desc`: the review count shifted by ±999 when the memo was
 *   reviewed at or after `todayStart` (see `shiftedReviewCount`)
 * - `repetition_value`: the repetition score at `now` (see `repetitionScore`; higher is more due)
 * - `retrievability`: the predicted recall 0…1 at `now` (see `fsrsRetrievability`; 0 when never
 *   reviewed or not an FSRS memo)
 *
 * Pure; throws nothing.
 */
export function memoSortingValue(
  memo: ListedMemo,
  mode: SortMode,
  ctx: SortingValueContext,
): number {
  switch (mode) {
    case "latest":
    case "oldest":
      return memo.createdAt;
    case "priority":
      return memo.priority;
    case "review_count_asc":
    case "review_count_desc":
      return shiftedReviewCount(memo.reviewCount, memo.lastReviewedAt, mode, ctx.todayStart);
    case "repetition_value":
      return repetitionScore(memo, ctx.dateRepetitionValue, ctx.now);
    case "retrievability":
      return memo.fsrs ? fsrsRetrievability(memo.fsrs, ctx.now, ctx.fsrsWeights) : 0;
  }
}

/**
 * The values the server's keyset page query compares, in the order of its ORDER BY (the memo id
 * follows them): the key a page ends at, carried by its cursor. Unlike `memoSortKey` the values
 * are not negated (the query knows each column's direction) and `repetition_value` uses the
 * stored due key, so a cursor matches the rows exactly.
 *
 * - `latest`, `oldest`: `[createdAt]`
 * - `priority`: `[priority, createdAt]`
 * - `review_count_asc`, `review_count_desc`: `[shifted review count, createdAt]`, shifted by ±999
 *   when reviewed at or after `todayStart` (epoch ms, see `shiftedReviewCount`)
 * - `repetition_value`: `[dueKey]` (see `repetitionDueKey`)
 * - `retrievability`: `[group, elapsed / stability]` at `now` (see `retrievabilityKey`; the
 *   query orders the group ascending and the ratio descending); the cursor keeps the `now` of
 *   its first page, as it keeps `todayStart`
 *
 * Invariant: the length depends on `mode` only (1 or 2). Pure; throws nothing.
 */
export function memoPageKey(
  memo: ListedMemo & { dueKey: number },
  mode: SortMode,
  todayStart: number,
  now: number,
): number[] {
  switch (mode) {
    case "latest":
    case "oldest":
      return [memo.createdAt];
    case "priority":
      return [memo.priority, memo.createdAt];
    case "review_count_asc":
    case "review_count_desc":
      return [
        shiftedReviewCount(memo.reviewCount, memo.lastReviewedAt, mode, todayStart),
        memo.createdAt,
      ];
    case "repetition_value":
      return [memo.dueKey];
    case "retrievability": {
      const [group, ratio] = retrievabilityKey(memo.fsrs, now);
      return [group, ratio === 0 ? 0 : -ratio];
    }
  }
}

/**
 * A folder's whole memo list as the web's offline read shows it: the memos in the order of
 * `sortMemos`, each with its {@link memoSortingValue}. "Today" starts at the viewer's local
 * midnight of `ctx.now`. The server's pages, joined, answer the same order and values (its route
 * test holds both to this function). The input is not changed.
 *
 * @throws AppError `VALIDATION_FAILED` when `ctx.utcOffsetMinutes` is not an integer in −720…840
 *   or `ctx.now` is not finite (see `startOfDay`)
 */
export function sortMemosWithValues<T extends ListedMemo>(
  memos: readonly T[],
  mode: SortMode,
  ctx: SortContext,
): Array<{ memo: T; sortingValue: number }> {
  const values = {
    now: ctx.now,
    todayStart: startOfDay(ctx.now, ctx.utcOffsetMinutes),
    dateRepetitionValue: ctx.dateRepetitionValue,
    fsrsWeights: ctx.fsrsWeights,
  };
  return sortMemos(memos, mode, ctx).map((memo) => ({
    memo,
    sortingValue: memoSortingValue(memo, mode, values),
  }));
}
