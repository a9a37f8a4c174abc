// Local calendar days as the calendar and analytics APIs name them (YYYY-MM-DD in the viewer's
// time zone, which the requests send as `tz`).

/** The local calendar date of `at` as YYYY-MM-DD. */
export function localIsoDate(at: Date): string {
  const month = String(at.getMonth() + 1).padStart(2, "0");
  const day = String(at.getDate()).padStart(2, "0");
  return `${at.getFullYear()}-${month}-${day}`;
}

/** The local date `days` days after `at` (negative: before), at local midnight. */
export function addDays(at: Date, days: number): Date {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate() + days);
}
