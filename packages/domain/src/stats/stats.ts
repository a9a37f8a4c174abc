import {
  STATS_FORECAST_DAYS,
  STATS_WINDOWS,
  type StatsFolderRetention,
  type StatsQuery,
  type StatsResponse,
} from "../api/stats.js";
import { DAY_MS } from "../constants.js";
import {
  dateOfDayNumber,
  dayNumberOfDate,
  localDateTime,
  localDayNumber,
  type OffsetSegment,
  offsetSegments,
  startOfLocalDayNumber,
} from "./time-zone.js";

/** A count on one local day (days since 1970-01-01 of the local date). */
export interface DayCount {
  day: number;
  count: number;
}

/** An FSRS folder as the retention figures need it. */
export interface StatsFolder {
  id: string;
  title: string;
  /** The folder's desired retention, 0.70–0.99. */
  desiredRetention: number;
}

/** Reviews of one FSRS folder's memos in the range, and how many were not graded Again. */
export interface FolderReviewCount {
  folderId: string;
  reviews: number;
  passed: number;
}

/**
 * Where a stats query falls in time: the local day numbers of `from`, `to` and today, the
 * instants [`start`, `end`) of the range's reviews and [`forecastStart`, `forecastEnd`) of the
 * forecast's later days, and the offset segments that turn instants into local days for each.
 * The server reads rows in those instants and buckets them with the same segments.
 */
export interface StatsSpan {
  fromDay: number;
  toDay: number;
  todayDay: number;
  /** Epoch ms of the first instant of `from`. */
  start: number;
  /** Epoch ms of the first instant after `to`. */
  end: number;
  /** Epoch ms of the first instant of today, the forecast's first day (earlier dues count on it). */
  forecastStart: number;
  /** Epoch ms of the first instant after the forecast's last day (today + 29). */
  forecastEnd: number;
  rangeSegments: OffsetSegment[];
  forecastSegments: OffsetSegment[];
}

// Offsets lie in −12 h … +14 h, so a local day lies within these margins of its UTC day.
const EARLIEST_OFFSET_MS = 14 * 3_600_000;
const LATEST_OFFSET_MS = 12 * 3_600_000;

function segmentsAround(zone: string, firstDay: number, lastDay: number): OffsetSegment[] {
  return offsetSegments(
    zone,
    firstDay * DAY_MS - EARLIEST_OFFSET_MS,
    (lastDay + 1) * DAY_MS + LATEST_OFFSET_MS,
  );
}

/**
 * The {@link StatsSpan} of a query at `now`.
 *
 * @param query - a parsed stats query (`tz` a valid zone)
 * @param now - epoch ms
 */
export function statsSpan(query: StatsQuery, now: number): StatsSpan {
  const fromDay = dayNumberOfDate(query.from);
  const toDay = dayNumberOfDate(query.to);
  const todayDay = dayNumberOfDate(localDateTime(query.tz, now).date);
  const rangeSegments = segmentsAround(query.tz, fromDay, toDay);
  const forecastSegments = segmentsAround(query.tz, todayDay, todayDay + STATS_FORECAST_DAYS - 1);
  return {
    fromDay,
    toDay,
    todayDay,
    start: startOfLocalDayNumber(rangeSegments, fromDay),
    end: startOfLocalDayNumber(rangeSegments, toDay + 1),
    forecastStart: startOfLocalDayNumber(forecastSegments, todayDay),
    forecastEnd: startOfLocalDayNumber(forecastSegments, todayDay + STATS_FORECAST_DAYS),
    rangeSegments,
    forecastSegments,
  };
}

/**
 * The current and longest streaks of days with reviews (PRODUCT.md › Statistics): `longest` is
 * the longest run of consecutive days in `days`; `current` the run ending at `lastDay`, or at
 * `lastDay − 1` when `lastDay` has no review (today is not over yet), else 0.
 *
 * @param days - day numbers with at least one review, any order, repeats allowed
 * @param lastDay - the day number the current streak is measured at
 */
export function reviewStreaks(
  days: Iterable<number>,
  lastDay: number,
): { current: number; longest: number } {
  const reviewed = new Set(days);
  let longest = 0;
  for (const day of reviewed) {
    if (reviewed.has(day - 1)) continue;
    let length = 1;
    while (reviewed.has(day + length)) length += 1;
    longest = Math.max(longest, length);
  }
  let end = reviewed.has(lastDay) ? lastDay : lastDay - 1;
  let current = 0;
  while (reviewed.has(end)) {
    current += 1;
    end -= 1;
  }
  return { current, longest };
}

/** Sorts retention entries by title, then id, by UTF-16 code units (the same on every device). */
function byTitle(a: StatsFolderRetention, b: StatsFolderRetention): number {
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.folderId < b.folderId ? -1 : a.folderId > b.folderId ? 1 : 0;
}

/** What {@link summarizeStats} builds the answer from (each side counts these its own way). */
export interface StatsCounts {
  /** Reviews per local day; days outside `from`…`to` are ignored. */
  reviewDays: readonly DayCount[];
  /**
   * FSRS memos per local due day; days before today count on today, days after the forecast
   * are ignored.
   */
  dueDays: readonly DayCount[];
  /** Every FSRS folder of the user. */
  fsrsFolders: readonly StatsFolder[];
  /** Reviews in the range per FSRS folder; folders missing here had none. */
  folderReviews: readonly FolderReviewCount[];
}

