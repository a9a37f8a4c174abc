import type { AnalyticsQuery, AnalyticsResponse } from "@mnemo/domain";
import { DAY_MS } from "@mnemo/domain";
import { selectLatestLogEntries } from "../../db/error-logs.repo.js";
import type { ServiceDeps } from "../../deps.js";
import {
  type DayCount,
  selectReviewsPerDay,
  selectSignUpsPerDay,
  selectUserCount,
} from "./admin.repo.js";

/** How many of the latest error log entries the analytics show. */
const LATEST_ERRORS = 20;

function toDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function presentDays(days: DayCount[]): AnalyticsResponse["signUpsPerDay"] {
  return days.map((d) => ({ date: toDate(d.day), count: d.count }));
}

/**
 * The analytics of the last `query.days` local days (today included) in the admin's UTC offset
 * `query.tz`: all users, sign-ups and reviews per day, and the latest error log entries.
 */
export async function getAnalytics(
  deps: ServiceDeps,
  query: AnalyticsQuery,
): Promise<AnalyticsResponse> {
  const db = deps.db.kysely;
  const offsetMs = query.tz * 60_000;
  const now = deps.now();
  const since = (Math.floor((now + offsetMs) / DAY_MS) - query.days + 1) * DAY_MS - offsetMs;
  const [userCount, signUps, reviews, latestErrors] = await Promise.all([
    selectUserCount(db),
    selectSignUpsPerDay(db, since, offsetMs),
    selectReviewsPerDay(db, since, offsetMs),
    selectLatestLogEntries(db, LATEST_ERRORS),
  ]);
  return {
    userCount,
    signUpsPerDay: presentDays(signUps),
    reviewsPerDay: presentDays(reviews),
    latestErrors,
  };
}
