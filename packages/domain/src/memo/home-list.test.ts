import { describe, expect, it } from "vitest";
import { DAY_MS } from "../constants.js";
import { type HomeCandidate, mergeHomeReviewList } from "./home-list.js";
import { repetitionDueKey } from "./sorting.js";

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
