import { describe, expect, it } from "vitest";
import { localIsoDate } from "../../lib/local-date";
import { addMonths, monthGridDays, parseIsoDate, parseIsoMonth } from "./calendar-dates";

describe("monthGridDays", () => {
  it.each([
    ["2026-11", 35, "2026-11-01", "2026-12-05"],
    ["2026-08", 42, "2026-07-26", "2026-09-05"],
    ["2026-02", 28, "2026-02-01", "2026-02-28"],
  ])("covers %s in whole weeks from Sunday (%i days, %s…%s)", (month, length, first, last) => {
    const days = monthGridDays(parseIsoMonth(month) ?? new Date(Number.NaN));
    expect(days).toHaveLength(length);
    expect(localIsoDate(days[0] ?? new Date())).toBe(first);
    expect(localIsoDate(days.at(-1) ?? new Date())).toBe(last);
    expect(days.every((day) => day.getDay() === days.indexOf(day) % 7)).toBe(true);
  });
});

describe("parseIsoDate and parseIsoMonth", () => {
  it.each([["2026-02-30"], ["2026-13-01"], ["26-1-1"], [""], [null]])("refuse %j", (value) => {
    expect(parseIsoDate(value)).toBeNull();
  });

  it("reads a month as its first day and steps across years", () => {
    const december = parseIsoMonth("2026-12");
    expect(december && localIsoDate(addMonths(december, 1))).toBe("2027-01-01");
    expect(parseIsoMonth("2026-1")).toBeNull();
  });
});
