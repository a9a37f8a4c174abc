import { DAY_MS, REVIEWED_TODAY_SHIFT } from "../constants.js";
import { AppError, ErrorCode } from "../errors.js";

/**
 * The memo-list sort modes of a folder (PRODUCT.md › Sort modes), as stored in
 * `Folder.sortingMethod`, and `retrievability` (issue 9 › The scheduler: lowest predicted recall
 * first, for FSRS folders).
 */
export const SORT_MODES = [
  "latest",
  "oldest",
  "priority",
  "review_count_asc",
  "review_count_desc",
  "repetition_value",
  "retrievability",
] as const;

/** One of {@link SORT_MODES}. */
export type SortMode = (typeof SORT_MODES)[number];

/** Largest |UTC offset| accepted, in minutes: UTC−12:00 … UTC+14:00. */
const MIN_UTC_OFFSET_MINUTES = -12 * 60;
const MAX_UTC_OFFSET_MINUTES = 14 * 60;

/**
 * Start of the calendar day containing `now` in a fixed UTC offset: local midnight, as epoch ms.
 *
 * @param now - epoch ms
 * @param utcOffsetMinutes - minutes east of UTC (KST is `540`, New York in winter `-300`);
 *   note this is the negation of `Date.prototype.getTimezoneOffset()`
 * @throws AppError `VALIDATION_FAILED` when the offset is not an integer in −720…840 or `now` is
 *   not finite
 */
