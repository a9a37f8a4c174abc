import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { MEMO_PAGE_MAX } from "../constants.js";
import { countryCodeSchema } from "../constants.schema.js";
import { memoSchema } from "../memo/memo.schema.js";
import { sortModeSchema } from "../memo/sorting.schema.js";
import { fsrsGradeSchema, fsrsMemoStateSchema } from "../review/scheduler.js";
import { memoTagsInputSchema } from "../search/tags.js";
import {
  hasSomeField,
  objectIdSchema,
  opIdSchema,
  queryIntSchema,
  utcOffsetQuerySchema,
} from "./common.js";

/** Default number of memos in one page of a memo list. */
export const MEMO_PAGE_DEFAULT = 50;

/** Fields the server derives from a memo's review and completion rows. */
const derivedShape = {
  /** Epoch ms of the latest review, `null` when never reviewed. */
  lastReviewedAt: epochMsSchema.nullable(),
  /** Completions not undone. */
  completedCount: z.int().min(0),
  /** `completedCount > 0`. */
  isCompleted: z.boolean(),
  /**
   * The memo's FSRS state replayed from its review rows, with the retrievability at the server's
   * now (see `fsrsStateFromReviews`); `null` in a repetition folder (issue 9 › The scheduler).
   */
  fsrs: fsrsMemoStateSchema.nullable(),
};

/**
 * Whether the owner shares the memo at `/view/{countryCode}/{shareToken}` (see
 * `PUT /api/memos/:memoId/share`); only the owner's answers carry it.
 */
const sharingShape = { isShared: z.boolean() };

/** A memo's text version and conflict origin, for offline clients (see `PATCH /api/memos/:memoId`). */
const syncShape = {
  /** Integer ≥ 1: 1 on create, + 1 whenever the title or the contents change. */
  revision: z.int().min(1),
  /** For a conflict copy, the id of the memo whose losing text it keeps; otherwise `null`. */
  conflictOf: z.string().nullable(),
};

/**
 * A memo in a list: every field except `contents`, `reviewedDates` and `completedDates`, plus the
 * derived fields, `revision`, `conflictOf` and `sortingValue`, the number the list's sort mode
 * orders by (`createdAt` for latest/oldest, `priority`, the effective review count with the
 * reviewed-today shift, or the repetition score); `null` where the memo is not part of a sorted
 * list.
 */
export const memoSummarySchema = memoSchema
  .omit({ contents: true, reviewedDates: true, completedDates: true })
  .extend({
    ...derivedShape,
    ...sharingShape,
    ...syncShape,
    sortingValue: z.number().nullable(),
  });
export type MemoSummary = z.infer<typeof memoSummarySchema>;

/**
 * A whole memo with its review and completion times (oldest first), the derived fields,
 * `isShared`, `revision` and `conflictOf`.
 */
export const memoDetailSchema = memoSchema.extend({
  ...derivedShape,
  ...sharingShape,
  ...syncShape,
});
export type MemoDetail = z.infer<typeof memoDetailSchema>;

/** `:memoId` of the memo routes. */
export const memoIdParamsSchema = z.object({ memoId: objectIdSchema });
export type MemoIdParams = z.infer<typeof memoIdParamsSchema>;

/**
 * `GET /api/folders/:folderId/memos` query. `sort` defaults to the folder's sortingMethod;
 * `limit` 1…100 (default 50); `cursor` is the `nextCursor` of the previous page (opaque); `tz`
 * the viewer's UTC offset in minutes, deciding which reviews count as today.
 */
export const listMemosQuerySchema = z.object({
  sort: sortModeSchema.optional(),
  limit: queryIntSchema(1, MEMO_PAGE_MAX).default(MEMO_PAGE_DEFAULT),
  cursor: z.string().min(1).max(1_000).optional(),
  tz: utcOffsetQuerySchema,
});
export type ListMemosQuery = z.infer<typeof listMemosQuerySchema>;

