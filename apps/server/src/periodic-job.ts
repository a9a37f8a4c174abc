import type { FastifyBaseLogger } from "fastify";

// The server's background rounds (daily reminders, the trash sweep): started by server.ts, not by
// buildApp, so tests decide when a round runs, with their own clock.

export interface PeriodicJob {
  /** Stops the timer and waits for a round still running. */
  stop(): Promise<void>;
}

/**
 * Runs `round` now and then every `everyMs` until stopped. A round still running when the next
 * is due is not overlapped; a failed round is logged as `failedMessage` and the next one tries
 * again. The timer does not keep the process alive.
 */
export function startPeriodicJob(
  everyMs: number,
  round: () => Promise<unknown>,
  log: Pick<FastifyBaseLogger, "error">,
  failedMessage: string,
): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .catch((error: unknown) => log.error({ err: error }, failedMessage))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
