import { z } from "zod";
import { timeZoneSchema } from "../stats/time-zone.schema.js";

// Apart from reminder.ts, which the web app's first route imports without zod (constants.schema.ts).

/** A local time of day `HH:MM`, 00:00–23:59. */
export const reminderTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Expected HH:MM, 00:00-23:59");

/**
 * The daily reminder settings of a user (PRODUCT.md › Daily reminders): on or off, the local
 * time of day and the IANA time zone that time is in.
 */
export const reminderSettingsSchema = z
  .object({ enabled: z.boolean(), time: reminderTimeSchema, timeZone: timeZoneSchema })
  .strict();
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
