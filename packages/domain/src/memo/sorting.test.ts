import { describe, expect, it } from "vitest";
import { DAY_MS } from "../constants.js";
import { ErrorCode } from "../errors.js";
import {
  compareMemos,
  effectiveReviewCount,
  isReviewedToday,
  memoSortKey,
  repetitionDueKey,
  repetitionScore,
  SORT_MODES,
  type SortableMemo,
  type SortContext,
  type SortMode,
  sortMemos,
  startOfDay,
} from "./sorting.js";
import { sortModeSchema } from "./sorting.schema.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12): Mon 2026-11-23 12:00 UTC, 21:00 KST
const HOUR = 3_600_000;
const KST = 540;
const NEW_YORK = -300;

describe("sortModeSchema", () => {
  it.each([
    ...SORT_MODES.map((mode) => ({ value: mode as string, ok: true })),
    { value: "LATEST", ok: false },
    { value: "최신순", ok: false },
    { value: "review_count", ok: false },
  ])("accepts $value: $ok", ({ value, ok }) => {
    expect(sortModeSchema.safeParse(value).success).toBe(ok);
  });
});

describe("startOfDay", () => {
  it.each([
    { name: "UTC", now: NOW, offset: 0, expected: 1_795_392_000_000 }, // 11-23 00:00Z
    { name: "KST (21:00 on the 23rd)", now: NOW, offset: KST, expected: 1_795_359_600_000 }, // 11-22 15:00Z
    {
      name: "New York (07:00 on the 23rd)",
      now: NOW,
      offset: NEW_YORK,
      expected: 1_795_410_000_000,
    }, // 11-23 05:00Z
    {
      name: "KST just after midnight",
      now: 1_795_359_600_000,
      offset: KST,
      expected: 1_795_359_600_000,
    },
    {
      name: "KST just before midnight",
      now: 1_795_359_599_999,
      offset: KST,
      expected: 1_795_359_600_000 - DAY_MS,
    },
    { name: "UTC+14", now: NOW, offset: 840, expected: 1_795_392_000_000 + DAY_MS - 14 * HOUR },
    { name: "UTC-12 at its midnight", now: NOW, offset: -720, expected: NOW },
    { name: "UTC-12 a minute earlier", now: NOW - 60_000, offset: -720, expected: NOW - DAY_MS },
    { name: "India +05:30", now: NOW, offset: 330, expected: 1_795_392_000_000 - 5.5 * HOUR },
    { name: "the epoch itself", now: 0, offset: 0, expected: 0 },
  ])("gives local midnight in $name", ({ now, offset, expected }) => {
    expect(startOfDay(now, offset)).toBe(expected);
  });

  it.each([
    { now: NOW, offset: 841, path: "utcOffsetMinutes" },
    { now: NOW, offset: -721, path: "utcOffsetMinutes" },
    { now: NOW, offset: 1.5, path: "utcOffsetMinutes" },
    { now: NOW, offset: Number.NaN, path: "utcOffsetMinutes" },
    { now: Number.NaN, offset: 0, path: "now" },
  ])("rejects now $now with offset $offset", ({ now, offset, path }) => {
    expect(() => startOfDay(now, offset)).toThrowError(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        details: [expect.objectContaining({ path })],
      }),
    );
  });
});

describe("isReviewedToday", () => {
  it.each([
    { name: "never reviewed", last: null, offset: KST, expected: false },
    { name: "an hour ago", last: NOW - HOUR, offset: 0, expected: true },
    {
      name: "01:00 KST today, yesterday in UTC",
      last: Date.parse("2026-11-22T16:00:00Z"),
      offset: KST,
      expected: true,
    },
    {
      name: "the same instant in UTC",
      last: Date.parse("2026-11-22T16:00:00Z"),
      offset: 0,
      expected: false,
    },
    { name: "exactly local midnight", last: 1_795_359_600_000, offset: KST, expected: true },
    { name: "1 ms before local midnight", last: 1_795_359_599_999, offset: KST, expected: false },
    { name: "a device clock ahead of now", last: NOW + 2 * DAY_MS, offset: 0, expected: true },
    {
      name: "New York, 04:00 UTC is yesterday there",
      last: Date.parse("2026-11-23T04:00:00Z"),
      offset: NEW_YORK,
      expected: false,
    },
  ])("$name → $expected", ({ last, offset, expected }) => {
    expect(isReviewedToday(last, NOW, offset)).toBe(expected);
  });
});

