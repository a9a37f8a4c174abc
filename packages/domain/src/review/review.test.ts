import { describe, expect, it } from "vitest";
import { ErrorCode } from "../errors.js";
import {
  applyComplete,
  applyReview,
  applyUncomplete,
  type CompletedState,
  changePriority,
  type ReviewedState,
  summarizeReviews,
} from "./review.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)

type State = Required<ReviewedState> & Required<CompletedState> & { priority: number };

function state(fields: Partial<State> = {}): State & { title: string } {
  return {
    title: "영어 단어 / English words",
    reviewCount: 0,
    accumulatedReviewValue: 0,
    lastReviewedAt: null,
    reviewedDates: [],
    completedCount: 0,
    completedDates: [],
    priority: 0,
    ...fields,
  };
}

describe("applyReview", () => {
  it.each([
    {
      name: "first review",
      before: state(),
      review: { at: NOW, value: 1 },
      expected: {
        reviewCount: 1,
        accumulatedReviewValue: 1,
        lastReviewedAt: NOW,
        reviewedDates: [NOW],
      },
    },
    {
      name: "a later review",
      before: state({
        reviewCount: 2,
        accumulatedReviewValue: 3.5,
        lastReviewedAt: NOW - 1000,
        reviewedDates: [NOW - 2000, NOW - 1000],
      }),
      review: { at: NOW, value: 1.5 },
      expected: {
        reviewCount: 3,
        accumulatedReviewValue: 5,
        lastReviewedAt: NOW,
        reviewedDates: [NOW - 2000, NOW - 1000, NOW],
      },
    },
    {
      name: "value zero",
      before: state({
        reviewCount: 1,
        accumulatedReviewValue: 2,
        lastReviewedAt: NOW,
        reviewedDates: [NOW],
      }),
      review: { at: NOW, value: 0 },
      expected: { reviewCount: 2, accumulatedReviewValue: 2, reviewedDates: [NOW, NOW] },
    },
    {
      name: "a review older than the latest (a device clock behind): the latest stays",
      before: state({
        reviewCount: 1,
        accumulatedReviewValue: 5,
        lastReviewedAt: NOW,
        reviewedDates: [NOW],
      }),
      review: { at: NOW - 3_600_000, value: 5 },
      expected: {
        reviewCount: 2,
        accumulatedReviewValue: 10,
        lastReviewedAt: NOW,
        reviewedDates: [NOW, NOW - 3_600_000],
      },
    },
  ])("records $name", ({ before, review, expected }) => {
    const snapshot = structuredClone(before);
    const after = applyReview(before, review);
    expect(after).toEqual({ ...before, ...expected });
    expect(after.title).toBe(before.title);
    expect(before).toEqual(snapshot);
  });

  it("leaves an unknown list of review times unknown", () => {
    const { reviewedDates: _, ...counters } = state({ reviewCount: 4, lastReviewedAt: NOW - 1 });
    const after = applyReview(counters, { at: NOW, value: 2 });
    expect(after).toEqual({
      ...counters,
      reviewCount: 5,
      accumulatedReviewValue: 2,
      lastReviewedAt: NOW,
    });
    expect(after).not.toHaveProperty("reviewedDates");
  });

  it.each([
    { name: "negative value", review: { at: NOW, value: -1 }, path: "value" },
    { name: "NaN value", review: { at: NOW, value: Number.NaN }, path: "value" },
    { name: "infinite value", review: { at: NOW, value: Number.POSITIVE_INFINITY }, path: "value" },
    { name: "fractional time", review: { at: NOW + 0.5, value: 1 }, path: "at" },
    { name: "negative time", review: { at: -1, value: 1 }, path: "at" },
  ])("throws VALIDATION_FAILED for $name", ({ review, path }) => {
    expect(() => applyReview(state(), review)).toThrowError(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        details: [expect.objectContaining({ path })],
      }),
    );
  });
});

