import { describe, expect, it } from "vitest";
import { DAY_MS } from "../constants.js";
import { ErrorCode } from "../errors.js";
import {
  type ListedMemo,
  memoPageKey,
  memoSortingValue,
  sortMemosWithValues,
} from "./memo-list.js";
import {
  repetitionDueKey,
  repetitionScore,
  SORT_MODES,
  type SortMode,
  sortMemos,
  startOfDay,
} from "./sorting.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12): 2026-11-23 12:00 UTC, 21:00 KST
const HOUR = 3_600_000;
const KST = 540;
const NEW_YORK = -300;
const RV = 2.5;

function memo(id: string, fields: Partial<ListedMemo> = {}): ListedMemo & { dueKey: number } {
  const base = {
    id,
    createdAt: NOW - 3 * DAY_MS,
    priority: 0,
    reviewCount: 0,
    accumulatedReviewValue: 0,
    lastReviewedAt: null,
    ...fields,
  };
  return { ...base, dueKey: repetitionDueKey(base.createdAt, RV, base.accumulatedReviewValue) };
}

describe("memoSortingValue and memoPageKey", () => {
  const m = memo("a", {
    createdAt: NOW - 2 * DAY_MS,
    priority: 3,
    reviewCount: 4,
    accumulatedReviewValue: 1.5,
    lastReviewedAt: NOW - 10 * HOUR, // 02:00 UTC on the 23rd: 11:00 KST, 21:00 on the 22nd in New York
  });
  const todayIn = (offset: number) => startOfDay(NOW, offset);

  it.each([
    { mode: "latest", tz: 0, value: m.createdAt, key: [m.createdAt] },
    { mode: "oldest", tz: KST, value: m.createdAt, key: [m.createdAt] },
    { mode: "priority", tz: 0, value: 3, key: [3, m.createdAt] },
    { mode: "review_count_asc", tz: 0, value: 4 + 999, key: [1003, m.createdAt] },
    { mode: "review_count_asc", tz: KST, value: 1003, key: [1003, m.createdAt] },
    { mode: "review_count_asc", tz: NEW_YORK, value: 4, key: [4, m.createdAt] },
    { mode: "review_count_desc", tz: 0, value: 4 - 999, key: [-995, m.createdAt] },
    { mode: "review_count_desc", tz: NEW_YORK, value: 4, key: [4, m.createdAt] },
    { mode: "repetition_value", tz: 0, value: 2.5 * 2 - 1.5, key: [m.dueKey] },
  ] as const)("$mode in UTC$tz: value $value, key $key", ({ mode, tz, value, key }) => {
    const ctx = { now: NOW, todayStart: todayIn(tz), dateRepetitionValue: RV };
    expect(memoSortingValue(m, mode, ctx)).toBeCloseTo(value, 9);
    expect(memoPageKey(m, mode, ctx.todayStart, NOW)).toEqual(key);
  });

  it.each([
    { name: "at local midnight", at: startOfDay(NOW, KST), shifted: true },
    { name: "a millisecond before local midnight", at: startOfDay(NOW, KST) - 1, shifted: false },
    { name: "ahead of now (a device clock ahead)", at: NOW + HOUR, shifted: true },
    { name: "never reviewed", at: null, shifted: false },
  ])("shifts a review $name: $shifted", ({ at, shifted }) => {
    const reviewed = memo("b", { reviewCount: 7, lastReviewedAt: at });
    const ctx = { now: NOW, todayStart: todayIn(KST), dateRepetitionValue: RV };
    expect(memoSortingValue(reviewed, "review_count_asc", ctx)).toBe(shifted ? 1006 : 7);
    expect(memoSortingValue(reviewed, "review_count_desc", ctx)).toBe(shifted ? -992 : 7);
    expect(memoPageKey(reviewed, "review_count_desc", ctx.todayStart, NOW)[0]).toBe(
      shifted ? -992 : 7,
    );
  });

  it("keeps a page key's length per mode", () => {
    for (const mode of SORT_MODES) {
      const lengths = new Set([memo("x"), m].map((one) => memoPageKey(one, mode, 0, NOW).length));
      expect(lengths.size).toBe(1);
    }
  });
});

