import { describe, expect, it } from "vitest";
import { DAY_MS } from "../constants.js";
import {
  dateOfDayNumber,
  dayNumberOfDate,
  isTimeZone,
  localDateTime,
  localDayNumber,
  offsetSegments,
  startOfLocalDay,
  startOfLocalDayNumber,
  utcOffsetMinutesAt,
} from "./time-zone.js";
import { timeZoneSchema } from "./time-zone.schema.js";

const HOUR = 3_600_000;

describe("isTimeZone", () => {
  it.each([
    ["Asia/Seoul", true],
    ["America/New_York", true],
    ["UTC", true],
    ["Etc/GMT+5", true],
    ["Asia/Kathmandu", true],
    ["Mars/Olympus", false],
    ["+09:00", false],
    ["", false],
    ["서울", false],
    ["Asia/Seoul ", false],
  ])("%s → %s", (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
    expect(timeZoneSchema.safeParse(zone).success).toBe(expected);
  });
});

describe("utcOffsetMinutesAt", () => {
  it.each([
    ["Asia/Seoul", Date.UTC(2026, 0, 1), 540],
    ["America/New_York", Date.UTC(2026, 0, 1), -300],
    ["America/New_York", Date.UTC(2026, 6, 1), -240],
    ["Asia/Kathmandu", Date.UTC(2026, 6, 1), 345],
    ["Australia/Lord_Howe", Date.UTC(2026, 0, 1), 660],
    ["Australia/Lord_Howe", Date.UTC(2026, 6, 1), 630],
    ["Pacific/Kiritimati", Date.UTC(2026, 6, 1), 840],
  ])("%s at %d is %d", (zone, at, expected) => {
    expect(utcOffsetMinutesAt(zone, at)).toBe(expected);
  });
});

describe("offsetSegments", () => {
  it("finds New York's 2026 transitions to the millisecond", () => {
    const segments = offsetSegments("America/New_York", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(segments).toEqual([
      // 2026-03-08 02:00 EST = 07:00Z; 2026-11-01 02:00 EDT = 06:00Z.
      { until: Date.UTC(2026, 2, 8, 7), offsetMinutes: -300 },
      { until: Date.UTC(2026, 10, 1, 6), offsetMinutes: -240 },
      { until: null, offsetMinutes: -300 },
    ]);
  });

  it("is one segment for a zone without daylight saving", () => {
    expect(offsetSegments("Asia/Seoul", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([
      { until: null, offsetMinutes: 540 },
    ]);
  });
});

describe("localDayNumber and startOfLocalDayNumber", () => {
  const ny = offsetSegments("America/New_York", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));

  it.each([
    // 23:30 EST on 03-07 and 23:30 EDT on 03-08 around the spring transition.
    [Date.UTC(2026, 2, 8, 4, 30), "2026-03-07"],
    [Date.UTC(2026, 2, 9, 3, 30), "2026-03-08"],
    [Date.UTC(2026, 2, 9, 4, 30), "2026-03-09"],
    // 00:30 EDT and the repeated 01:30 (EDT, then EST) on 11-01.
    [Date.UTC(2026, 10, 1, 4, 30), "2026-11-01"],
    [Date.UTC(2026, 10, 1, 5, 30), "2026-11-01"],
    [Date.UTC(2026, 10, 1, 6, 30), "2026-11-01"],
    [Date.UTC(2026, 10, 2, 4, 59), "2026-11-01"],
    [Date.UTC(2026, 10, 2, 5, 0), "2026-11-02"],
  ])("puts %d on %s in New York, like the wall clock", (at, date) => {
    expect(dateOfDayNumber(localDayNumber(ny, at))).toBe(date);
    expect(localDateTime("America/New_York", at).date).toBe(date);
  });

  it("starts local days at local midnight on both sides of a transition", () => {
    expect(startOfLocalDayNumber(ny, dayNumberOfDate("2026-03-08"))).toBe(Date.UTC(2026, 2, 8, 5));
    expect(startOfLocalDayNumber(ny, dayNumberOfDate("2026-03-09"))).toBe(Date.UTC(2026, 2, 9, 4));
    expect(startOfLocalDayNumber(ny, dayNumberOfDate("2026-11-02"))).toBe(Date.UTC(2026, 10, 2, 5));
  });

  it("starts a day swallowed at midnight by a gap at the gap's end", () => {
    // Santiago moves from −04 to −03 at 00:00 local on 2026-09-06: the day starts at 01:00.
    const santiago = offsetSegments(
      "America/Santiago",
      Date.UTC(2026, 8, 1),
      Date.UTC(2026, 8, 10),
    );
    const start = startOfLocalDayNumber(santiago, dayNumberOfDate("2026-09-06"));
    expect(start).toBe(Date.UTC(2026, 8, 6, 4));
    expect(localDateTime("America/Santiago", start)).toEqual({ date: "2026-09-06", minutes: 60 });
    expect(dateOfDayNumber(localDayNumber(santiago, start - 1))).toBe("2026-09-05");
  });
});

describe("localDateTime", () => {
  it.each([
    ["Asia/Seoul", Date.UTC(2026, 10, 23, 15, 5), { date: "2026-11-24", minutes: 5 }],
    ["UTC", Date.UTC(2026, 10, 23, 23, 59, 59), { date: "2026-11-23", minutes: 1439 }],
    ["America/New_York", Date.UTC(2026, 10, 23, 3), { date: "2026-11-22", minutes: 22 * 60 }],
  ])("%s", (zone, at, expected) => {
    expect(localDateTime(zone, at)).toEqual(expected);
  });

  it("agrees with day numbers", () => {
    expect(dayNumberOfDate("1970-01-02")).toBe(1);
    expect(dateOfDayNumber(Date.UTC(2026, 1, 28) / DAY_MS)).toBe("2026-02-28");
    expect(HOUR).toBe(DAY_MS / 24);
  });
});

describe("startOfLocalDay", () => {
  it.each([
    ["Asia/Seoul", Date.UTC(2026, 10, 23, 14, 59), Date.UTC(2026, 10, 22, 15)],
    ["Asia/Seoul", Date.UTC(2026, 10, 23, 15), Date.UTC(2026, 10, 23, 15)],
    ["America/New_York", Date.UTC(2026, 2, 8, 12), Date.UTC(2026, 2, 8, 5)],
    ["America/New_York", Date.UTC(2026, 2, 9, 3, 59), Date.UTC(2026, 2, 8, 5)],
  ])("%s at %d starts at %d", (zone, now, expected) => {
    expect(startOfLocalDay(zone, now)).toBe(expected);
  });
});
