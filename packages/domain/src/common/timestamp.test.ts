import { describe, expect, it } from "vitest";
import { epochMsSchema, toEpochMs } from "./timestamp.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12): 2026-11-23T12:00:00Z

describe("toEpochMs", () => {
  it.each([
    { name: "epoch ms", value: NOW, expected: NOW },
    { name: "fractional ms rounded down", value: NOW + 0.9, expected: NOW },
    { name: "zero", value: 0, expected: 0 },
    { name: "ISO with Z", value: "2026-11-23T12:00:00.000Z", expected: NOW },
    { name: "ISO with lower-case z", value: "2026-11-23T12:00:00z", expected: NOW },
    { name: "ISO with +09:00 (KST)", value: "2026-11-23T21:00:00+09:00", expected: NOW },
    { name: "ISO with -0500", value: "2026-11-23T07:00-0500", expected: NOW },
    { name: "ISO without offset is UTC", value: "2026-11-23T12:00:00", expected: NOW },
    { name: "space instead of T", value: "2026-11-23 12:00:00Z", expected: NOW },
    { name: "nanosecond digits", value: "2026-11-23T12:00:00.123456789Z", expected: NOW + 123 },
    { name: "date only is UTC midnight", value: "2026-11-23", expected: NOW - 12 * 3_600_000 },
    { name: "surrounding spaces", value: "  2026-11-23T12:00:00Z ", expected: NOW },
    {
      name: "document timestamp",
      value: { seconds: NOW / 1000, nanoseconds: 5e8 },
      expected: NOW + 500,
    },
    {
      name: "exported document timestamp",
      value: { _seconds: NOW / 1000, _nanoseconds: 999_999 },
      expected: NOW,
    },
    { name: "seconds without nanoseconds", value: { seconds: NOW / 1000 }, expected: NOW },
    { name: "Date", value: new Date(NOW), expected: NOW },
    { name: "NaN", value: Number.NaN, expected: undefined },
    { name: "Infinity", value: Number.POSITIVE_INFINITY, expected: undefined },
    { name: "31 February", value: "2026-02-31", expected: undefined },
    { name: "30 February with time", value: "2026-02-30T00:00:00Z", expected: undefined },
    { name: "month 13", value: "2026-13-01", expected: undefined },
    { name: "hour 25", value: "2026-11-23T25:00:00Z", expected: undefined },
    { name: "Korean date text", value: "2026년 11월 23일", expected: undefined },
    { name: "English date text", value: "November 23, 2026", expected: undefined },
    { name: "numeric string", value: "1795435200000", expected: undefined },
    { name: "nanoseconds only", value: { nanoseconds: 1 }, expected: undefined },
    { name: "seconds as string", value: { seconds: "1795435200" }, expected: undefined },
    { name: "invalid Date", value: new Date(Number.NaN), expected: undefined },
    { name: "null", value: null, expected: undefined },
    { name: "undefined", value: undefined, expected: undefined },
    { name: "boolean", value: true, expected: undefined },
  ])("reads $name", ({ value, expected }) => {
    expect(toEpochMs(value)).toBe(expected);
  });
});

describe("epochMsSchema", () => {
  it.each([
    { value: NOW, ok: true },
    { value: 0, ok: true },
    { value: -1, ok: false },
    { value: 1.5, ok: false },
    { value: Number.NaN, ok: false },
    { value: "2026-11-23T12:00:00Z", ok: false },
  ])("accepts $value: $ok", ({ value, ok }) => {
    expect(epochMsSchema.safeParse(value).success).toBe(ok);
  });
});
