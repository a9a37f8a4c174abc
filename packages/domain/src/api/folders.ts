import { z } from "zod";
import { ROOT_FOLDER_ID } from "../constants.js";
import { folderSchema } from "../folder/folder.schema.js";
import { sortModeSchema } from "../memo/sorting.schema.js";
import { desiredRetentionSchema, schedulerSchema } from "../review/scheduler.js";
import { hasSomeField, objectIdSchema, opIdSchema } from "./common.js";

/** A folder title: trimmed, 1–200 characters. */
export const folderTitleSchema = z.string().trim().min(1).max(200);

/** A folder's date or read repetition value: a number in 0…100 000. */
export const repetitionValueSchema = z.number().min(0).max(100_000);

/** The settings (PRODUCT.md › Folder fields) a client may set on create and change later. */
const folderSettingsShape = {
  description: z.string().max(2_000),
  isCategoryFolder: z.boolean(),
  sortingMethod: sortModeSchema,
  dateRepetitionValue: repetitionValueSchema,
  readRepetitionValue: repetitionValueSchema,
  pinned: z.boolean(),
  sideNavPinned: z.boolean(),
  enableCompletionFeature: z.boolean(),
  enableCompletionFeatureWithCompletedMemosOnly: z.boolean(),
  enableFlashCardFeature: z.boolean(),
  showSortingValues: z.boolean(),
  showReviewCount: z.boolean(),
  showAtHomeReviewList: z.boolean(),
  /** Changing it derives the FSRS state of the folder's memos again (issue 9 › The scheduler). */
  scheduler: schedulerSchema,
  desiredRetention: desiredRetentionSchema,
};

/** `:folderId` of the folder routes. */
export const folderIdParamsSchema = z.object({ folderId: objectIdSchema });
export type FolderIdParams = z.infer<typeof folderIdParamsSchema>;

/**
 * `POST /api/folders`. `title` is required; `id` may be chosen by an offline client (a repeated
 * create with the same id answers the existing folder, one with a deleted folder's id is refused
 * with `FOLDER_DELETED`); `parentFolderId` makes a sub-folder;
 * every setting is optional and defaults as in `folderSchema`.
 */
export const createFolderInputSchema = z.object({
  id: objectIdSchema
    .refine((id) => id !== ROOT_FOLDER_ID, "The root folder exists already")
    .optional(),
  title: folderTitleSchema,
  parentFolderId: objectIdSchema.nullable().optional(),
  ...z.object(folderSettingsShape).partial().shape,
});
export type CreateFolderInput = z.infer<typeof createFolderInputSchema>;

/** Every folder field a change may set, each optional. */
const folderFieldChangesSchema = z
  .object({
    title: folderTitleSchema,
    parentFolderId: objectIdSchema.nullable(),
    ...folderSettingsShape,
  })
  .partial();

/**
 * The fields of a folder change without `opId` (a `folder.update` of `POST /api/sync/ops`
 * carries it beside them): at least one field, as in `updateFolderInputSchema`.
 */
export const folderChangesSchema = folderFieldChangesSchema.refine(
  hasSomeField,
  "Expected at least one field to change",
);
export type FolderChanges = z.infer<typeof folderChangesSchema>;

/**
 * `PATCH /api/folders/:folderId`: any of title, parentFolderId (`null` moves it to the top) and
 * the settings; at least one field. An `opId` makes it idempotent (a replay answers the folder).
 */
export const updateFolderInputSchema = folderFieldChangesSchema
  .extend({ opId: opIdSchema.optional() })
  .refine(
    ({ opId: _, ...fields }) => hasSomeField(fields),
    "Expected at least one field to change",
  );
export type UpdateFolderInput = z.infer<typeof updateFolderInputSchema>;

/**
 * `PUT /api/folders/order`: the folders in their new order (each gets its index as `order`); an
 * `opId` makes it idempotent (a replay answers the folders unchanged).
 */
export const reorderFoldersInputSchema = z.object({
  opId: opIdSchema.optional(),
  folderIds: z
    .array(objectIdSchema)
    .min(1)
    .max(1_000)
    .refine((ids) => new Set(ids).size === ids.length, "Each folder may appear once"),
});
export type ReorderFoldersInput = z.infer<typeof reorderFoldersInputSchema>;

/** Answer of a single-folder route. */
export const folderResponseSchema = z.object({ folder: folderSchema });
export type FolderResponse = z.infer<typeof folderResponseSchema>;

/** Answer of `GET /api/folders` and `PUT /api/folders/order`: pinned first, then by order. */
export const foldersResponseSchema = z.object({ folders: z.array(folderSchema) });
export type FoldersResponse = z.infer<typeof foldersResponseSchema>;
