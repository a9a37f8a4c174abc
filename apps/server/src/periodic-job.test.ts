import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicJob } from "./periodic-job.js";

describe("startPeriodicJob", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at once and then each period, never two rounds at once, and goes on after a failure", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const log = { error: (details: unknown) => errors.push(details) };
    let rounds = 0;
    let finishRound = () => {};
    const job = startPeriodicJob(
      1000,
      () => {
        rounds += 1;
        if (rounds === 2) return Promise.reject(new Error("database away"));
        return new Promise<void>((resolve) => {
          finishRound = resolve;
        });
      },
      log,
      "round failed",
    );
    expect(rounds).toBe(1);
    // The first round is still running: the due tick is skipped.
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(1);
    finishRound();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(2);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(3);
    // stop() waits for the running round and no tick comes after it.
    const stopped = job.stop();
    finishRound();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toBe(3);
  });
});
