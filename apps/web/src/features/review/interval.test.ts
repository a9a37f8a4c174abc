import { describe, expect, it } from "vitest";
import { intervalParts } from "./interval";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("intervalParts", () => {
  it.each([
    [0, "minute", 1],
    [20_000, "minute", 1],
    [10 * MINUTE, "minute", 10],
    [59 * MINUTE, "minute", 59],
    [HOUR, "hour", 1],
    [23 * HOUR, "hour", 23],
    [DAY, "day", 1],
    [3 * DAY + 5 * HOUR, "day", 3],
    [29 * DAY, "day", 29],
    [29.6 * DAY, "month", 1],
    [45 * DAY, "month", 1.5],
    [364 * DAY, "month", 12.1],
    [365 * DAY, "year", 1],
    [800 * DAY, "year", 2.2],
    [-5, "minute", 1],
  ])("shows %d ms as %s × %d", (ms, unit, count) => {
    expect(intervalParts(ms)).toEqual({ unit, count });
  });
});
