import { describe, expect, it } from "vitest";
import { localIsoDate } from "../../lib/local-date";
import { reviewStreak } from "./home-dates";

const today = new Date(2026, 10, 23, 15, 0);

describe("reviewStreak", () => {
  it.each([
    [["2026-11-23", "2026-11-22", "2026-11-21"], 3, "ending today"],
    [["2026-11-22", "2026-11-21"], 2, "ending yesterday while today has no review yet"],
    [["2026-11-23", "2026-11-21"], 1, "broken by a day without reviews"],
    [["2026-11-20"], 0, "nothing since the day before yesterday"],
    [["2026-11-01", "2026-10-31"], 0, "only old days"],
  ])("counts %j as %i (%s)", (days, expected) => {
    expect(reviewStreak(new Set(days), today)).toBe(expected);
  });
});

describe("localIsoDate", () => {
  it("writes the local date with zero padding", () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});
