import { DAY_MS } from "../constants.js";

// Local days of an IANA time zone without a time-zone database in SQL: over a span of time a zone
// has few UTC offsets (two a year with daylight saving), so the span is cut into segments of one
// offset each, and the local day of an instant is ⌊(t + offset) / day⌋ with its segment's offset.
// The server writes the segments into a CASE expression; the web applies them to cached rows.

const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter of wall-clock parts in `zone`; throws RangeError for an unknown zone. */
function wallClockFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * True for a time-zone name this runtime knows (`Asia/Seoul`, `America/New_York`, `UTC`):
 * letters, digits, `_ + - /`, at most 64 characters. Offsets such as `+09:00` are refused.
 *
 * @param zone - an IANA time-zone name
 */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    wallClockFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The UTC offset of `zone` at an instant, in whole minutes east of UTC (Seoul `540`, New York in
 * winter `-300`). Seconds of historic offsets (before 1970) are dropped.
 *
 * @param zone - a zone accepted by {@link isTimeZone}
 * @param at - epoch ms
 * @throws RangeError for an unknown zone
 */
export function utcOffsetMinutesAt(zone: string, at: number): number {
  const parts = wallClockFormatter(zone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClock = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  const second = Math.floor(at / 1000) * 1000;
  return Math.round((wallClock - second) / MINUTE_MS);
}

/**
 * A stretch of time during which a zone keeps one UTC offset: from the previous segment's `until`
 * (or from the beginning of time for the first) up to `until` (excluded; `null` for the last,
 * which runs on forever).
 */
export interface OffsetSegment {
  /** Epoch ms where the next offset begins; `null` for the last segment. */
  until: number | null;
  /** Minutes east of UTC. */
  offsetMinutes: number;
}

/**
 * The first whole minute in (lo, hi] whose offset differs from lo's. Offsets change on whole
 * minutes (whole seconds only in local mean times before 1900).
 */
function findTransition(zone: string, lo: number, hi: number): number {
  const before = utcOffsetMinutesAt(zone, lo);
  let low = Math.floor(lo / MINUTE_MS);
  let high = Math.ceil(hi / MINUTE_MS);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (utcOffsetMinutesAt(zone, mid * MINUTE_MS) === before) low = mid;
    else high = mid;
  }
  return Math.max(high * MINUTE_MS, lo + 1);
}

/** How far apart {@link offsetSegments} samples a zone: a week. */
const SAMPLE_STEP_MS = 7 * DAY_MS;

/** How many zones and spans {@link offsetSegments} remembers. */
const SEGMENT_CACHE_SIZE = 256;

/** Segments already computed, by zone and span: a stats screen asks for the same year again. */
const segmentCache = new Map<string, OffsetSegment[]>();

/**
 * The offset segments of `zone` that cover [start, end): the first segment also stands for all
 * time before `start` and the last for all time after `end`, so any instant maps to a local day.
 * The zone is sampled once a week and each change is bisected to the minute (about 60 offset
 * look-ups for a year instead of one per hour): an offset that changes and changes back within
 * one week is missed, which no zone has done in this century. The last
 * {@link SEGMENT_CACHE_SIZE} answers are remembered.
 *
 * @param zone - a zone accepted by {@link isTimeZone}
 * @param start - epoch ms
 * @param end - epoch ms, ≥ start
 */
export function offsetSegments(zone: string, start: number, end: number): OffsetSegment[] {
  const key = `${zone}|${start}|${end}`;
  const cached = segmentCache.get(key);
  if (cached) return cached;
  const segments: OffsetSegment[] = [];
  let offset = utcOffsetMinutesAt(zone, start);
  let at = start;
  while (at < end) {
    const next = Math.min(at + SAMPLE_STEP_MS, end);
    const nextOffset = utcOffsetMinutesAt(zone, next);
    if (nextOffset !== offset) {
      const transition = findTransition(zone, at, next);
      segments.push({ until: transition, offsetMinutes: offset });
      offset = utcOffsetMinutesAt(zone, transition);
      at = transition;
    } else {
      at = next;
    }
  }
  segments.push({ until: null, offsetMinutes: offset });
  if (segmentCache.size >= SEGMENT_CACHE_SIZE) {
    const oldest = segmentCache.keys().next().value;
    if (oldest !== undefined) segmentCache.delete(oldest);
  }
  segmentCache.set(key, segments);
  return segments;
}

/** The offset (minutes) the segments give an instant. */
function offsetOf(segments: readonly OffsetSegment[], at: number): number {
  for (const segment of segments) {
    if (segment.until === null || at < segment.until) return segment.offsetMinutes;
  }
  return 0;
}

/**
 * The local day number of an instant: days since 1970-01-01 of its local date,
 * `⌊(at + offset) / DAY_MS⌋` with the offset of the instant's segment. The server's SQL computes
 * the same number, so both sides bucket a review into the same day.
 *
 * @param segments - from {@link offsetSegments}
 * @param at - epoch ms
 */
export function localDayNumber(segments: readonly OffsetSegment[], at: number): number {
  return Math.floor((at + offsetOf(segments, at) * MINUTE_MS) / DAY_MS);
}

/**
 * The first instant whose local day number is at least `day` (local midnight, or the end of a
 * daylight-saving gap that swallowed midnight).
 *
 * @param segments - from {@link offsetSegments}
 * @param day - days since 1970-01-01
 */
export function startOfLocalDayNumber(segments: readonly OffsetSegment[], day: number): number {
  let from = Number.NEGATIVE_INFINITY;
  for (const segment of segments) {
    const until = segment.until ?? Number.POSITIVE_INFINITY;
    const candidate = Math.max(from, day * DAY_MS - segment.offsetMinutes * MINUTE_MS);
    if (candidate < until) return candidate;
    from = until;
  }
  return from;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumberOfDate(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The `YYYY-MM-DD` date of a day number (days since 1970-01-01). */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The local date `YYYY-MM-DD` and wall-clock minutes after midnight of an instant in `zone`.
 *
 * @param zone - a zone accepted by {@link isTimeZone}
 * @param at - epoch ms
 */
export function localDateTime(zone: string, at: number): { date: string; minutes: number } {
  const local = at + utcOffsetMinutesAt(zone, at) * MINUTE_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  return {
    date: dateOfDayNumber(dayStart / DAY_MS),
    minutes: Math.floor((local - dayStart) / MINUTE_MS),
  };
}

/**
 * The first instant of the local day containing `now` in `zone` (local midnight, or the end of a
 * daylight-saving gap that swallowed it), as epoch ms.
 *
 * @param zone - a zone accepted by {@link isTimeZone}
 * @param now - epoch ms
 */
export function startOfLocalDay(zone: string, now: number): number {
  const segments = offsetSegments(zone, now - DAY_MS, now + DAY_MS);
  return startOfLocalDayNumber(segments, localDayNumber(segments, now));
}
