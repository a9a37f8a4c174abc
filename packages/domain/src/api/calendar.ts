import { z } from "zod";
import { DAY_MS } from "../constants.js";
import { isoDateSchema, utcOffsetQuerySchema } from "./common.js";

/** Largest number of days one calendar request may cover (both ends included). */
export const CALENDAR_MAX_DAYS = 62;

/**
 * `GET /api/calendar` query: the days `from`…`to` (both included, at most 62) in the viewer's UTC
 * offset `tz` (minutes east of UTC, default 0).
 */
export const calendarQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema, tz: utcOffsetQuerySchema })
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "Expected to >= from" });
    else if (days > CALENDAR_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Expected at most ${CALENDAR_MAX_DAYS} days`,
      });
    }
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

const calendarMemoSchema = z.object({ id: z.string(), title: z.string(), folderId: z.string() });

/** A memo reviewed or completed on a day, with how many times. */
const calendarCountedMemoSchema = calendarMemoSchema.extend({ count: z.int().min(1) });

/**
 * One local day with something: memos created (oldest first), reviewed and completed (by the
 * first time that day); completions later undone are not listed.
 */
export const calendarDaySchema = z.object({
  date: isoDateSchema,
  created: z.array(calendarMemoSchema),
  reviewed: z.array(calendarCountedMemoSchema),
  completed: z.array(calendarCountedMemoSchema),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** Only the days with something, in date order. */
export const calendarResponseSchema = z.object({ days: z.array(calendarDaySchema) });
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;