/** One page of a memo list; `nextCursor` is `null` on the last page. */
export const listMemosResponseSchema = z.object({
  memos: z.array(memoSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ListMemosResponse = z.infer<typeof listMemosResponseSchema>;

/** A memo title: trimmed, 1–500 characters, required (PRODUCT.md › Editing and deleting). */
export const memoTitleSchema = z.string().trim().min(1).max(500);

/** Rich-text HTML as the editor stores it; sanitized by the server before it is stored. */
export const memoContentsSchema = z.string().max(1_500_000);

const memoFieldsShape = {
  title: memoTitleSchema,
  contents: memoContentsSchema,
  flashCardHint: z.string().max(2_000),
  tags: memoTagsInputSchema,
  categoryId: objectIdSchema.nullable(),
  category: z.string().max(200).nullable(),
  type: z.string().min(1).max(50),
};

/**
 * `POST /api/memos` (folderId and title are required, PRODUCT.md › Editing and deleting). `id` may
 * be chosen by an offline client; a repeated create with the same id answers the existing memo,
 * and one with the id of a deleted memo is refused (`MEMO_DELETED`).
 */
export const createMemoInputSchema = z.object({
  id: objectIdSchema.optional(),
  folderId: objectIdSchema,
  title: memoTitleSchema,
  contents: memoFieldsShape.contents.optional(),
  flashCardHint: memoFieldsShape.flashCardHint.optional(),
  tags: memoFieldsShape.tags.optional(),
  categoryId: memoFieldsShape.categoryId.optional(),
  category: memoFieldsShape.category.optional(),
  type: memoFieldsShape.type.optional(),
  priority: z.int().min(-1_000_000).max(1_000_000).optional(),
});
export type CreateMemoInput = z.infer<typeof createMemoInputSchema>;

/** Every memo field a change may set, each optional. */
const memoFieldChangesSchema = z.object(memoFieldsShape).partial();

/**
 * The fields of a memo change without `opId` and `baseRevision` (a `memo.update` of
 * `POST /api/sync/ops` carries those beside it): at least one field, as in
 * `updateMemoInputSchema`.
 */
export const memoChangesSchema = memoFieldChangesSchema.refine(
  hasSomeField,
  "Expected at least one field to change",
);
export type MemoChanges = z.infer<typeof memoChangesSchema>;

/**
 * `PATCH /api/memos/:memoId`: at least one memo field. `contents` (and with it the preview)
 * changes only when the new contents are not empty rich text (PRODUCT.md › Editing and deleting).
 *
 * `opId` makes the change idempotent (a replay changes nothing and answers the memo's current
 * state). `baseRevision` is the revision the client edited from: when it is lower than the stored
 * revision and the change gives the memo another title or contents, the stored text is first
 * kept as a conflict copy (see `updateMemoResponseSchema`).
 */
export const updateMemoInputSchema = memoFieldChangesSchema
  .extend({ opId: opIdSchema.optional(), baseRevision: z.int().min(1).optional() })
  .refine(
    ({ opId: _, baseRevision: __, ...fields }) => hasSomeField(fields),
    "Expected at least one field to change",
  );
export type UpdateMemoInput = z.infer<typeof updateMemoInputSchema>;

/**
 * Answer of `PATCH /api/memos/:memoId`: the memo after the change, and the conflict copy the
 * change made (`null` when it made none, and always on a replayed opId).
 */
export const updateMemoResponseSchema = z.object({
  memo: memoDetailSchema,
  conflictCopy: memoDetailSchema.nullable(),
});
export type UpdateMemoResponse = z.infer<typeof updateMemoResponseSchema>;

/** `POST /api/memos/:memoId/move`: the user's folder to move the memo into; `opId` optional. */
export const moveMemoInputSchema = z.object({
  folderId: objectIdSchema,
  opId: opIdSchema.optional(),
});
export type MoveMemoInput = z.infer<typeof moveMemoInputSchema>;

/**
 * `POST /api/memos/:memoId/reviews`. `value` defaults to the folder's readRepetitionValue;
 * `reviewedAt` (epoch ms, default: the server's now) lets an offline client send when it
 * happened. `grade` 1–4 (Again, Hard, Good, Easy) is stored with the review row; in an FSRS
 * folder a review without one counts as Good, in a repetition folder it changes nothing but is
 * kept for a later move to FSRS (issue 9 › The scheduler). The answer's memo carries `fsrs`.
 */
export const reviewMemoInputSchema = z.object({
  opId: opIdSchema,
  value: z.number().min(0).max(100_000).optional(),
  reviewedAt: epochMsSchema.optional(),
  grade: fsrsGradeSchema.optional(),
});
export type ReviewMemoInput = z.infer<typeof reviewMemoInputSchema>;

/**
 * `DELETE /api/memos/:memoId/reviews/:opId`: undo the memo's review recorded with that opId (the
 * review session's `u` / Ctrl+Z). Its row stops counting (count, value, FSRS state are derived
 * again) and the memo goes into the change feed. Idempotent: undoing an undone review answers
 * the memo again; a replay of the review itself stays undone. An opId of no review of this memo
 * is 404 `REVIEW_NOT_FOUND`. Answers `memoSummaryResponseSchema`.
 */
export const reviewParamsSchema = z.object({ memoId: objectIdSchema, opId: opIdSchema });
export type ReviewParams = z.infer<typeof reviewParamsSchema>;

/**
 * `DELETE /api/memos/:memoId/completions/:opId`: undo the completion recorded with that opId
 * (PRODUCT.md › Undo); it stops counting. `DELETE /api/memos/:memoId/uncompletions/:opId`: undo
 * the un-complete made with that opId; the completion it removed counts again, at its own time.
 * Both are idempotent (undoing again answers the memo again); an opId of no completion (or
 * un-completion) of this memo is 404 `COMPLETION_NOT_FOUND`. Answer `memoSummaryResponseSchema`.
 */
export const completionParamsSchema = z.object({ memoId: objectIdSchema, opId: opIdSchema });
export type CompletionParams = z.infer<typeof completionParamsSchema>;

/** `POST /api/memos/:memoId/complete` and `/uncomplete`. */
export const memoOpInputSchema = z.object({ opId: opIdSchema });
export type MemoOpInput = z.infer<typeof memoOpInputSchema>;

/**
 * `POST /api/memos/:memoId/complete`. `completedAt` (epoch ms, default: the server's now) lets an
 * offline client send when it happened, as `reviewedAt` does for a review.
 */
export const completeMemoInputSchema = memoOpInputSchema.extend({
  completedAt: epochMsSchema.optional(),
});
export type CompleteMemoInput = z.infer<typeof completeMemoInputSchema>;

/** `POST /api/memos/:memoId/priority`: add or subtract 1 (PRODUCT.md › Priority). */
export const changePriorityInputSchema = z.object({
  opId: opIdSchema,
  delta: z.union([z.literal(1), z.literal(-1)]),
});
export type ChangePriorityInput = z.infer<typeof changePriorityInputSchema>;

/** Answer of create, read and move. */
export const memoResponseSchema = z.object({ memo: memoDetailSchema });
export type MemoResponse = z.infer<typeof memoResponseSchema>;

/** Answer of review, complete, uncomplete and priority. */
export const memoSummaryResponseSchema = z.object({ memo: memoSummarySchema });
export type MemoSummaryResponse = z.infer<typeof memoSummaryResponseSchema>;

/**
 * Where a shared memo can be read by anyone: the country it was shared under (the owner's
 * countryCode at the moment of sharing), the share's random token, and the web app's path
 * `/view/{countryCode}/{shareToken}` (see `sharedMemoPath`). The token is drawn on each share
 * and dies when sharing stops, so an old link never shows another memo.
 */
export const memoShareSchema = z.object({
  memoId: objectIdSchema,
  countryCode: countryCodeSchema,
  shareToken: objectIdSchema,
  path: z.string(),
});
export type MemoShare = z.infer<typeof memoShareSchema>;

/**
 * Answer of `PUT /api/memos/:memoId/share` (idempotent: sharing a shared memo answers its share
 * unchanged). `DELETE /api/memos/:memoId/share` answers 204 without a body.
 */
export const memoShareResponseSchema = z.object({ share: memoShareSchema });
export type MemoShareResponse = z.infer<typeof memoShareResponseSchema>;

/** `:countryCode` and `:shareToken` of `GET /api/public/:countryCode/memos/:shareToken`. */
export const publicMemoParamsSchema = z.object({
  countryCode: countryCodeSchema,
  shareToken: objectIdSchema,
});
export type PublicMemoParams = z.infer<typeof publicMemoParamsSchema>;

/**
 * What anyone may read of a shared memo: its id, title, contents (sanitized rich text), preview
 * and times. Nothing of its owner, folder, reviews or counters.
 */
export const publicMemoSchema = memoSchema.pick({
  id: true,
  title: true,
  contents: true,
  preview: true,
  createdAt: true,
  updatedAt: true,
});
export type PublicMemo = z.infer<typeof publicMemoSchema>;

/**
 * Answer of `GET /api/public/:countryCode/memos/:shareToken`. A token of no share under that
 * country (never drawn, or its memo unshared or deleted) and a malformed one are all answered
 * 404 `MEMO_NOT_FOUND`.
 */
export const publicMemoResponseSchema = z.object({ memo: publicMemoSchema });
export type PublicMemoResponse = z.infer<typeof publicMemoResponseSchema>;
