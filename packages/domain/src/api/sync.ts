import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { ErrorCode } from "../errors.js";
import { folderSchema } from "../folder/folder.schema.js";
import { objectIdSchema, opIdSchema, queryIntSchema } from "./common.js";
import {
  createFolderInputSchema,
  folderChangesSchema,
  reorderFoldersInputSchema,
} from "./folders.js";
import {
  changePriorityInputSchema,
  completeMemoInputSchema,
  createMemoInputSchema,
  memoChangesSchema,
  memoContentsSchema,
  memoDetailSchema,
  memoOpInputSchema,
  memoSummarySchema,
  moveMemoInputSchema,
  reviewMemoInputSchema,
} from "./memos.js";

/** Largest (and default) number of items in one page of the change feed. */
export const SYNC_PAGE_MAX = 1_000;

/**
 * `GET /api/sync/changes` query. `cursor` is the `nextCursor` of the previous page (opaque);
 * without it the feed starts from the beginning (a first download). `limit` 1…1000 (default
 * 1000) counts folders, memos and deletions together.
 */
export const syncChangesQuerySchema = z.object({
  cursor: z.string().min(1).max(1_000).optional(),
  limit: queryIntSchema(1, SYNC_PAGE_MAX).default(SYNC_PAGE_MAX),
});
export type SyncChangesQuery = z.infer<typeof syncChangesQuerySchema>;

/**
 * A memo as the change feed sends it: its summary without `sortingValue` (a list's number), plus
 * `contents`. Review and completion times are not part of it.
 */
export const syncedMemoSchema = memoSummarySchema
  .omit({ sortingValue: true })
  .extend({ contents: memoContentsSchema });
export type SyncedMemo = z.infer<typeof syncedMemoSchema>;

/** What a deletion removed: a folder or a memo, by id. */
export const syncDeletionSchema = z.object({
  kind: z.enum(["folder", "memo"]),
  id: z.string().min(1),
});
export type SyncDeletion = z.infer<typeof syncDeletionSchema>;

/**
 * One page of the change feed: the folders and memos changed after the cursor (each once, at its
 * latest change) and what was deleted, in the server's change order.
 *
 * - `folders` have the shape of `GET /api/folders` items. Their tree fields (`subFolderIds`,
 *   `nodeFolderIds`, `parentFolderLocation`, `isInRoot`) are as of this read; a folder is not sent
 *   again when only a child of it changed, so clients derive the tree from `parentFolderId`.
 * - `nextCursor` is always present: store it and send it next time, even after the last page.
 * - `hasMore`: another page follows right now. `remaining`: changes after this page (a first
 *   download's progress). `serverTime`: the server's epoch ms when it read the page.
 */
export const syncChangesResponseSchema = z.object({
  folders: z.array(folderSchema),
  memos: z.array(syncedMemoSchema),
  deletions: z.array(syncDeletionSchema),
  nextCursor: z.string().min(1),
  hasMore: z.boolean(),
  remaining: z.int().min(0),
  serverTime: epochMsSchema,
});
export type SyncChangesResponse = z.infer<typeof syncChangesResponseSchema>;

// ---- pushing changes: POST /api/sync/ops ------------------------------------------------------

/** Most changes in one `POST /api/sync/ops`. */
export const SYNC_OPS_MAX = 100;

/**
 * One change of an offline client's outbox, as `POST /api/sync/ops` takes it: `kind` names the
 * single route whose rules apply, `opId` (see `opIdSchema`) makes it idempotent as there.
 *
 * - `memo.create`: `input` of `POST /api/memos` with `input.id` (the client's id) required; a
 *   repeated create answers the existing memo. Applied once by its opId: a replay after the memo
 *   was deleted changes nothing and answers `applied` without a memo; a new opId for a deleted
 *   id is refused with `MEMO_DELETED`.
 * - `memo.update`: `input` the fields of `PATCH /api/memos/:memoId` (at least one);
 *   `baseRevision` (integer ≥ 0) the revision the edit started from (conflict copies as there).
 * - `memo.move`, `memo.delete`, `memo.review` (`reviewedAt` epoch ms, `value`, `grade`),
 *   `memo.complete` (`completedAt` epoch ms), `memo.uncomplete`, `memo.priority` (`delta` ±1):
 *   the bodies of their single routes, with `memoId`.
 * - `memo.review.undo`: `DELETE /api/memos/:memoId/reviews/:opId` with `memoId` and the review's
 *   opId as `reviewOpId` (its own `opId` only names its result).
 * - `memo.complete.undo` / `memo.uncomplete.undo`: `DELETE /api/memos/:memoId/completions/:opId`
 *   / `…/uncompletions/:opId` with `memoId` and the undone op's opId as `completionOpId` /
 *   `uncompleteOpId` (its own `opId` only names its result; PRODUCT.md › Undo).
 * - `folder.create` (`input.id` required; once by its opId as `memo.create`, `FOLDER_DELETED`
 *   for a deleted id), `folder.update` (`input` the fields of
 *   `PATCH /api/folders/:folderId`), `folder.delete`, `folder.order` (`folderIds`).
 */