describe("effectiveReviewCount", () => {
  const today = NOW - HOUR;
  const yesterday = NOW - DAY_MS;
  it.each([
    { mode: "review_count_asc", count: 3, last: today, expected: 1002 },
    { mode: "review_count_asc", count: 3, last: yesterday, expected: 3 },
    { mode: "review_count_asc", count: 0, last: null, expected: 0 },
    { mode: "review_count_desc", count: 3, last: today, expected: -996 },
    { mode: "review_count_desc", count: 3, last: yesterday, expected: 3 },
    { mode: "latest", count: 3, last: today, expected: 3 },
    { mode: "priority", count: 7, last: today, expected: 7 },
    { mode: "repetition_value", count: 7, last: today, expected: 7 },
  ] as const)(
    "$mode with count $count, last review $last → $expected",
    ({ mode, count, last, expected }) => {
      expect(effectiveReviewCount(count, last, mode, NOW, 0)).toBe(expected);
    },
  );
});

describe("repetitionScore and repetitionDueKey", () => {
  it.each([
    { name: "created now", createdAt: NOW, acc: 0, d: 5, expected: 0 },
    {
      name: "10 days old, never reviewed",
      createdAt: NOW - 10 * DAY_MS,
      acc: 0,
      d: 5,
      expected: 50,
    },
    { name: "10 days old, 12 reviewed", createdAt: NOW - 10 * DAY_MS, acc: 12, d: 5, expected: 38 },
    { name: "half a day, value 1", createdAt: NOW - DAY_MS / 2, acc: 0, d: 1, expected: 0.5 },
    { name: "over-reviewed", createdAt: NOW - DAY_MS, acc: 20, d: 5, expected: -15 },
    { name: "zero repetition value", createdAt: NOW - 30 * DAY_MS, acc: 2, d: 0, expected: -2 },
  ])("scores $name as $expected", ({ createdAt, acc, d, expected }) => {
    expect(repetitionScore({ createdAt, accumulatedReviewValue: acc }, d, NOW)).toBeCloseTo(
      expected,
      9,
    );
  });

  // score = d × now / DAY_MS − dueKey at any now, so ordering by dueKey ascending equals
  // ordering by score descending without knowing now.
  const nows = [NOW, NOW + 7 * DAY_MS + 123, Date.UTC(2030, 0, 1), 1_700_000_000_000];
  it.each([
    { createdAt: NOW - 10 * DAY_MS, acc: 0, d: 5 },
    { createdAt: NOW - 3 * DAY_MS - 17, acc: 12.75, d: 5 },
    { createdAt: 1_600_000_000_000, acc: 1234.5, d: 2.5 },
    { createdAt: 0, acc: 0, d: 5 },
    { createdAt: NOW, acc: 7, d: 0 },
  ])(
    "keeps score = d·now/DAY − dueKey for createdAt $createdAt, acc $acc, d $d",
    ({ createdAt, acc, d }) => {
      const dueKey = repetitionDueKey(createdAt, d, acc);
      for (const now of nows) {
        expect(repetitionScore({ createdAt, accumulatedReviewValue: acc }, d, now)).toBeCloseTo(
          (d * now) / DAY_MS - dueKey,
          6,
        );
      }
    },
  );

  it.each(nows.map((now) => ({ now })))("orders by due key as by score at now $now", ({ now }) => {
    const memos = [
      { createdAt: NOW - 10 * DAY_MS, accumulatedReviewValue: 0 },
      { createdAt: NOW - 10 * DAY_MS, accumulatedReviewValue: 30 },
      { createdAt: NOW - 2 * DAY_MS, accumulatedReviewValue: 0 },
      { createdAt: NOW - 40 * DAY_MS, accumulatedReviewValue: 190 },
      { createdAt: NOW - HOUR, accumulatedReviewValue: 0.5 },
    ];
    const byScore = [...memos].sort(
      (a, b) => repetitionScore(b, 5, now) - repetitionScore(a, 5, now),
    );
    const byDueKey = [...memos].sort(
      (a, b) =>
        repetitionDueKey(a.createdAt, 5, a.accumulatedReviewValue) -
        repetitionDueKey(b.createdAt, 5, b.accumulatedReviewValue),
    );
    expect(byDueKey).toEqual(byScore);
  });
});

function memo(id: string, fields: Partial<SortableMemo> = {}): SortableMemo {
  return {
    id,
    createdAt: NOW - DAY_MS,
    priority: 0,
    reviewCount: 0,
    accumulatedReviewValue: 0,
    reviewedDates: [],
    ...fields,
  };
}

const ctx: SortContext = { now: NOW, utcOffsetMinutes: KST, dateRepetitionValue: 5 };
const todayKst = Date.parse("2026-11-22T16:00:00Z"); // 01:00 KST on the 23rd

