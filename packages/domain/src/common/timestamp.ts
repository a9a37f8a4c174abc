import { z } from "zod";

/**
 * A point in time as whole milliseconds since 1970-01-01T00:00:00Z (epoch ms).
 * Invariant: a safe integer ≥ 0.
 */
export const epochMsSchema = z.int().min(0);

const ISO_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** True for an existing `YYYY-MM-DD` day (the engine's parser would roll 02-30 into March). */
function isCalendarDate(date: string): boolean {
  const [year = 0, month = 0, day = 0] = date.split("-").map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * Reads a timestamp written by any version of the app or by a document-database export, as
 * epoch milliseconds.
 *
 * Accepted forms:
 * - a finite number: already epoch ms, rounded down to a whole millisecond;
 * - an ISO 8601 string (`2026-11-23T12:00:00.000Z`, `2026-11-23`, with or without offset;
 *   a date or time without an offset is read as UTC so the result never depends on the machine);
 * - `{ seconds, nanoseconds }` or `{ _seconds, _nanoseconds }` (document-database timestamps);
 * - a `Date`.
 *
 * @returns epoch ms, or `undefined` when `value` is none of these or not a valid date
 *   (callers leave it to the schema to report)
 */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value === "number") {
    const n = finiteNumber(value);
    return n === undefined ? undefined : Math.floor(n);
  }
  if (typeof value === "string") {
    const match = ISO_DATE_TIME.exec(value.trim());
    if (!match) return undefined;
    const [, date = "", time, zone] = match;
    if (!isCalendarDate(date)) return undefined;
    // Without an offset ECMAScript reads a date-time as local time; UTC keeps the result pure.
    const parsed = Date.parse(time === undefined ? `${date}` : `${date}T${time}${zone ?? "Z"}`);
    return Number.isNaN(parsed) ? undefined : Math.floor(parsed);
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? undefined : time;
  }
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const seconds = finiteNumber(record.seconds ?? record._seconds);
    if (seconds === undefined) return undefined;
    const nanos = finiteNumber(record.nanoseconds ?? record._nanoseconds) ?? 0;
    // Adding the sub-millisecond part before flooring would round 999_999 ns up at this magnitude.
    return Math.floor(seconds * 1000) + Math.floor(nanos / 1_000_000);
  }
  return undefined;
}
