import { describe, expect, it } from "vitest";
import { CACHE_STALE_AFTER_MS } from "../constants.js";
import { cacheFreshness } from "./cache-freshness.js";

const NOW = 1_795_435_200_000; // 2026-11-23T12:00:00Z
const HOUR = 3_600_000;

describe("cacheFreshness", () => {
  it.each([
    { name: "nothing cached", stamp: null, expected: "FAIL" },
    { name: "undefined stamp", stamp: undefined, expected: "FAIL" },
    { name: "cached just now", stamp: { cachedAt: NOW }, expected: "SUCCESS" },
    { name: "5 h 59 min old", stamp: { cachedAt: NOW - 6 * HOUR + 60_000 }, expected: "SUCCESS" },
    {
      name: "exactly 6 h old",
      stamp: { cachedAt: NOW - CACHE_STALE_AFTER_MS },
      expected: "NEED_FETCH",
    },
    { name: "a day old", stamp: { cachedAt: NOW - 24 * HOUR }, expected: "NEED_FETCH" },
    { name: "stamped in the future", stamp: { cachedAt: NOW + HOUR }, expected: "NEED_FETCH" },
    {
      name: "a week old with a recorded server time",
      stamp: { cachedAt: NOW - 7 * 24 * HOUR, serverTime: NOW - 7 * 24 * HOUR },
      expected: "SUCCESS",
    },
    {
      name: "server time null counts as unknown",
      stamp: { cachedAt: NOW - 7 * HOUR, serverTime: null },
      expected: "NEED_FETCH",
    },
  ])("$name → $expected", ({ stamp, expected }) => {
    expect(cacheFreshness(stamp, NOW)).toBe(expected);
  });
});
