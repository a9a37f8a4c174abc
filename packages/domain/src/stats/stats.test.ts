import { describe, expect, it } from "vitest";
import { statsQuerySchema } from "../api/stats.js";
import { DAY_MS } from "../constants.js";
import { reviewStreaks, statsFromRows, statsSpan } from "./stats.js";
import { dayNumberOfDate } from "./time-zone.js";

const HOUR = 3_600_000;
// 2026-11-23 12:00 UTC = 21:00 in Seoul.
const NOW = Date.UTC(2026, 10, 23, 12);

function query(raw: Record<string, string>) {
  return statsQuerySchema.parse(raw);
}

describe("statsQuerySchema", () => {
  it.each([
    [{ from: "2025-11-24", to: "2026-11-23", tz: "Asia/Seoul" }, true],
    [{ from: "2025-11-18", to: "2026-11-23" }, true], // 371 days
    [{ from: "2025-11-17", to: "2026-11-23" }, false], // 372 days
    [{ from: "2026-11-23", to: "2026-11-22" }, false],
    [{ from: "2026-11-01", to: "2026-11-23", tz: "Asia/Busan" }, false],
    [{ from: "2026-11-01", to: "2026-11-23", tz: "540" }, false],
  ])("%o → %s", (raw, ok) => {
    expect(statsQuerySchema.safeParse(raw).success).toBe(ok);
  });

  it("defaults tz to UTC", () => {
    expect(query({ from: "2026-11-01", to: "2026-11-02" }).tz).toBe("UTC");
  });
});

describe("reviewStreaks", () => {
  const d = (date: string) => dayNumberOfDate(date);
  it.each([
    { name: "none", days: [], last: "2026-11-23", current: 0, longest: 0 },
    {
      name: "a run ending today",
      days: ["2026-11-21", "2026-11-22", "2026-11-23"],
      last: "2026-11-23",
      current: 3,
      longest: 3,
    },
    {
      name: "a run ending yesterday (today not over)",
      days: ["2026-11-21", "2026-11-22"],
      last: "2026-11-23",
      current: 2,
      longest: 2,
    },
    {
      name: "a broken run",
      days: ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-20", "2026-11-21"],
      last: "2026-11-23",
      current: 0,
      longest: 4,
    },
    {
      name: "a run across a month end, repeats ignored",
      days: ["2026-10-30", "2026-10-31", "2026-10-31", "2026-11-01", "2026-11-23"],
      last: "2026-11-23",
      current: 1,
      longest: 3,
    },
  ])("$name", ({ days, last, current, longest }) => {
    expect(reviewStreaks(days.map(d), d(last))).toEqual({ current, longest });
  });
});

describe("statsFromRows", () => {
  const folders = [
    { id: "words", title: "단어", desiredRetention: 0.9 },
    { id: "facts", title: "Facts", desiredRetention: 0.85 },
  ];

  it("buckets reviews by Seoul days and counts streaks, windows, forecast and retention", () => {
    const reviews = [
      // 2026-11-22 16:00Z is 11-23 01:00 in Seoul; 11-22 14:00Z is 11-22 23:00.
      { reviewedAt: Date.UTC(2026, 10, 22, 16), grade: 3, folderId: "words" },
      { reviewedAt: Date.UTC(2026, 10, 22, 14), grade: 1, folderId: "words" },
      // 11-21 23:00 and 22:00 in Seoul.
      { reviewedAt: Date.UTC(2026, 10, 21, 14), grade: null, folderId: "facts" },
      { reviewedAt: Date.UTC(2026, 10, 21, 13), grade: null, folderId: "root" },
      // Before the range: left out everywhere.
      { reviewedAt: Date.UTC(2025, 10, 1), grade: 1, folderId: "words" },
      // 2026-08-01: inside the 365-day window only.
      { reviewedAt: Date.UTC(2026, 7, 1, 3), grade: 4, folderId: "facts" },
    ];
    const fsrsDue = [
      { due: Date.UTC(2026, 9, 1) }, // overdue: today
      { due: NOW + HOUR }, // today
      { due: NOW + 3 * HOUR + 1 }, // 11-24 00:00:00.001 in Seoul
      { due: NOW + 29 * DAY_MS }, // the last forecast day
      { due: NOW + 30 * DAY_MS }, // after the forecast
    ];
    const stats = statsFromRows(
      query({ from: "2025-11-24", to: "2026-11-23", tz: "Asia/Seoul" }),
      NOW,
      { reviews, fsrsDue, fsrsFolders: folders },
    );
    expect(stats.today).toBe("2026-11-23");
    expect(stats.days).toEqual([
      { date: "2026-08-01", count: 1 },
      { date: "2026-11-21", count: 2 },
      { date: "2026-11-22", count: 1 },
      { date: "2026-11-23", count: 1 },
    ]);
    expect(stats.totalReviews).toBe(5);
    expect(stats.streaks).toEqual({ current: 3, longest: 3 });
    expect(stats.windows).toEqual([
      { days: 30, reviews: 4, perDay: 4 / 30 },
      { days: 90, reviews: 4, perDay: 4 / 90 },
      { days: 365, reviews: 5, perDay: 5 / 365 },
    ]);
    expect(stats.forecast).toHaveLength(30);
    expect(stats.forecast[0]).toEqual({ date: "2026-11-23", due: 2 });
    expect(stats.forecast[1]).toEqual({ date: "2026-11-24", due: 1 });
    expect(stats.forecast[29]).toEqual({ date: "2026-12-22", due: 1 });
    expect(stats.forecast.reduce((sum, day) => sum + day.due, 0)).toBe(4);
    expect(stats.retention).toEqual([
      {
        folderId: "facts",
        title: "Facts",
        desiredRetention: 0.85,
        reviews: 2,
        passed: 2,
        trueRetention: 1,
      },
      {
        folderId: "words",
        title: "단어",
        desiredRetention: 0.9,
        reviews: 2,
        passed: 1,
        trueRetention: 0.5,
      },
    ]);
  });

  it("answers null retention for a folder without reviews and zeros without rows", () => {
    const stats = statsFromRows(query({ from: "2026-11-01", to: "2026-11-23" }), NOW, {
      reviews: [],
      fsrsDue: [],
      fsrsFolders: [folders[0] ?? folders[1]].filter((f) => f !== undefined),
    });
    expect(stats.days).toEqual([]);
    expect(stats.streaks).toEqual({ current: 0, longest: 0 });
    expect(stats.retention[0]?.trueRetention).toBeNull();
    expect(stats.forecast.every((day) => day.due === 0)).toBe(true);
  });

  it("gives New York's short spring day its 23 hours", () => {
    const q = query({ from: "2026-03-08", to: "2026-03-08", tz: "America/New_York" });
    const span = statsSpan(q, Date.UTC(2026, 2, 8, 12));
    expect(span.end - span.start).toBe(23 * HOUR);
  });
});