describe("sortMemos", () => {
  const memos: SortableMemo[] = [
    memo("kOld", { createdAt: NOW - 30 * DAY_MS, reviewCount: 4, accumulatedReviewValue: 140 }),
    memo("eNew", { createdAt: NOW - HOUR, priority: 2 }),
    memo("kMid", {
      createdAt: NOW - 5 * DAY_MS,
      priority: 2,
      reviewCount: 2,
      reviewedDates: [todayKst],
    }),
    memo("eMid", {
      createdAt: NOW - 5 * DAY_MS,
      reviewCount: 1,
      reviewedDates: [NOW - 3 * DAY_MS],
    }),
    memo("aTie", { createdAt: NOW - 5 * DAY_MS, reviewCount: 1, priority: -1 }),
  ];

  it.each<{ mode: SortMode; expected: string[] }>([
    { mode: "latest", expected: ["eNew", "aTie", "eMid", "kMid", "kOld"] },
    { mode: "oldest", expected: ["kOld", "aTie", "eMid", "kMid", "eNew"] },
    { mode: "priority", expected: ["eNew", "kMid", "eMid", "kOld", "aTie"] },
    // kMid was reviewed today (KST): 2 + 999 puts it last.
    { mode: "review_count_asc", expected: ["eNew", "aTie", "eMid", "kOld", "kMid"] },
    // kMid: 2 − 999 puts it last here too.
    { mode: "review_count_desc", expected: ["kOld", "aTie", "eMid", "eNew", "kMid"] },
    // scores: kOld 150−140=10, eMid/kMid/aTie 25, eNew ≈0.21
    { mode: "repetition_value", expected: ["aTie", "eMid", "kMid", "kOld", "eNew"] },
  ])("orders by $mode", ({ mode, expected }) => {
    expect(sortMemos(memos, mode, ctx).map((m) => m.id)).toEqual(expected);
    expect([...memos].sort(compareMemos(mode, ctx)).map((m) => m.id)).toEqual(expected);
  });

  it.each(SORT_MODES.map((mode) => ({ mode })))(
    "gives one order for every input order in $mode",
    ({ mode }) => {
      const expected = sortMemos(memos, mode, ctx).map((m) => m.id);
      for (const shuffled of [
        [...memos].reverse(),
        [memos[2], memos[4], memos[0], memos[3], memos[1]],
      ]) {
        const input = shuffled.filter((m): m is SortableMemo => m !== undefined);
        expect(sortMemos(input, mode, ctx).map((m) => m.id)).toEqual(expected);
      }
    },
  );

  it("does not change its input", () => {
    const input = [...memos];
    sortMemos(input, "latest", ctx);
    expect(input).toEqual(memos);
  });

  it.each([
    {
      name: "in UTC kMid's review was yesterday",
      offset: 0,
      expected: ["eNew", "aTie", "eMid", "kMid", "kOld"],
    },
    {
      name: "in KST it was today",
      offset: KST,
      expected: ["eNew", "aTie", "eMid", "kOld", "kMid"],
    },
  ])("uses the viewer's day: $name", ({ offset, expected }) => {
    const result = sortMemos(memos, "review_count_asc", { ...ctx, utcOffsetMinutes: offset });
    expect(result.map((m) => m.id)).toEqual(expected);
  });

  it.each([
    {
      name: "lastReviewedAt wins over reviewedDates",
      fields: { lastReviewedAt: null, reviewedDates: [todayKst] },
      expected: 1,
    },
    {
      name: "latest of reviewedDates",
      fields: { reviewedDates: [todayKst, NOW - 9 * DAY_MS] },
      expected: 1000,
    },
    { name: "lastReviewedAt today", fields: { lastReviewedAt: todayKst }, expected: 1000 },
    { name: "no reviews", fields: {}, expected: 1 },
  ])("reads the last review: $name", ({ fields, expected }) => {
    const key = memoSortKey(memo("x", { reviewCount: 1, ...fields }), "review_count_asc", ctx);
    expect(key[0]).toBe(expected);
  });

  it("breaks full ties by id in code-unit order", () => {
    const ties = ["b", "B", "a", "가", "A"].map((id) => memo(id));
    for (const mode of SORT_MODES) {
      expect(sortMemos(ties, mode, ctx).map((m) => m.id)).toEqual(["A", "B", "a", "b", "가"]);
    }
  });

  it("throws VALIDATION_FAILED for a bad offset in review-count modes", () => {
    expect(() =>
      sortMemos(memos, "review_count_desc", { ...ctx, utcOffsetMinutes: 9000 }),
    ).toThrowError(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }));
  });
});
