import { z } from "zod";
import { storedLogEntrySchema } from "./logs.js";

/** Largest number of days `GET /api/admin/analytics` covers. */
export const ANALYTICS_MAX_DAYS = 366;

/**
 * `GET /api/admin/analytics` query: the last `days` local days (1–366, default 30, today
 * included) in the admin's UTC offset `tz` (minutes east of UTC, −840…840, default 0; KST 540).
 */
export const analyticsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).default(30),
  tz: z.coerce.number().int().min(-840).max(840).default(0),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** How many things happened on one local day `YYYY-MM-DD`. */
export const analyticsDayCountSchema = z.object({ date: z.string(), count: z.int().min(0) });
export type AnalyticsDayCount = z.infer<typeof analyticsDayCountSchema>;

/**
 * `GET /api/admin/analytics` answer: all users, sign-ups and reviews per local day (only days
 * with some, in date order) and the 20 latest error log entries, newest first.
 */
export const analyticsResponseSchema = z.object({
  userCount: z.int().min(0),
  signUpsPerDay: z.array(analyticsDayCountSchema),
  reviewsPerDay: z.array(analyticsDayCountSchema),
  latestErrors: z.array(storedLogEntrySchema),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