describe("sortMemosWithValues", () => {
  // Ties in every key: equal creation times, priorities and counts; reviews on both sides of
  // midnight in Seoul; fractional review values.
  const memos = [
    memo("e", { createdAt: NOW - 5 * DAY_MS, priority: 1 }),
    memo("d", { createdAt: NOW - 5 * DAY_MS, priority: 1 }),
    memo("c", { reviewCount: 1, accumulatedReviewValue: 1.1, lastReviewedAt: NOW - 11 * HOUR }),
    memo("b", { reviewCount: 1, accumulatedReviewValue: 2.7, lastReviewedAt: NOW - 22 * HOUR }),
    memo("a", { createdAt: NOW - DAY_MS, priority: 3, reviewCount: 2, lastReviewedAt: NOW - HOUR }),
    memo("한글", { createdAt: NOW - 60_000, reviewCount: 1, lastReviewedAt: NOW - 30_000 }),
  ];
  const cases = SORT_MODES.flatMap((mode) => [0, KST, NEW_YORK].map((tz) => [mode, tz] as const));

  it.each(cases)("orders %s (UTC%i) as sortMemos, with each memo's value", (mode, tz) => {
    const ctx = { now: NOW, utcOffsetMinutes: tz, dateRepetitionValue: RV };
    const listed = sortMemosWithValues(memos, mode, ctx);
    expect(listed.map(({ memo: one }) => one.id)).toEqual(
      sortMemos(memos, mode, ctx).map((one) => one.id),
    );
    const todayStart = startOfDay(NOW, tz);
    for (const { memo: one, sortingValue } of listed) {
      expect(sortingValue).toBe(memoSortingValue(one, mode, { ...ctx, todayStart }));
    }
  });

  it.each(cases)("orders %s (UTC%i) as its page keys compare in SQL", (mode, tz) => {
    const descending: Record<SortMode, boolean[]> = {
      latest: [true],
      oldest: [false],
      priority: [true, true],
      review_count_asc: [false, true],
      review_count_desc: [true, true],
      repetition_value: [false],
      retrievability: [false, true],
    };
    const todayStart = startOfDay(NOW, tz);
    const bySql = [...memos].sort((x, y) => {
      const kx = memoPageKey(x, mode, todayStart, NOW);
      const ky = memoPageKey(y, mode, todayStart, NOW);
      for (const [i, isDescending] of descending[mode].entries()) {
        const a = kx[i] ?? 0;
        const b = ky[i] ?? 0;
        if (a !== b) return (a < b ? -1 : 1) * (isDescending ? -1 : 1);
      }
      return x.id < y.id ? -1 : 1;
    });
    const ctx = { now: NOW, utcOffsetMinutes: tz, dateRepetitionValue: RV };
    expect(sortMemosWithValues(memos, mode, ctx).map(({ memo: one }) => one.id)).toEqual(
      bySql.map((one) => one.id),
    );
  });

  it("shows the repetition score, highest first", () => {
    const ctx = { now: NOW, utcOffsetMinutes: KST, dateRepetitionValue: RV };
    const values = sortMemosWithValues(memos, "repetition_value", ctx).map((x) => x.sortingValue);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values[0]).toBeCloseTo(repetitionScore(memos[0] as ListedMemo, RV, NOW), 9);
  });

  it("leaves its input as it was", () => {
    const before = memos.map((one) => one.id);
    sortMemosWithValues(memos, "oldest", {
      now: NOW,
      utcOffsetMinutes: 0,
      dateRepetitionValue: RV,
    });
    expect(memos.map((one) => one.id)).toEqual(before);
  });

  it("throws VALIDATION_FAILED for an offset outside -720..840", () => {
    expect(() =>
      sortMemosWithValues(memos, "latest", {
        now: NOW,
        utcOffsetMinutes: 900,
        dateRepetitionValue: RV,
      }),
    ).toThrowError(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
  });
});
