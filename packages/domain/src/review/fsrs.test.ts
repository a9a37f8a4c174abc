import fc from "fast-check";
import { type Card, createEmptyCard, default_w, fsrs, type Grade, State } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "../errors.js";
import {
  compareFsrsRows,
  DEFAULT_FSRS_WEIGHTS,
  effectiveGrade,
  type FsrsReviewRow,
  fsrsRetrievability,
  fsrsStateFromReviews,
  newFsrsMemory,
  nextFsrsMemory,
  previewFsrsGrades,
} from "./fsrs.js";
import { DEFAULT_DESIRED_RETENTION, FSRS_STATES } from "./scheduler.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A deterministic pseudo-random sequence (no Math.random: a failure must reproduce). */
function sequence(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Review rows with gaps from a minute to two months and grades from the whole range. */
function history(count: number, seed: number): FsrsReviewRow[] {
  const next = sequence(seed);
  const rows: FsrsReviewRow[] = [];
  let at = NOW - 400 * DAY;
  for (let i = 0; i < count; i += 1) {
    const gaps = [MINUTE, 10 * MINUTE, 7 * HOUR, DAY, 3 * DAY, 17 * DAY, 61 * DAY];
    at += gaps[Math.floor(next() * gaps.length)] ?? DAY;
    rows.push({ at, grade: 1 + Math.floor(next() * 4) });
  }
  return rows;
}

/**
 * ts-fsrs used directly, as its README shows: `FSRS.next` once per review, in the documented
 * order (time, then grade when two reviews share a millisecond).
 */
function replayWithTsFsrs(
  rows: readonly FsrsReviewRow[],
  createdAt: number,
  options: { desiredRetention: number; weights?: readonly number[] },
): Card {
  const scheduler = fsrs({
    request_retention: options.desiredRetention,
    w: [...(options.weights ?? default_w)],
    enable_fuzz: false,
  });
  let card = createEmptyCard(createdAt);
  for (const row of [...rows].sort(compareFsrsRows))
    card = scheduler.next(card, row.at, effectiveGrade(row.grade) as Grade).card;
  return card;
}

function expectSameAsTsFsrs(
  rows: readonly FsrsReviewRow[],
  options: { desiredRetention: number; weights?: readonly number[] },
) {
  const createdAt = (rows[0]?.at ?? NOW) - HOUR;
  const ours = fsrsStateFromReviews(rows, { ...options, now: NOW, createdAt });
  const card = replayWithTsFsrs(rows, createdAt, options);
  expect(ours).toEqual({
    state: FSRS_STATES[card.state],
    stability: card.stability,
    difficulty: card.difficulty,
    due: card.state === State.New ? createdAt : card.due.getTime(),
    lapses: card.lapses,
    reps: card.reps,
    learningSteps: card.learning_steps,
    lastReviewedAt: card.last_review?.getTime() ?? null,
    retrievability: fsrsRetrievability(
      { stability: card.stability, lastReviewedAt: card.last_review?.getTime() ?? null },
      NOW,
      options.weights,
    ),
  });
}

describe("fsrsStateFromReviews", () => {
  it("equals ts-fsrs' FSRS.next over a long grade sequence (2,000 reviews)", () => {
    expectSameAsTsFsrs(history(2_000, 9), { desiredRetention: DEFAULT_DESIRED_RETENTION });
  });

  it.each([
    { retention: 0.7, seed: 1 },
    { retention: 0.85, seed: 2 },
    { retention: 0.99, seed: 3 },
  ])("equals ts-fsrs after every prefix at retention $retention", ({ retention, seed }) => {
    const rows = history(120, seed);
    for (let length = 0; length <= rows.length; length += 1) {
      expectSameAsTsFsrs(rows.slice(0, length), { desiredRetention: retention });
    }
  });

  it("equals ts-fsrs with a user's own weights", () => {
    const weights = default_w.map((w, index) => (index === 20 ? 0.3 : w * 1.05));
    expectSameAsTsFsrs(history(300, 4), { desiredRetention: 0.9, weights });
  });

  it("orders two reviews in the same millisecond by grade, whatever order they arrive in", () => {
    // The property below found this: Hard then Again at the same instant.
    const at = NOW - 5_000 * DAY;
    const hardThenAgain = [
      { at, grade: 2 },
      { at, grade: 1 },
    ];
    expectSameAsTsFsrs(hardThenAgain, { desiredRetention: 0.7 });
    expect(fsrsStateFromReviews(hardThenAgain, { now: NOW, desiredRetention: 0.7 })).toEqual(
      fsrsStateFromReviews([...hardThenAgain].reverse(), { now: NOW, desiredRetention: 0.7 }),
    );
  });

  it("equals ts-fsrs for any grades and gaps (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 90 * DAY }), fc.integer({ min: 1, max: 4 })), {
          maxLength: 40,
        }),
        fc.double({ min: 0.7, max: 0.99, noNaN: true }),
        (steps, desiredRetention) => {
          let at = NOW - 5_000 * DAY;
          const rows = steps.map(([gap, grade]) => {
            at += gap;
            return { at, grade };
          });
          expectSameAsTsFsrs(rows, { desiredRetention });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives the same state whatever order the rows arrive in (two devices interleaved)", () => {
    const phone = history(40, 5);
    const laptop = history(40, 6).map((row) => ({ ...row, at: row.at + 5 * MINUTE }));
    const merged = [...phone, ...laptop].sort(compareFsrsRows);
    const expected = fsrsStateFromReviews(merged, { now: NOW, desiredRetention: 0.9 });
    const next = sequence(7);
    for (let round = 0; round < 20; round += 1) {
      const shuffled = [...merged].sort(() => next() - 0.5);
      expect(fsrsStateFromReviews(shuffled, { now: NOW, desiredRetention: 0.9 })).toEqual(expected);
    }
    // Phone rows first, then the laptop's arriving later (a sync), and the other way round.
    expect(
      fsrsStateFromReviews([...phone, ...laptop], { now: NOW, desiredRetention: 0.9 }),
    ).toEqual(expected);
    expect(
      fsrsStateFromReviews([...laptop, ...phone], { now: NOW, desiredRetention: 0.9 }),
    ).toEqual(expected);
  });

  it("orders rows at the same instant by grade, so their arrival order does not matter", () => {
    const rows = [
      { at: NOW - DAY, grade: 4 },
      { at: NOW - DAY, grade: 1 },
    ];
    const options = { now: NOW, desiredRetention: 0.9 };
    expect(fsrsStateFromReviews(rows, options)).toEqual(
      fsrsStateFromReviews([...rows].reverse(), options),
    );
  });

  it("does not change its input", () => {
    const rows = [
      { at: NOW, grade: 3 },
      { at: NOW - DAY, grade: 1 },
    ];
    const copy = structuredClone(rows);
    fsrsStateFromReviews(rows, { now: NOW, desiredRetention: 0.9 });
    expect(rows).toEqual(copy);
  });

  it("counts a review without a grade as Good", () => {
    const options = { now: NOW, desiredRetention: 0.9 };
    const rows = [NOW - 10 * DAY, NOW - 9 * DAY, NOW - 2 * DAY];
    expect(
      fsrsStateFromReviews(
        rows.map((at) => ({ at, grade: null })),
        options,
      ),
    ).toEqual(
      fsrsStateFromReviews(
        rows.map((at) => ({ at, grade: 3 })),
        options,
      ),
    );
  });

  it("is new, due at creation and recalled with probability 0 before any review", () => {
    expect(
      fsrsStateFromReviews([], { now: NOW, createdAt: NOW - DAY, desiredRetention: 0.9 }),
    ).toEqual({ ...newFsrsMemory(NOW - DAY), retrievability: 0 });
    expect(newFsrsMemory(NOW - DAY)).toEqual({
      state: "new",
      stability: 0,
      difficulty: 0,
      due: NOW - DAY,
      lapses: 0,
      reps: 0,
      learningSteps: 0,
      lastReviewedAt: null,
    });
  });

  it("follows the default learning steps: Good after 10 min, then days", () => {
    const first = fsrsStateFromReviews([{ at: NOW, grade: 3 }], {
      now: NOW,
      desiredRetention: 0.9,
    });
    expect(first).toMatchObject({ state: "learning", due: NOW + 10 * MINUTE, reps: 1 });
    const second = fsrsStateFromReviews(
      [
        { at: NOW, grade: 3 },
        { at: NOW + 10 * MINUTE, grade: 3 },
      ],
      { now: NOW, desiredRetention: 0.9 },
    );
    expect(second.state).toBe("review");
    expect((second.due - (NOW + 10 * MINUTE)) / DAY).toBeGreaterThanOrEqual(1);
  });

  it("counts a lapse for Again in the review phase", () => {
    const rows = [
      { at: NOW - 30 * DAY, grade: 4 },
      { at: NOW - 10 * DAY, grade: 1 },
    ];
    const state = fsrsStateFromReviews(rows, { now: NOW, desiredRetention: 0.9 });
    expect(state).toMatchObject({
      state: "relearning",
      lapses: 1,
      due: NOW - 10 * DAY + 10 * MINUTE,
    });
  });

  it("uses ts-fsrs' FSRS-6 default weights", () => {
    expect(DEFAULT_FSRS_WEIGHTS).toEqual(default_w);
    expect(DEFAULT_FSRS_WEIGHTS).toHaveLength(21);
  });

  it("schedules further apart with a lower desired retention", () => {
    const rows = history(12, 8).map((row) => ({ ...row, grade: 3 }));
    const low = fsrsStateFromReviews(rows, { now: NOW, desiredRetention: 0.7 });
    const high = fsrsStateFromReviews(rows, { now: NOW, desiredRetention: 0.99 });
    expect(low.due).toBeGreaterThan(high.due);
    expect(low.stability).toBe(high.stability);
  });

  it.each([
    { name: "a retention of 0.5", options: { desiredRetention: 0.5 }, path: "desiredRetention" },
    { name: "a retention of 1", options: { desiredRetention: 1 }, path: "desiredRetention" },
    {
      name: "20 weights",
      options: { desiredRetention: 0.9, weights: default_w.slice(1) },
      path: "weights",
    },
    {
      name: "a weight that is not finite",
      options: {
        desiredRetention: 0.9,
        weights: default_w.map((w, i) => (i === 3 ? Number.NaN : w)),
      },
      path: "weights",
    },
  ])("refuses $name with VALIDATION_FAILED", ({ options, path }) => {
    expect(() => fsrsStateFromReviews([], { now: NOW, ...options })).toThrow(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        details: [expect.objectContaining({ path })],
      }),
    );
  });
});

