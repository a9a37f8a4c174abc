import { z } from "zod";
import { queryIntSchema } from "./common.js";
import { memoSummarySchema } from "./memos.js";

/** Default and largest length of the home review list. */
export const HOME_REVIEW_LIST_DEFAULT = 30;
export const HOME_REVIEW_LIST_MAX = 100;

/** `GET /api/home/review-list` query. */
export const homeReviewListQuerySchema = z.object({
  limit: queryIntSchema(1, HOME_REVIEW_LIST_MAX).default(HOME_REVIEW_LIST_DEFAULT),
});
export type HomeReviewListQuery = z.infer<typeof homeReviewListQuerySchema>;

/**
 * A memo of the home review list: its summary (with `sortingValue` = `repetitionScore`), the
 * title of its folder, and its repetition score (see `repetitionScore`) at the server's now.
 * The server also sends `dueKey` (see `repetitionDueKey`), the key it read the list by;
 * clients do not need it, and the offline list leaves it out.
 */
export const homeReviewItemSchema = memoSummarySchema.extend({
  folderTitle: z.string(),
  repetitionScore: z.number(),
  dueKey: z.number().optional(),
});
export type HomeReviewItem = z.infer<typeof homeReviewItemSchema>;

/** Memos of folders shown on home, highest repetition score first (ties by id). */
export const homeReviewListResponseSchema = z.object({ memos: z.array(homeReviewItemSchema) });
export type HomeReviewListResponse = z.infer<typeof homeReviewListResponseSchema>;
