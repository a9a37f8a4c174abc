import { z } from "zod";
import { objectIdSchema, queryIntSchema } from "./common.js";
import { memoSummarySchema } from "./memos.js";

/** Default and largest length of the home review list. */
export const HOME_REVIEW_LIST_DEFAULT = 30;
export const HOME_REVIEW_LIST_MAX = 100;

/**
 * `GET /api/home/review-list` query. `limit` 1…100 (default 30); `cursor` is the `nextCursor`
 * of the previous page (opaque); without it, the first page.
 */
export const homeReviewListQuerySchema = z.object({
  limit: queryIntSchema(1, HOME_REVIEW_LIST_MAX).default(HOME_REVIEW_LIST_DEFAULT),
  cursor: z.string().min(1).max(1_000).optional(),
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

/**
 * One page of the home review list: memos of folders shown on home, highest repetition score
 * first (ties by id); `nextCursor` is `null` on the last page; `total` counts every memo of the
 * list (all pages). Clients that read only `memos` get the first page, as before.
 */
export const homeReviewListResponseSchema = z.object({
  memos: z.array(homeReviewItemSchema),
  nextCursor: z.string().nullable(),
  total: z.int().min(0),
});
export type HomeReviewListResponse = z.infer<typeof homeReviewListResponseSchema>;

/**
 * The body of a home review list cursor, inside its opaque text (base64url JSON): `a` the epoch
 * ms every page is scored at (the first page's now, so a page continues exactly where the
 * previous stopped even as time passes), `s` and `id` the last memo's score and id (see
 * `HomeListPosition`). The server and the offline list read and write the same body.
 */
export const homeListCursorSchema = z.object({
  v: z.literal(1),
  a: z.int().min(0),
  s: z.number(),
  id: objectIdSchema,
});
export type HomeListCursor = z.infer<typeof homeListCursorSchema>;
