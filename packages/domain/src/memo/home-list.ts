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
 * The home review list (PRODUCT.md › Home review list): the memos of the groups, highest
 * repetition score at `now` first (see `repetitionScore`), ties by id ascending, at most `limit`
 * of them, each with its score.
 *
 * Both sides read, for each distinct date repetition value of the folders on home, only the
 * `limit` memos with the lowest due key (the highest scores for that value); merging those gives
 * the same list as ranking every memo, since a memo outside its group's first `limit` is
 * outranked by at least `limit` others. Groups may be passed whole or cut that way.
 *
 * @param groups - one per date repetition value
 * @param limit - largest number of memos answered, an integer ≥ 0
 * @param now - epoch ms
 */
export function mergeHomeReviewList<T extends HomeCandidate>(
  groups: readonly HomeCandidateGroup<T>[],
  limit: number,
  now: number,
): Array<{ memo: T; score: number }> {
  return groups
    .flatMap((group) =>
      group.memos.map((memo) => ({
        memo,
        score: repetitionScore(memo, group.dateRepetitionValue, now),
      })),
    )
    .sort((a, b) => b.score - a.score || (a.memo.id < b.memo.id ? -1 : 1))
    .slice(0, limit);
}
