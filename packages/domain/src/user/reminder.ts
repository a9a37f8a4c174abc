import { localDateTime } from "../stats/time-zone.js";
import type { ReminderSettings } from "./reminder.schema.js";

/** The time a reminder is set to until the user picks one. */
export const DEFAULT_REMINDER_TIME = "20:00";

/**
 * How long after its time a reminder may still go out, in minutes: a server that was down or
 * busy at that minute catches up within the hour, and a user who switches reminders on at night
 * for a morning time gets the first one the next morning, not at once.
 */
export const REMINDER_CATCH_UP_MINUTES = 60;

/** Number of most due memo titles a reminder digest lists. */
export const REMINDER_DIGEST_TITLES = 5;

/** Minutes after local midnight of `HH:MM`. */
function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/**
 * The local date whose reminder is due at `now`, or null when none is: the reminder is on and the
 * local wall clock is at its time or up to {@link REMINDER_CATCH_UP_MINUTES} later. A time that
 * a daylight-saving gap skips falls due when the clock jumps past it. At most one reminder a
 * local date goes out (the server records each date it sent), so the repeated hour of an autumn
 * night does not send twice.
 *
 * @param settings - the user's reminder settings
 * @param now - epoch ms
 */
export function dueReminderDate(settings: ReminderSettings, now: number): string | null {
  if (!settings.enabled) return null;
  const local = localDateTime(settings.timeZone, now);
  const late = local.minutes - minutesOf(settings.time);
  return late >= 0 && late < REMINDER_CATCH_UP_MINUTES ? local.date : null;
}
