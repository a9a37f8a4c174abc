import { z } from "zod";
import { objectIdSchema, opIdSchema } from "./common.js";

// The trash (PRODUCT.md › Trash): a deleted memo or folder waits there for TRASH_RETENTION_MS,
// then the server deletes it for good.

/** How long a trashed memo or folder is kept before the server deletes it for good: 30 days. */
export const TRASH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** What a trash item is: a memo deleted on its own, or a folder deleted with all it held. */
export const trashKindSchema = z.enum(["memo", "folder"]);
export type TrashKind = z.infer<typeof trashKindSchema>;

/** One item of `GET /api/trash`. */
export const trashItemSchema = z.object({
  kind: trashKindSchema,
  id: objectIdSchema,
  title: z.string(),
  /** Epoch ms of the delete. */
  trashedAt: z.number().int(),
  /** The folder it was in (a folder's parent); null for a top-level folder. */
  folderId: z.string().nullable(),
  /** That folder's title when it was deleted ("" for the root folder). */
  folderTitle: z.string().nullable(),
  /** The memos that went to the trash with it (1 for a memo; a folder's, sub-folders' included). */
  memoCount: z.number().int().min(0),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** `GET /api/trash`: the user's trash, newest delete first. */
export const trashListResponseSchema = z.object({ items: z.array(trashItemSchema) });
export type TrashListResponse = z.infer<typeof trashListResponseSchema>;

/** `:kind/:id` of `DELETE /api/trash/:kind/:id`. */
export const trashItemParamsSchema = z.object({ kind: trashKindSchema, id: objectIdSchema });
export type TrashItemParams = z.infer<typeof trashItemParamsSchema>;

/**
 * `POST /api/trash/restore`: puts a trashed memo or folder back where it was (a memo whose folder
 * is gone goes to the root folder). With an `opId`, a replay changes nothing.
 */
export const restoreTrashInputSchema = z
  .object({ kind: trashKindSchema, id: objectIdSchema, opId: opIdSchema.optional() })
  .strict();
export type RestoreTrashInput = z.infer<typeof restoreTrashInputSchema>;

/** `POST /api/trash/restore`'s answer: the folder the memo or folder is back in. */
export const restoreTrashResponseSchema = z.object({ folderId: z.string().nullable() });
export type RestoreTrashResponse = z.infer<typeof restoreTrashResponseSchema>;
