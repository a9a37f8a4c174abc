import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { folderSchema } from "../folder/folder.schema.js";
import { queryIntSchema } from "./common.js";
import { memoContentsSchema, memoSummarySchema } from "./memos.js";

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
