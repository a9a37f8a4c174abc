import { describe, expect, it } from "vitest";
import { continuePriorityStreak, priorityStepsBack } from "./priority-undo";

describe("continuePriorityStreak", () => {
  const first = continuePriorityStreak(null, {
    memoId: "단어",
    before: 2,
    now: 1_000,
    durationMs: 5_000,
  });

  it("starts a streak at the priority before the first step", () => {
    expect(first).toEqual({ memoId: "단어", from: 2, until: 6_000 });
  });

  it.each([
    { case: "the same memo within the toast", memoId: "단어", now: 5_999, from: 2 },
    { case: "the same memo after the toast", memoId: "단어", now: 6_000, from: 7 },
    { case: "another memo", memoId: "word", now: 2_000, from: 7 },
  ])("keeps the first step's priority for $case: from $from", ({ memoId, now, from }) => {
    const next = continuePriorityStreak(first, { memoId, before: 7, now, durationMs: 5_000 });
    expect(next).toEqual({ memoId, from, until: now + 5_000 });
  });
});

describe("priorityStepsBack", () => {
  it.each([
    { current: 3, from: 0, steps: [-1, -1, -1] },
    { current: -2, from: 0, steps: [1, 1] },
    { current: 4, from: 5, steps: [1] },
    { current: 1, from: 1, steps: [] },
  ])("takes $current back to $from with $steps", ({ current, from, steps }) => {
    expect(priorityStepsBack(current, from)).toEqual(steps);
  });
});
