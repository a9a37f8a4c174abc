/** The local calendar date of `at` as YYYY-MM-DD (the calendar API's day format). */
export function localIsoDate(at: Date): string {
  const month = String(at.getMonth() + 1).padStart(2, "0");
  const day = String(at.getDate()).padStart(2, "0");
  return `${at.getFullYear()}-${month}-${day}`;
}

/** The local date `days` days after `at` (negative: before). */
export function addDays(at: Date, days: number): Date {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate() + days);
}

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
