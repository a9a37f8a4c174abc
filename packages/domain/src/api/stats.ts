import { z } from "zod";
import { DAY_MS } from "../constants.js";
import { timeZoneSchema } from "../stats/time-zone.schema.js";
import { isoDateSchema, objectIdSchema } from "./common.js";

/** Largest number of days one stats request may cover, both ends included: a 53-week heatmap. */
export const STATS_MAX_DAYS = 371;

/** Number of local days the due forecast covers, today first. */
export const STATS_FORECAST_DAYS = 30;

/** The trailing windows (days, ending at `to`) whose reviews per day the stats answer. */
export const STATS_WINDOWS = [30, 90, 365] as const;

/**
 * `GET /api/stats` query: the local days `from`…`to` (both included, at most
 * {@link STATS_MAX_DAYS}) in the viewer's IANA time zone `tz` (default `UTC`). The stats screen
 * asks for the year ending today.
 */
export const statsQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema, tz: timeZoneSchema.default("UTC") })
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "Expected to >= from" });
    else if (days > STATS_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Expected at most ${STATS_MAX_DAYS} days`,
      });
    }
  });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** Reviews on one local day. */
export const statsDaySchema = z.object({ date: isoDateSchema, count: z.int().min(1) });
export type StatsDay = z.infer<typeof statsDaySchema>;

/**
 * Reviews in the `days` local days ending at `to` (days before `from` are not counted, so ask for
 * a year to get every window whole), and their mean per day: `reviews / days`.
 */
export const statsWindowSchema = z.object({
  days: z.int().min(1),
  reviews: z.int().min(0),
  perDay: z.number().min(0),
});
export type StatsWindow = z.infer<typeof statsWindowSchema>;

/** FSRS memos falling due on one local day; the first day (today) also counts the overdue ones. */
export const statsForecastDaySchema = z.object({ date: isoDateSchema, due: z.int().min(0) });
export type StatsForecastDay = z.infer<typeof statsForecastDaySchema>;

/**
 * True retention in one FSRS folder over the range: of the `reviews` of its memos, `passed` were
 * not graded Again (a review without a grade counts as Good); `trueRetention = passed / reviews`,
 * `null` without reviews. `desiredRetention` is the folder's setting (0.70–0.99).
 */
export const statsFolderRetentionSchema = z.object({
  folderId: objectIdSchema,
  title: z.string(),
  desiredRetention: z.number().min(0).max(1),
  reviews: z.int().min(0),
  passed: z.int().min(0),
  trueRetention: z.number().min(0).max(1).nullable(),
});
export type StatsFolderRetention = z.infer<typeof statsFolderRetentionSchema>;

/**
 * Answer of `GET /api/stats`:
 * - `today`: the local date of the server's clock in `timeZone`;
 * - `days`: the heatmap, only days with reviews, in date order;
 * - `totalReviews`: reviews in `from`…`to`;
 * - `streaks`: `longest` run of consecutive days with reviews within the range; `current` the run
 *   ending at `to`, or at the day before when `to` has none yet (the day is not over);
 * - `windows`: one per {@link STATS_WINDOWS};
 * - `forecast`: {@link STATS_FORECAST_DAYS} days from `today`;
 * - `retention`: per FSRS folder (folders of the repetition scheduler have none), by title.
 */
export const statsResponseSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  timeZone: z.string(),
  today: isoDateSchema,
  days: z.array(statsDaySchema),
  totalReviews: z.int().min(0),
  streaks: z.object({ current: z.int().min(0), longest: z.int().min(0) }),
  windows: z.array(statsWindowSchema),
  forecast: z.array(statsForecastDaySchema),
  retention: z.array(statsFolderRetentionSchema),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
