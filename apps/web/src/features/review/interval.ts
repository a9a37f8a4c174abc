/** The units an interval is shown in, largest last. */
export type IntervalUnit = "minute" | "hour" | "day" | "month" | "year";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * An interval (ms) as a count of its largest sensible unit, the way a grade button shows the
 * time until the next review ("10 min", "3 d", "1.5 mo"): minutes under an hour (at least 1),
 * hours under a day, days under 30, months (of 30 days) under a year (365 days), then years.
 * Minutes, hours and days are whole; months and years keep one decimal.
 */
export function intervalParts(ms: number): { unit: IntervalUnit; count: number } {
  const safe = Math.max(0, ms);
  if (safe < HOUR_MS) return { unit: "minute", count: Math.max(1, Math.round(safe / MINUTE_MS)) };
  if (safe < DAY_MS) return { unit: "hour", count: Math.round(safe / HOUR_MS) };
  const days = safe / DAY_MS;
  if (Math.round(days) < 30) return { unit: "day", count: Math.round(days) };
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  if (days < 365) return { unit: "month", count: oneDecimal(days / 30) };
  return { unit: "year", count: oneDecimal(days / 365) };
}
