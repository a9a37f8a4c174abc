import { addDays, localIsoDate } from "../../lib/local-date";

/**
 * Consecutive days with at least one review, ending today, or ending yesterday while nothing has
 * been reviewed yet today (the streak is not broken before the day is over).
 */
export function reviewStreak(reviewedDays: ReadonlySet<string>, today: Date): number {
  let cursor = reviewedDays.has(localIsoDate(today)) ? today : addDays(today, -1);
  let streak = 0;
  while (reviewedDays.has(localIsoDate(cursor))) {
    streak += 1;
    cursor = addDays(cursor, -1);
  }
  return streak;
}

/** Whether epoch ms `at` falls on the local day of `today`. */
export function isSameLocalDay(at: number, today: Date): boolean {
  return localIsoDate(new Date(at)) === localIsoDate(today);
}
