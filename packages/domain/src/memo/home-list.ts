import { DAY_MS } from "../constants.js";
import { repetitionScore } from "./sorting.js";

/** The fields of a memo the home review list ranks it by. */
export interface HomeCandidate {
  /** Breaks ties of equal scores, compared by UTF-16 code units. */
  id: string;
  /** Epoch ms. */
  createdAt: number;
  accumulatedReviewValue: number;
}

/** Candidates of the home review list whose folders share one date repetition value. */
export interface HomeCandidateGroup<T extends HomeCandidate> {
  /** The date repetition value of the memos' folders (which are shown on home). */
  dateRepetitionValue: number;
  memos: readonly T[];
}

/**
 * Where a page of the home review list stopped: the last memo's repetition score (at the list's
 * `asOf`) and id. The next page is the memos ranked after it (see {@link isAfterHomePosition}).
 */
export interface HomeListPosition {
  score: number;
  id: string;
}

/**
 * True when a memo with this score and id ranks after `position` in the home review list (score
 * descending, ties by id ascending in code-unit order). Scores are compared exactly: both sides
 * compute them with `repetitionScore` at the same `asOf`, and a JSON number keeps every double.
 */
export function isAfterHomePosition(
  score: number,
  id: string,
  position: HomeListPosition,
): boolean {
  return score < position.score || (score === position.score && id > position.id);
}

/**
 * The lowest due key (see `repetitionDueKey`) a memo of a group with this date repetition value
 * can have and still rank after `position` at `asOf`, less a margin for floating-point rounding:
 * a range scan from here finds every such memo (and maybe a few before it, which
 * {@link isAfterHomePosition} then drops). Since `score = value × asOf / DAY_MS − dueKey`.
 *
 * @param dateRepetitionValue - the group's value
 * @param asOf - epoch ms the list is scored at
 */
export function homeDueKeyFloor(
  dateRepetitionValue: number,
  asOf: number,
  position: HomeListPosition,
): number {
  const scale = (dateRepetitionValue * asOf) / DAY_MS;
  const exact = scale - position.score;
  return exact - 1e-12 * (Math.abs(scale) + Math.abs(position.score) + 1);
}

/**
 * Whether a memo of a folder on home belongs in the home review list (issue 12 › The review list
 * tells the truth): in a folder with the completion feature, a completed memo (one with at least
 * one completion, PRODUCT.md › Completion) leaves the list; elsewhere every memo stays.
 */
export function isHomeListEligible(
  memo: { completedCount: number },
  folder: { enableCompletionFeature: boolean },
): boolean {
  return !(folder.enableCompletionFeature && memo.completedCount > 0);
}

/**
 * The home review list (PRODUCT.md › Home review list): the memos of the groups, highest
 * repetition score at `now` first (see `repetitionScore`), ties by id ascending, at most `limit`
 * of them, each with its score. With `after`, only the memos ranked after that position (the
 * next page; `now` is then the `asOf` of the list's first page, so every page ranks alike).
 *
 * Both sides read, for each distinct date repetition value of the folders on home, only the
 * `limit` memos with the lowest due key (the highest scores for that value) after the position;
 * merging those gives the same list as ranking every memo, since a memo outside its group's
 * first `limit` is outranked by at least `limit` others. Groups may be passed whole or cut that
 * way.
 *
 * @param groups - one per date repetition value
 * @param limit - largest number of memos answered, an integer ≥ 0
 * @param now - epoch ms
 * @param after - where the previous page stopped, or `null` for the first page
 */
export function mergeHomeReviewList<T extends HomeCandidate>(
  groups: readonly HomeCandidateGroup<T>[],
  limit: number,
  now: number,
  after: HomeListPosition | null = null,
): Array<{ memo: T; score: number }> {
  return groups
    .flatMap((group) =>
      group.memos.map((memo) => ({
        memo,
        score: repetitionScore(memo, group.dateRepetitionValue, now),
      })),
    )
    .filter(({ memo, score }) => after === null || isAfterHomePosition(score, memo.id, after))
    .sort((a, b) => b.score - a.score || (a.memo.id < b.memo.id ? -1 : 1))
    .slice(0, limit);
}
