import { z } from "zod";

/**
 * An object id chosen by the app or by an (offline) client: 1–64 ASCII letters, digits, `-` or
 * `_`. Ids made by `randomId` (20 letters) always match.
 */
export const objectIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Expected 1-64 letters, digits, '-' or '_'");

/**
 * A client-chosen operation id that makes a review, completion or priority change idempotent:
 * 8–64 characters of `A–Z a–z 0–9 - _ . :` (a UUID or a `randomId` fits). A retry with the same
 * opId is applied once.
 */
export const opIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, "Expected letters, digits, '-', '_', '.' or ':'");

/**
 * Query of the idempotent deletes (`DELETE /api/memos/:memoId`, `DELETE /api/folders/:folderId`):
 * an optional `opId`; a replay, or a delete of what is already deleted, answers 204 again.
 */
export const deleteQuerySchema = z.object({ opId: opIdSchema.optional() });
export type DeleteQuery = z.infer<typeof deleteQuerySchema>;

/**
 * An integer query-string parameter in `min..max` (query values arrive as strings; a number is
 * accepted too, for callers that build the query from an object).
 */
export function queryIntSchema(min: number, max: number) {
  return z
    .union([
      z
        .string()
        .regex(/^-?\d{1,9}$/, "Expected an integer")
        .transform(Number),
      z.int(),
    ])
    .pipe(z.int().min(min).max(max));
}

/**
 * The viewer's UTC offset in minutes east of UTC (KST `540`), −720…840, as a query parameter;
 * default `0`. It decides where "today" and calendar days start.
 */
export const utcOffsetQuerySchema = queryIntSchema(-720, 840).default(0);

/** A calendar day `YYYY-MM-DD` that exists (no 02-30). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected YYYY-MM-DD")
  .refine((value) => {
    const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, "Not a calendar date");

/** Answers a PATCH body with no known field. */
export function hasSomeField(value: Record<string, unknown>): boolean {
  return Object.values(value).some((field) => field !== undefined);
}
