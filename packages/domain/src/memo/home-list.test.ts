import { describe, expect, it } from "vitest";
import { DAY_MS } from "../constants.js";
import {
  type HomeCandidate,
  homeDueKeyFloor,
  isAfterHomePosition,
  isHomeListEligible,
  mergeHomeReviewList,
} from "./home-list.js";
import { repetitionDueKey, repetitionScore } from "./sorting.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)

function memo(id: string, ageDays: number, accumulatedReviewValue = 0): HomeCandidate {
  return { id, createdAt: NOW - ageDays * DAY_MS, accumulatedReviewValue };
}

// Scores at NOW: value × age − accumulated.
const slow = { dateRepetitionValue: 1, memos: [memo("s30", 30), memo("s8", 8), memo("s0", 0)] };
const fast = {
  dateRepetitionValue: 10,
  memos: [memo("f2", 2, 1), memo("f1", 1), memo("f0", 0), memo("동률", 0.3, 0)],
};
const half = { dateRepetitionValue: 0.5, memos: [memo("h20", 20), memo("h6", 6, 1)] };

describe("mergeHomeReviewList", () => {
  it.each([
    {
      name: "everything",
      groups: [slow, fast],
      limit: 30,
      ids: ["s30", "f2", "f1", "s8", "동률", "f0", "s0"],
    },
    { name: "the first two", groups: [slow, fast], limit: 2, ids: ["s30", "f2"] },
    { name: "groups in another order", groups: [fast, slow], limit: 3, ids: ["s30", "f2", "f1"] },
    {
      name: "a fractional value",
      groups: [half, slow],
      limit: 30,
      ids: ["s30", "h20", "s8", "h6", "s0"],
    },
    { name: "no groups", groups: [], limit: 30, ids: [] },
    { name: "limit 0", groups: [slow], limit: 0, ids: [] },
  ])("ranks $name", ({ groups, limit, ids }) => {
    expect(mergeHomeReviewList(groups, limit, NOW).map(({ memo: m }) => m.id)).toEqual(ids);
  });

  it("breaks equal scores by id (code-unit order)", () => {
    const tied = { dateRepetitionValue: 1, memos: [memo("b", 4), memo("B", 4), memo("a", 4)] };
    const items = mergeHomeReviewList([tied], 10, NOW);
    expect(items.map(({ memo: m }) => m.id)).toEqual(["B", "a", "b"]);
    expect(items.map(({ score }) => score)).toEqual([4, 4, 4]);
  });

  it("answers each memo's score at now", () => {
    const [first, second] = mergeHomeReviewList([slow, fast], 2, NOW);
    expect(first?.score).toBe(30);
    expect(second?.score).toBe(19);
  });

  it("gives the same list from each group's most due `limit` memos as from every memo", () => {
    const groups = [slow, fast, half];
    for (const limit of [1, 2, 3, 5]) {
      const cut = groups.map((group) => ({
        ...group,
        memos: [...group.memos]
          .sort(
            (a, b) =>
              repetitionDueKey(a.createdAt, group.dateRepetitionValue, a.accumulatedReviewValue) -
                repetitionDueKey(
                  b.createdAt,
                  group.dateRepetitionValue,
                  b.accumulatedReviewValue,
                ) || (a.id < b.id ? -1 : 1),
          )
          .slice(0, limit),
      }));
      expect(mergeHomeReviewList(cut, limit, NOW)).toEqual(mergeHomeReviewList(groups, limit, NOW));
    }
  });
});

describe("mergeHomeReviewList after a position (pages)", () => {
  const tied = {
    dateRepetitionValue: 1,
    memos: ["d", "B", "a", "c", "가", "E"].map((id) => memo(id, 4)),
  };
  const groups = [slow, fast, half, tied];

  it.each([1, 2, 3, 5, 30])("pages of %i cover the whole list once, in order", (limit) => {
    const whole = mergeHomeReviewList(groups, 100, NOW).map(({ memo: m }) => m.id);
    const paged: string[] = [];
    let after: { score: number; id: string } | null = null;
    for (let page = 0; page < 50; page += 1) {
      const items: Array<{ memo: HomeCandidate; score: number }> = mergeHomeReviewList(
        groups,
        limit,
        NOW,
        after,
      );
      if (items.length === 0) break;
      paged.push(...items.map(({ memo: m }) => m.id));
      const last = items.at(-1) as { memo: HomeCandidate; score: number };
      after = { score: last.score, id: last.memo.id };
    }
    expect(paged).toEqual(whole);
  });
});

describe("isAfterHomePosition", () => {
  it.each([
    { score: 3, id: "a", expected: true },
    { score: 5, id: "b", expected: false },
    { score: 4, id: "m", expected: false },
    { score: 4, id: "n", expected: true },
    { score: 4, id: "가", expected: true },
    { score: 4, id: "M", expected: false },
  ])("score $score id $id after (4, m): $expected", ({ score, id, expected }) => {
    expect(isAfterHomePosition(score, id, { score: 4, id: "m" })).toBe(expected);
  });
});

describe("homeDueKeyFloor", () => {
  it.each([1, 5, 10, 0.5, 100_000])(
    "is at or below the due key of a memo with the position's score (value %d)",
    (value) => {
      for (const [age, accumulated] of [
        [0, 0],
        [3.3, 7],
        [400, 12_345.5],
      ] as const) {
        const m = memo("x", age, accumulated);
        const score = repetitionScore(m, value, NOW);
        const dueKey = repetitionDueKey(m.createdAt, value, m.accumulatedReviewValue);
        const floor = homeDueKeyFloor(value, NOW, { score, id: "x" });
        expect(floor).toBeLessThanOrEqual(dueKey);
        expect(dueKey - floor).toBeLessThan(1e-9 * (Math.abs(dueKey) + 1));
      }
    },
  );
});

describe("isHomeListEligible", () => {
  it.each([
    { completedCount: 0, enableCompletionFeature: true, expected: true },
    { completedCount: 2, enableCompletionFeature: true, expected: false },
    { completedCount: 2, enableCompletionFeature: false, expected: true },
    { completedCount: 0, enableCompletionFeature: false, expected: true },
  ])(
    "completed $completedCount, completion feature $enableCompletionFeature: $expected",
    ({ completedCount, enableCompletionFeature, expected }) => {
      expect(isHomeListEligible({ completedCount }, { enableCompletionFeature })).toBe(expected);
    },
  );
});