describe("applyComplete and applyUncomplete", () => {
  it.each([
    { before: [], at: NOW, expected: [NOW] },
    { before: [NOW - 1000], at: NOW, expected: [NOW - 1000, NOW] },
  ])("appends $at to $before", ({ before, at, expected }) => {
    const input = state({ completedCount: before.length, completedDates: before });
    const after = applyComplete(input, at);
    expect(after.completedDates).toEqual(expected);
    expect(after.completedCount).toBe(expected.length);
    expect(input.completedDates).toEqual(before);
  });

  it("counts a completion whose times are unknown", () => {
    const { completedDates: _, ...counters } = state({ completedCount: 2 });
    expect(applyComplete(counters, NOW)).toEqual({ ...counters, completedCount: 3 });
    expect(applyUncomplete(counters)).toEqual({ ...counters, completedCount: 1 });
  });

  it("rejects a completion time that is not epoch ms", () => {
    expect(() => applyComplete(state(), Number.NaN)).toThrowError(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });

  it.each([
    { name: "only one", before: [NOW], expected: [] },
    { name: "the last appended", before: [NOW - 2000, NOW], expected: [NOW - 2000] },
    {
      name: "the latest, not the last appended",
      before: [NOW, NOW - 3000, NOW - 1000],
      expected: [NOW - 3000, NOW - 1000],
    },
    { name: "one of two equal latest", before: [NOW, NOW - 5, NOW], expected: [NOW - 5, NOW] },
  ])("removes $name", ({ before, expected }) => {
    const input = state({ completedCount: before.length, completedDates: before });
    const after = applyUncomplete(input);
    expect(after.completedDates).toEqual(expected);
    expect(after.completedCount).toBe(expected.length);
    expect(input.completedDates).toEqual(before);
  });

  it("throws MEMO_NOT_COMPLETED when there is no completion", () => {
    expect(() => applyUncomplete(state())).toThrowError(
      expect.objectContaining({ code: ErrorCode.MEMO_NOT_COMPLETED }),
    );
  });
});

describe("changePriority", () => {
  it.each([
    { priority: 0, delta: 1, expected: 1 },
    { priority: 0, delta: -1, expected: -1 },
    { priority: -1, delta: -1, expected: -2 },
    { priority: 5, delta: -1, expected: 4 },
  ] as const)("$priority + ($delta) = $expected", ({ priority, delta, expected }) => {
    expect(changePriority(state({ priority }), delta).priority).toBe(expected);
  });

  it.each([{ delta: 2 }, { delta: 0 }, { delta: Number.NaN }])(
    "rejects delta $delta",
    ({ delta }) => {
      expect(() => changePriority(state(), delta as 1)).toThrowError(
        expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
      );
    },
  );
});

describe("summarizeReviews", () => {
  it.each([
    {
      name: "no rows",
      rows: [],
      expected: { reviewCount: 0, accumulatedReviewValue: 0, lastReviewedAt: null },
    },
    {
      name: "rows out of order",
      rows: [
        { at: NOW, value: 2 },
        { at: NOW - 5000, value: 1 },
        { at: NOW - 1000, value: 0.5 },
      ],
      expected: { reviewCount: 3, accumulatedReviewValue: 3.5, lastReviewedAt: NOW },
    },
    {
      name: "two rows at the same time",
      rows: [
        { at: NOW, value: 1 },
        { at: NOW, value: 1 },
      ],
      expected: { reviewCount: 2, accumulatedReviewValue: 2, lastReviewedAt: NOW },
    },
  ])("sums $name", ({ rows, expected }) => {
    expect(summarizeReviews(rows)).toEqual(expected);
  });

  it("matches replaying applyReview over the rows in time order", () => {
    const rows = [
      { at: NOW - 3000, value: 1 },
      { at: NOW - 2000, value: 2.5 },
      { at: NOW - 1000, value: 0 },
    ];
    const replayed = rows.reduce((s, row) => applyReview(s, row), state());
    const summary = summarizeReviews([...rows].reverse());
    expect(summary).toEqual({
      reviewCount: replayed.reviewCount,
      accumulatedReviewValue: replayed.accumulatedReviewValue,
      lastReviewedAt: NOW - 1000,
    });
  });

  // 0.1 + 0.2 + 0.3 differs from 0.3 + 0.2 + 0.1 in floating point; devices must agree.
  const rows = [
    { at: NOW - 3, value: 0.1 },
    { at: NOW - 2, value: 0.2 },
    { at: NOW - 1, value: 0.3 },
  ];
  it.each([{ order: [0, 1, 2] }, { order: [2, 1, 0] }, { order: [1, 2, 0] }, { order: [2, 0, 1] }])(
    "gives the same sum, to the bit, for arrival order $order",
    ({ order }) => {
      const permuted = order.map((i) => rows[i]).filter((row) => row !== undefined);
      expect(summarizeReviews(permuted).accumulatedReviewValue).toBe(
        summarizeReviews(rows).accumulatedReviewValue,
      );
    },
  );

  it.each([
    { rows: [{ at: NOW, value: -0.5 }], path: "0.value" },
    {
      rows: [
        { at: NOW, value: 1 },
        { at: Number.NaN, value: 1 },
      ],
      path: "1.at",
    },
  ])("throws VALIDATION_FAILED at $path", ({ rows, path }) => {
    expect(() => summarizeReviews(rows)).toThrowError(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        details: [expect.objectContaining({ path })],
      }),
    );
  });
});