export function startOfDay(now: number, utcOffsetMinutes: number): number {
  if (!Number.isFinite(now)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "Invalid time", [
      { path: "now", issue: `Expected epoch milliseconds, got ${now}` },
    ]);
  }
  if (
    !Number.isInteger(utcOffsetMinutes) ||
    utcOffsetMinutes < MIN_UTC_OFFSET_MINUTES ||
    utcOffsetMinutes > MAX_UTC_OFFSET_MINUTES
  ) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "Invalid UTC offset", [
      {
        path: "utcOffsetMinutes",
        issue: `Expected an integer in -720..840, got ${utcOffsetMinutes}`,
      },
    ]);
  }
  const offsetMs = utcOffsetMinutes * 60_000;
  return Math.floor((now + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

/**
 * True when the last review happened today in the viewer's UTC offset.
 *
 * A review time after `now` (a device whose clock runs ahead) also counts as today.
 *
 * @param lastReviewedAt - epoch ms of the latest review, or `null` when never reviewed
 * @param now - epoch ms
 * @param utcOffsetMinutes - minutes east of UTC, see {@link startOfDay}
 * @throws AppError `VALIDATION_FAILED` for an invalid offset, see {@link startOfDay}
 */
export function isReviewedToday(
  lastReviewedAt: number | null,
  now: number,
  utcOffsetMinutes: number,
): boolean {
  const todayStart = startOfDay(now, utcOffsetMinutes);
  return lastReviewedAt !== null && lastReviewedAt >= todayStart;
}

/**
 * The review count a memo is ranked by (PRODUCT.md › Sort modes: in the review-count modes a memo
 * reviewed today is ranked as if its count were shifted by 999).
 *
 * Chosen direction: the shift always pushes a memo reviewed today towards the end of the list —
 * `+999` in `review_count_asc`, `−999` in `review_count_desc` — so a memo just reviewed makes way
 * for the others. Strictly it is a shift, not a partition: in `review_count_desc` a memo with more
 * than 999 reviews more than another still ranks above it. Other modes use `reviewCount` as is.
 *
 * @param reviewCount - the memo's review count
 * @param lastReviewedAt - epoch ms of the latest review, or `null`
 * @param mode - the sort mode
 * @param now - epoch ms
 * @param utcOffsetMinutes - minutes east of UTC, see {@link startOfDay}
 * @throws AppError `VALIDATION_FAILED` for an invalid offset, see {@link startOfDay}
 */
export function effectiveReviewCount(
  reviewCount: number,
  lastReviewedAt: number | null,
  mode: SortMode,
  now: number,
  utcOffsetMinutes: number,
): number {
  if (mode !== "review_count_asc" && mode !== "review_count_desc") return reviewCount;
  return shiftedReviewCount(reviewCount, lastReviewedAt, mode, startOfDay(now, utcOffsetMinutes));
}

/**
 * {@link effectiveReviewCount} for a known start of "today": the server's keyset pages keep the
 * `todayStart` of their first page, so later pages rank by the same day even across midnight.
 *
 * A review at or after `todayStart` (epoch ms) counts as today: `+999` in `review_count_asc`,
 * `−999` in `review_count_desc`; other modes use `reviewCount` as is.
 *
 * @param reviewCount - the memo's review count
 * @param lastReviewedAt - epoch ms of the latest review, or `null`
 * @param mode - the sort mode
 * @param todayStart - epoch ms of the viewer's local midnight, see {@link startOfDay}
 */
export function shiftedReviewCount(
  reviewCount: number,
  lastReviewedAt: number | null,
  mode: SortMode,
  todayStart: number,
): number {
  const isToday = lastReviewedAt !== null && lastReviewedAt >= todayStart;
  if (!isToday) return reviewCount;
  if (mode === "review_count_asc") return reviewCount + REVIEWED_TODAY_SHIFT;
  if (mode === "review_count_desc") return reviewCount - REVIEWED_TODAY_SHIFT;
  return reviewCount;
}

/**
 * The repetition_value score (PRODUCT.md › Sort modes): the repetition value times the days since
 * creation, minus the accumulated review value. Days are fractional (`(now − createdAt) / DAY_MS`).
 * A higher score means the memo is more due.
 *
 * Invariant: `repetitionScore(m, d, now) === d × now / DAY_MS − repetitionDueKey(m.createdAt, d,
 * m.accumulatedReviewValue)` (up to floating-point rounding).
 *
 * @param memo - `createdAt` in epoch ms and the accumulated review value
 * @param dateRepetitionValue - the folder's date repetition value (default 5)
 * @param now - epoch ms
 */
export function repetitionScore(
  memo: { createdAt: number; accumulatedReviewValue: number },
  dateRepetitionValue: number,
  now: number,
): number {
  return (dateRepetitionValue * (now - memo.createdAt)) / DAY_MS - memo.accumulatedReviewValue;
}

/**
 * A key that orders memos like {@link repetitionScore} without depending on `now`:
 * `dateRepetitionValue × createdAt / DAY_MS + accumulatedReviewValue`.
 *
 * Since `score = dateRepetitionValue × now / DAY_MS − dueKey`, for one repetition value sorting
 * by due key ascending is sorting by score descending at every `now`, so the server can index it.
 *
 * @param createdAt - epoch ms
 * @param dateRepetitionValue - the folder's date repetition value
 * @param accumulatedReviewValue - the memo's accumulated review value
 */
export function repetitionDueKey(
  createdAt: number,
  dateRepetitionValue: number,
  accumulatedReviewValue: number,
): number {
  return (dateRepetitionValue * createdAt) / DAY_MS + accumulatedReviewValue;
}

/** What the `retrievability` order reads of a memo's FSRS state (`null`: not an FSRS memo). */
export interface RecallSortable {
  /** Days until recall falls to 90 %; 0 before the first review. */
  stability: number;
  /** Epoch ms of the latest review, `null` before the first. */
  lastReviewedAt: number | null;
}

/**
 * The key of the `retrievability` order, ascending: `[group, −elapsed / stability]`.
 *
 * FSRS recall `R = (1 + factor × t / S) ^ decay` (decay < 0) falls as `t / S` grows, whatever
 * the weights, so ordering by `−t / S` (with `t = max(0, now − lastReviewedAt)` in ms) is ordering
 * by R ascending without computing a power, and a database can compute the same number. Groups:
 * `0` never reviewed (R = 0, first), `1` reviewed, `2` not an FSRS memo (last; second value 0).
 *
 * @param fsrs - the memo's FSRS state, or `null`/absent in a repetition folder
 * @param now - epoch ms
 */
export function retrievabilityKey(
  fsrs: RecallSortable | null | undefined,
  now: number,
): [number, number] {
  if (!fsrs) return [2, 0];
  if (fsrs.lastReviewedAt === null || fsrs.stability <= 0) return [0, 0];
  return [1, -Math.max(0, now - fsrs.lastReviewedAt) / fsrs.stability];
}

/** What a memo must carry to be sorted. */
export interface SortableMemo {
  /** Tie-breaker of every mode, compared by UTF-16 code units (ids are ASCII). */
  id: string;
  /** Epoch ms. */
  createdAt: number;
  priority: number;
  reviewCount: number;
  accumulatedReviewValue: number;
  /** Epoch ms of the latest review; when absent it is the maximum of `reviewedDates`. */
  lastReviewedAt?: number | null;
  /** Review timestamps (epoch ms), used when `lastReviewedAt` is absent. */
  reviewedDates?: readonly number[];
  /** FSRS state, used by `retrievability`; absent or `null` outside FSRS folders. */
  fsrs?: RecallSortable | null;
}

/** The clock and folder values a sort depends on. */
export interface SortContext {
  /** Epoch ms. */
  now: number;
  /** Minutes east of UTC of the viewer, see {@link startOfDay}. */
  utcOffsetMinutes: number;
  /** The folder's date repetition value (default 5), used by `repetition_value`. */
  dateRepetitionValue: number;
  /** The user's FSRS weights, for the sorting values of `retrievability` (default weights). */
  fsrsWeights?: readonly number[] | null;
}

function lastReviewOf(memo: SortableMemo): number | null {
  if (memo.lastReviewedAt !== undefined) return memo.lastReviewedAt;
  let last: number | null = null;
  for (const at of memo.reviewedDates ?? []) if (last === null || at > last) last = at;
  return last;
}

/**
 * The numbers a memo is ordered by in `mode`, compared element by element, ascending; the memo
 * id breaks remaining ties. Equivalent to {@link compareMemos}; the server's keyset pages use
 * the same order.
 *
 * - `latest`: `[−createdAt]`
 * - `oldest`: `[createdAt]`
 * - `priority`: `[−priority, −createdAt]`
 * - `review_count_asc`: `[effective count, −createdAt]`
 * - `review_count_desc`: `[−effective count, −createdAt]` (see {@link effectiveReviewCount})
 * - `repetition_value`: `[due key]` (score descending, see {@link repetitionDueKey})
 * - `retrievability`: see {@link retrievabilityKey} (lowest recall first)
 *
 * @throws AppError `VALIDATION_FAILED` for an invalid offset in the review-count modes
 */
export function memoSortKey(memo: SortableMemo, mode: SortMode, ctx: SortContext): number[] {
  switch (mode) {
    case "latest":
      return [-memo.createdAt];
    case "oldest":
      return [memo.createdAt];
    case "priority":
      return [-memo.priority, -memo.createdAt];
    case "review_count_asc":
    case "review_count_desc": {
      const count = effectiveReviewCount(
        memo.reviewCount,
        lastReviewOf(memo),
        mode,
        ctx.now,
        ctx.utcOffsetMinutes,
      );
      return [mode === "review_count_asc" ? count : -count, -memo.createdAt];
    }
    case "repetition_value":
      return [
        repetitionDueKey(memo.createdAt, ctx.dateRepetitionValue, memo.accumulatedReviewValue),
      ];
    case "retrievability":
      return retrievabilityKey(memo.fsrs, ctx.now);
  }
}

function compareKeys(a: readonly number[], b: readonly number[], idA: string, idB: string): number {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  if (idA === idB) return 0;
  return idA < idB ? -1 : 1;
}

/**
 * A comparator for `Array.prototype.sort` that orders memos in `mode`:
 * `latest` createdAt desc; `oldest` createdAt asc; `priority` priority desc then createdAt desc;
 * `review_count_asc`/`_desc` effective review count (see {@link effectiveReviewCount}) then
 * createdAt desc; `repetition_value` score desc; `retrievability` recall asc. Ties are always broken by id ascending, so the
 * order is total and the same on every device and on the server.
 *
 * @throws AppError `VALIDATION_FAILED` (when called) for an invalid offset in review-count modes
 */
export function compareMemos(
  mode: SortMode,
  ctx: SortContext,
): (a: SortableMemo, b: SortableMemo) => number {
  return (a, b) => compareKeys(memoSortKey(a, mode, ctx), memoSortKey(b, mode, ctx), a.id, b.id);
}

/**
 * Returns a new array with `memos` in the order of {@link compareMemos}; the input is not changed.
 * Each memo's key is computed once.
 *
 * @throws AppError `VALIDATION_FAILED` for an invalid offset in the review-count modes
 */
export function sortMemos<T extends SortableMemo>(
  memos: readonly T[],
  mode: SortMode,
  ctx: SortContext,
): T[] {
  return memos
    .map((memo) => ({ memo, key: memoSortKey(memo, mode, ctx) }))
    .sort((a, b) => compareKeys(a.key, b.key, a.memo.id, b.memo.id))
    .map(({ memo }) => memo);
}
