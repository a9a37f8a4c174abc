import type { FastifyBaseLogger } from "fastify";
import { type PeriodicJob, startPeriodicJob } from "../../periodic-job.js";
import { type ReminderDeps, sendDueReminders } from "./reminders.service.js";

/** How often the scheduler looks for reminders whose time has come: each minute. */
export const REMINDER_TICK_MS = 60_000;

/** Looks for due reminders now and then every minute until stopped (see startPeriodicJob). */
export function startReminderScheduler(
  deps: ReminderDeps,
  log: Pick<FastifyBaseLogger, "warn" | "error">,
): PeriodicJob {
  return startPeriodicJob(
    REMINDER_TICK_MS,
    () => sendDueReminders(deps, log),
    log,
    "reminder round failed",
  );
}
