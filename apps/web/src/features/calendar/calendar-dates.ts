import { localIsoDate } from "../../lib/local-date";

/** The month of `at` as YYYY-MM. */
export function isoMonth(at: Date): string {
  return localIsoDate(at).slice(0, 7);
}

/** Local midnight of a YYYY-MM-DD date, or null when it is not one. */
export function parseIsoDate(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return localIsoDate(date) === value ? date : null;
}

/** The first day of a YYYY-MM month, or null when it is not one. */
export function parseIsoMonth(value: string | null): Date | null {
  return value && /^\d{4}-\d{2}$/.test(value) ? parseIsoDate(`${value}-01`) : null;
}

/** The first day of the month `delta` months after the month of `month`. */
export function addMonths(month: Date, delta: number): Date {
  return new Date(month.getFullYear(), month.getMonth() + delta, 1);
}

/**
 * The days of a month view: whole weeks from Sunday, starting with the week of the 1st and
 * ending with the week of the last day (35 or 42 days, 28 for a February starting on Sunday).
 */
export function monthGridDays(month: Date): Date[] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const daysInMonth = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const leading = first.getDay();
  const cells = Math.ceil((leading + daysInMonth) / 7) * 7;
  return Array.from(
    { length: cells },
    (_, index) => new Date(first.getFullYear(), first.getMonth(), 1 - leading + index),
  );
}