/**
 * The `GET /api/stats` answer from counts (see `statsResponseSchema` for each field's rule).
 *
 * @param query - a parsed stats query
 * @param span - {@link statsSpan} of the query
 * @param counts - the per-day and per-folder counts
 */
export function summarizeStats(
  query: StatsQuery,
  span: StatsSpan,
  counts: StatsCounts,
): StatsResponse {
  const perDay = new Map<number, number>();
  for (const { day, count } of counts.reviewDays) {
    if (day < span.fromDay || day > span.toDay || count <= 0) continue;
    perDay.set(day, (perDay.get(day) ?? 0) + count);
  }
  const reviewedDays = [...perDay.keys()].sort((a, b) => a - b);
  let totalReviews = 0;
  for (const count of perDay.values()) totalReviews += count;

  const windows = STATS_WINDOWS.map((days) => {
    let reviews = 0;
    for (const [day, count] of perDay) if (day > span.toDay - days) reviews += count;
    return { days, reviews, perDay: reviews / days };
  });

  const due = new Array<number>(STATS_FORECAST_DAYS).fill(0);
  for (const { day, count } of counts.dueDays) {
    const index = Math.max(0, day - span.todayDay);
    if (index < STATS_FORECAST_DAYS) due[index] = (due[index] ?? 0) + count;
  }

  const reviewsByFolder = new Map(counts.folderReviews.map((row) => [row.folderId, row]));
  const retention = counts.fsrsFolders
    .map((folder) => {
      const row = reviewsByFolder.get(folder.id);
      const reviews = row?.reviews ?? 0;
      const passed = row?.passed ?? 0;
      return {
        folderId: folder.id,
        title: folder.title,
        desiredRetention: folder.desiredRetention,
        reviews,
        passed,
        trueRetention: reviews > 0 ? passed / reviews : null,
      };
    })
    .sort(byTitle);

  return {
    from: query.from,
    to: query.to,
    timeZone: query.tz,
    today: dateOfDayNumber(span.todayDay),
    days: reviewedDays.map((day) => ({ date: dateOfDayNumber(day), count: perDay.get(day) ?? 0 })),
    totalReviews,
    streaks: reviewStreaks(reviewedDays, span.toDay),
    windows,
    forecast: due.map((count, index) => ({
      date: dateOfDayNumber(span.todayDay + index),
      due: count,
    })),
    retention,
  };
}

/** A review row as the offline cache holds it. */
export interface StatsReviewRow {
  /** Epoch ms. */
  reviewedAt: number;
  /** 1 Again … 4 Easy, or null for a review without a grade (counts as Good). */
  grade: number | null;
  /** The folder the memo is in now. */
  folderId: string;
}

/** An FSRS memo's next due time (epoch ms). */
export interface StatsDueRow {
  due: number;
}

/**
 * The same answer as `GET /api/stats` computed from rows (the web's offline cache): the server
 * counts the same things in SQL and both end in {@link summarizeStats}.
 *
 * @param query - a parsed stats query
 * @param now - epoch ms
 * @param rows - every review of the user (or at least those in the range), each FSRS memo's due
 *   time, and the FSRS folders
 */
export function statsFromRows(
  query: StatsQuery,
  now: number,
  rows: {
    reviews: Iterable<StatsReviewRow>;
    fsrsDue: Iterable<StatsDueRow>;
    fsrsFolders: readonly StatsFolder[];
  },
): StatsResponse {
  const span = statsSpan(query, now);
  const reviewDays = new Map<number, number>();
  const isFsrs = new Set(rows.fsrsFolders.map((folder) => folder.id));
  const folderReviews = new Map<string, FolderReviewCount>();
  for (const review of rows.reviews) {
    if (review.reviewedAt < span.start || review.reviewedAt >= span.end) continue;
    const day = localDayNumber(span.rangeSegments, review.reviewedAt);
    reviewDays.set(day, (reviewDays.get(day) ?? 0) + 1);
    if (!isFsrs.has(review.folderId)) continue;
    let row = folderReviews.get(review.folderId);
    if (!row) {
      row = { folderId: review.folderId, reviews: 0, passed: 0 };
      folderReviews.set(review.folderId, row);
    }
    row.reviews += 1;
    if (review.grade !== 1) row.passed += 1;
  }
  const dueDays = new Map<number, number>();
  for (const { due } of rows.fsrsDue) {
    if (due >= span.forecastEnd) continue;
    const day = localDayNumber(span.forecastSegments, due);
    dueDays.set(day, (dueDays.get(day) ?? 0) + 1);
  }
  const toCounts = (map: Map<number, number>) => [...map].map(([day, count]) => ({ day, count }));
  return summarizeStats(query, span, {
    reviewDays: toCounts(reviewDays),
    dueDays: toCounts(dueDays),
    fsrsFolders: rows.fsrsFolders,
    folderReviews: [...folderReviews.values()],
  });
}
