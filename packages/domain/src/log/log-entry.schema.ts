import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { LOG_CODE_MAX, LOG_COUNTRY_MAX, LOG_MESSAGE_MAX } from "./log-limits.js";

/**
 * What a client sends to record an error (PRODUCT.md › Admin analytics and logs): `code` (1–100
 * characters), `country` (a `CountryCode` or any string up to 8 characters, since it may come from
 * an older client), `message` (up to 2000 characters) and `userKey` (the user id, or `null` when
 * signed out).
 */
export const logEntryInputSchema = z.object({
  code: z.string().min(1).max(LOG_CODE_MAX),
  country: z.string().max(LOG_COUNTRY_MAX),
  message: z.string().max(LOG_MESSAGE_MAX),
  userKey: z.string().nullable(),
});

/** A log entry as sent by a client; see {@link logEntryInputSchema}. */
export type LogEntryInput = z.infer<typeof logEntryInputSchema>;

/**
 * A stored log entry (PRODUCT.md › Log entries): the client's fields plus `createAt` (sic, the
 * stored name), epoch ms stamped by the server.
 */
export const logEntrySchema = logEntryInputSchema.extend({ createAt: epochMsSchema });

/** A stored log entry; see {@link logEntrySchema}. */
export type LogEntry = z.infer<typeof logEntrySchema>;
