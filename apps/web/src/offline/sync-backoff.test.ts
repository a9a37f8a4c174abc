import { describe, expect, it } from "vitest";
import { FIRST_RETRY_MS, MAX_RETRY_MS, nextRetryMs } from "./sync-backoff";

describe("nextRetryMs", () => {
  it.each([
    [1_000, 2_000],
    [2_000, 4_000],
    [8_000, 16_000],
    [16_000, 30_000],
    [30_000, 30_000],
  ])("waits %i ms after a failure, then %i ms after the next", (retryMs, expected) => {
    expect(nextRetryMs(retryMs)).toBe(expected);
  });

  it("waits 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s after each further failure", () => {
    const waits = [FIRST_RETRY_MS];
    while (waits.length < 8) waits.push(nextRetryMs(waits.at(-1) ?? FIRST_RETRY_MS));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(Math.max(...waits)).toBe(MAX_RETRY_MS);
  });
});
