import { z } from "zod";
import { desiredRetentionSchema, schedulerSchema } from "../review/scheduler.js";
import { objectIdSchema, queryIntSchema } from "./common.js";
import { memoSummarySchema } from "./memos.js";

/** Default and largest length of one review queue answer. */
export const REVIEW_QUEUE_DEFAULT = 50;
export const REVIEW_QUEUE_MAX = 200;

/**
 * `GET /api/review/queue` query: `folderId` reviews one folder (any scheduler), without it the
 * whole home review list (folders shown on home); `limit` 1…200 (default 50).
 */
export const reviewQueueQuerySchema = z.object({
  folderId: objectIdSchema.optional(),
  limit: queryIntSchema(1, REVIEW_QUEUE_MAX).default(REVIEW_QUEUE_DEFAULT),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

/**
 * Why a memo is in the queue: `fsrs` due in an FSRS folder (its `fsrs.due` ≤ now), `repetition`
 * from the home review list's rule (highest repetition score first).
 */
export const REVIEW_QUEUE_SOURCES = ["fsrs", "repetition"] as const;

/**
 * A memo of the review session: its summary (`fsrs` set in FSRS folders), its folder's title and
 * the folder settings the session needs (scheduler and desired retention for the grade buttons'
 * intervals, flash-card hints), and why it is queued.
 */
export const reviewQueueItemSchema = memoSummarySchema.extend({
  folderTitle: z.string(),
  scheduler: schedulerSchema,
  desiredRetention: desiredRetentionSchema,
  enableFlashCardFeature: z.boolean(),
  source: z.enum(REVIEW_QUEUE_SOURCES),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/**
 * Answer of `GET /api/review/queue` (issue 9 › The review session): the due FSRS memos, lowest
 * retrievability first, then the home review list's memos (repetition folders), at most `limit`
 * together, each memo once. `fsrsDueCount` counts every due FSRS memo in scope (it may exceed
 * `limit`), for "Start review (N)".
 */
export const reviewQueueResponseSchema = z.object({
  memos: z.array(reviewQueueItemSchema),
  fsrsDueCount: z.int().min(0),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;