describe("nextFsrsMemory", () => {
  it("advances a state as the replay of one more row does", () => {
    const rows = history(30, 10);
    const options = { now: NOW, desiredRetention: 0.9 };
    const before = fsrsStateFromReviews(rows.slice(0, -1), options);
    const last = rows.at(-1) as FsrsReviewRow;
    const { retrievability: _, ...after } = fsrsStateFromReviews(rows, options);
    const { retrievability: __, ...memory } = before;
    expect(nextFsrsMemory(memory, last, options)).toEqual(after);
  });
});

describe("previewFsrsGrades", () => {
  it("gives a new memo 1 min, 6 min, 10 min and days for Again, Hard, Good, Easy", () => {
    const preview = previewFsrsGrades(newFsrsMemory(NOW - DAY), {
      now: NOW,
      desiredRetention: 0.9,
    });
    expect(preview[1] - NOW).toBe(MINUTE);
    expect(preview[2] - NOW).toBe(6 * MINUTE);
    expect(preview[3] - NOW).toBe(10 * MINUTE);
    expect(preview[4] - NOW).toBeGreaterThanOrEqual(DAY);
  });

  it("equals ts-fsrs' repeat for a memo in the review phase, and orders Hard ≤ Good < Easy", () => {
    const rows = history(25, 11).map((row) => ({ ...row, grade: row.grade === 1 ? 3 : row.grade }));
    const createdAt = (rows[0]?.at ?? NOW) - HOUR;
    const { retrievability: _, ...memory } = fsrsStateFromReviews(rows, {
      now: NOW,
      createdAt,
      desiredRetention: 0.9,
    });
    const preview = previewFsrsGrades(memory, { now: NOW, desiredRetention: 0.9 });
    const card = replayWithTsFsrs(rows, createdAt, { desiredRetention: 0.9 });
    const direct = fsrs({ enable_fuzz: false }).repeat(card, NOW);
    for (const grade of [1, 2, 3, 4] as const) {
      expect(preview[grade]).toBe(direct[grade].card.due.getTime());
    }
    expect(preview[2]).toBeLessThanOrEqual(preview[3]);
    expect(preview[3]).toBeLessThan(preview[4]);
  });
});

describe("fsrsRetrievability", () => {
  it.each([
    { name: "never reviewed", memory: { stability: 0, lastReviewedAt: null }, expected: 0 },
    { name: "just reviewed", memory: { stability: 3, lastReviewedAt: NOW }, expected: 1 },
    {
      name: "reviewed in the future",
      memory: { stability: 3, lastReviewedAt: NOW + HOUR },
      expected: 1,
    },
    {
      name: "one stability ago",
      memory: { stability: 3, lastReviewedAt: NOW - 3 * DAY },
      expected: 0.9,
    },
  ])("is $expected when $name", ({ memory, expected }) => {
    expect(fsrsRetrievability(memory, NOW)).toBeCloseTo(expected, 6);
  });

  it("falls as time passes", () => {
    const memory = { stability: 5, lastReviewedAt: NOW - DAY };
    expect(fsrsRetrievability(memory, NOW + DAY)).toBeLessThan(fsrsRetrievability(memory, NOW));
  });
});