export const syncOpSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("memo.create"),
    opId: opIdSchema,
    input: createMemoInputSchema.required({ id: true }),
  }),
  z.object({
    kind: z.literal("memo.update"),
    opId: opIdSchema,
    memoId: objectIdSchema,
    input: memoChangesSchema,
    baseRevision: z.int().min(0).optional(),
  }),
  moveMemoInputSchema.extend({
    kind: z.literal("memo.move"),
    opId: opIdSchema,
    memoId: objectIdSchema,
  }),
  z.object({ kind: z.literal("memo.delete"), opId: opIdSchema, memoId: objectIdSchema }),
  reviewMemoInputSchema.extend({ kind: z.literal("memo.review"), memoId: objectIdSchema }),
  z.object({
    kind: z.literal("memo.review.undo"),
    opId: opIdSchema,
    memoId: objectIdSchema,
    reviewOpId: opIdSchema,
  }),
  completeMemoInputSchema.extend({ kind: z.literal("memo.complete"), memoId: objectIdSchema }),
  z.object({
    kind: z.literal("memo.complete.undo"),
    opId: opIdSchema,
    memoId: objectIdSchema,
    completionOpId: opIdSchema,
  }),
  z.object({
    kind: z.literal("memo.uncomplete.undo"),
    opId: opIdSchema,
    memoId: objectIdSchema,
    uncompleteOpId: opIdSchema,
  }),
  memoOpInputSchema.extend({ kind: z.literal("memo.uncomplete"), memoId: objectIdSchema }),
  changePriorityInputSchema.extend({ kind: z.literal("memo.priority"), memoId: objectIdSchema }),
  z.object({
    kind: z.literal("folder.create"),
    opId: opIdSchema,
    input: createFolderInputSchema.required({ id: true }),
  }),
  z.object({
    kind: z.literal("folder.update"),
    opId: opIdSchema,
    folderId: objectIdSchema,
    input: folderChangesSchema,
  }),
  z.object({ kind: z.literal("folder.delete"), opId: opIdSchema, folderId: objectIdSchema }),
  // Out of the trash (PRODUCT.md › Trash), as `POST /api/trash/restore` does.
  z.object({ kind: z.literal("memo.restore"), opId: opIdSchema, memoId: objectIdSchema }),
  z.object({ kind: z.literal("folder.restore"), opId: opIdSchema, folderId: objectIdSchema }),
  reorderFoldersInputSchema.extend({ kind: z.literal("folder.order"), opId: opIdSchema }),
]);
export type SyncOp = z.infer<typeof syncOpSchema>;

/** The `kind` of a {@link SyncOp}: `memo.create` … `folder.order`. */
export type SyncOpKind = SyncOp["kind"];

/** Each member of a union without its `opId` (a plain `Omit` would merge the members). */
type WithoutOpId<Op> = Op extends unknown ? Omit<Op, "opId"> : never;

/**
 * A {@link SyncOp} without its `opId`: the change itself, as an offline client keeps it in its
 * outbox, the opId stored beside it and added when the change is sent.
 */
export type SyncChange = WithoutOpId<SyncOp>;

/**
 * `POST /api/sync/ops` body as the server first reads it: 1…100 objects, each with a string
 * `opId` and `kind` (anything else is a 400 `VALIDATION_FAILED` of the whole request). Each op is
 * then checked on its own against {@link syncOpSchema}: one that fails is refused alone.
 */
export const syncOpsInputSchema = z.object({
  ops: z
    .array(z.looseObject({ opId: z.string(), kind: z.string() }))
    .min(1)
    .max(SYNC_OPS_MAX),
});

/** What a client sends to `POST /api/sync/ops`: its changes in the order they were made. */
export interface SyncOpsInput {
  ops: SyncOp[];
}

/**
 * The outcome of one op of `POST /api/sync/ops`, by `status`:
 *
 * - `applied`: done (or done before: a replay), with what its single route answers: `memo` (a
 *   `MemoDetail` for create, update and move; a `MemoSummary` for review, review undo,
 *   complete, uncomplete and priority; none for a replayed create of a memo deleted since), `conflictCopy` (update), `folder` (folder create and update), `folders`
 *   (folder order); nothing for a delete.
 * - `refused`: what its single route answers with a 4xx (`code`, `details`), or
 *   `VALIDATION_FAILED` with `{ path, issue }` details for an op that failed its schema. Sending
 *   it again gets the same answer.
 * - `not-attempted`: the server failed unexpectedly at this op (logged) and stopped there: this op
 *   and every later one are left for a later try.
 */
export const syncOpResultSchema = z.discriminatedUnion("status", [
  z.object({
    opId: z.string(),
    status: z.literal("applied"),
    memo: z.union([memoDetailSchema, memoSummarySchema]).optional(),
    conflictCopy: memoDetailSchema.nullable().optional(),
    folder: folderSchema.optional(),
    folders: z.array(folderSchema).optional(),
  }),
  z.object({
    opId: z.string(),
    status: z.literal("refused"),
    code: z.enum(ErrorCode),
    details: z.unknown().optional(),
  }),
  z.object({ opId: z.string(), status: z.literal("not-attempted") }),
]);
export type SyncOpResult = z.infer<typeof syncOpResultSchema>;

/** Answer of `POST /api/sync/ops`: one result per op, in the order of the ops. */
export const syncOpsResponseSchema = z.object({ results: z.array(syncOpResultSchema) });
export type SyncOpsResponse = z.infer<typeof syncOpsResponseSchema>;
