import { describe, expect, it } from "vitest";
import { heatmapWeeks } from "./heatmap";

describe("heatmapWeeks", () => {
  it("cuts the range into weeks with every day, levels by quarter of the busiest day", () => {
    const weeks = heatmapWeeks("2026-11-01", "2026-11-10", [
      { date: "2026-11-02", count: 1 },
      { date: "2026-11-03", count: 8 },
      { date: "2026-11-10", count: 5 },
    ]);
    expect(weeks.map((week) => week.length)).toEqual([7, 3]);
    expect(weeks[0]?.[0]).toEqual({ date: "2026-11-01", count: 0, level: 0 });
    expect(weeks[0]?.[1]).toEqual({ date: "2026-11-02", count: 1, level: 1 });
    expect(weeks[0]?.[2]).toEqual({ date: "2026-11-03", count: 8, level: 4 });
    expect(weeks[1]?.[2]).toEqual({ date: "2026-11-10", count: 5, level: 3 });
  });

  it("crosses months and a leap day", () => {
    const weeks = heatmapWeeks("2028-02-27", "2028-03-01", []);
    expect(weeks.flat().map((cell) => cell.date)).toEqual([
      "2028-02-27",
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
  });

  it("is empty when the range is", () => {
    expect(heatmapWeeks("2026-11-02", "2026-11-01", [])).toEqual([]);
  });
});
