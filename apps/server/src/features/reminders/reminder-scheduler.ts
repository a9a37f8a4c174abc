import type { FastifyBaseLogger } from "fastify";
import { type ReminderDeps, sendDueReminders } from "./reminders.service.js";

/** How often the scheduler looks for reminders whose time has come: each minute. */
export const REMINDER_TICK_MS = 60_000;

/**
 * Looks for due reminders now and then every minute until stopped (started by main.ts, not by
 * buildApp, so tests decide when reminders go out). A round still running when the next is due
 * is not overlapped; a failed round is logged and the next one tries again.
 */
export function startReminderScheduler(
  deps: ReminderDeps,
  log: Pick<FastifyBaseLogger, "warn" | "error">,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sendDueReminders(deps, log)
      .catch((error: unknown) => log.error({ err: error }, "reminder round failed"))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, REMINDER_TICK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
