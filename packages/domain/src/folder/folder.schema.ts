import { z } from "zod";
import { importedRecord, importedTimestamp } from "../common/import.js";
import { epochMsSchema } from "../common/timestamp.js";
import { parseOrThrow } from "../common/validation.js";
import { DEFAULT_REPETITION_VALUE, ROOT_FOLDER_ID } from "../constants.js";
import type { SortMode } from "../memo/sorting.js";
import { sortModeSchema } from "../memo/sorting.schema.js";
import {
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_SCHEDULER,
  desiredRetentionSchema,
  schedulerSchema,
} from "../review/scheduler.js";

/** Default `Folder.sortingMethod`. */
export const DEFAULT_SORT_MODE: SortMode = "latest";

/**
 * A folder of private memos (PRODUCT.md › Folder fields).
 *
 * Required: `id`, `title`, `createdAt`, `updatedAt` (epoch ms). Defaults: `description` `''`,
 * `parentFolderLocation` `''`, `parentFolderId` `null`, `subFolderIds`/`nodeFolderIds` `[]`,
 * `isInRoot`/`isCategoryFolder` `false`, `order` `0`, `sortingMethod` `'latest'`,
 * `dateRepetitionValue`/`readRepetitionValue` `5`, `pinned`/`sideNavPinned` `false`, the
 * feature switches (`enableCompletionFeature`, `enableCompletionFeatureWithCompletedMemosOnly`,
 * `enableFlashCardFeature`, `showSortingValues`, `showReviewCount`) `false`, and
 * `showAtHomeReviewList` `true`; `scheduler` `'repetition'` and `desiredRetention` `0.9` (issue 9 ›
 * The scheduler: FSRS is chosen per folder). Unknown keys are dropped.
 */
export const folderSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  description: z.string().default(""),
  parentFolderLocation: z.string().default(""),
  parentFolderId: z.string().nullable().default(null),
  subFolderIds: z.array(z.string()).default([]),
  nodeFolderIds: z.array(z.string()).default([]),
  isInRoot: z.boolean().default(false),
  isCategoryFolder: z.boolean().default(false),
  order: z.number().default(0),
  sortingMethod: sortModeSchema.default(DEFAULT_SORT_MODE),
  dateRepetitionValue: z.number().default(DEFAULT_REPETITION_VALUE),
  readRepetitionValue: z.number().default(DEFAULT_REPETITION_VALUE),
  pinned: z.boolean().default(false),
  sideNavPinned: z.boolean().default(false),
  enableCompletionFeature: z.boolean().default(false),
  enableCompletionFeatureWithCompletedMemosOnly: z.boolean().default(false),
  enableFlashCardFeature: z.boolean().default(false),
  showSortingValues: z.boolean().default(false),
  showReviewCount: z.boolean().default(false),
  showAtHomeReviewList: z.boolean().default(true),
  scheduler: schedulerSchema.default(DEFAULT_SCHEDULER),
  desiredRetention: desiredRetentionSchema.default(DEFAULT_DESIRED_RETENTION),
  createdAt: epochMsSchema,
  updatedAt: epochMsSchema,
});

/** A folder; see {@link folderSchema}. */
export type Folder = z.infer<typeof folderSchema>;

/**
 * Reads a folder written by any version of the app or exported from the document database.
 * Only `id` and `title` are required; everything else takes its {@link folderSchema} default.
 *
 * - `isCategoryFolder` absent: true when either older name `isMemoFolder` or `isCategory` is true.
 * - `sideNavPinned` absent: the older `pinned` value (PRODUCT.md › Folder fields);
 *   `pinned` itself is kept as given.
 * - `sortingMethod` that is not a known {@link SortMode}: `'latest'` (older apps wrote other
 *   values; an import should not fail on a display preference).
 * - Timestamps may be numbers, ISO strings or `{ seconds, nanoseconds }`; a missing `createdAt`
 *   is `updatedAt`, else `now`; a missing `updatedAt` is `createdAt`.
 * - `null` means absent, except for `parentFolderId`.
 *
 * @param raw - the imported value
 * @param now - epoch ms used when the record has no timestamp at all (default `0`: unknown)
 * @throws AppError `VALIDATION_FAILED` with `{ path, issue }` details when `raw` is not an object,
 *   `id` or `title` is missing, or a field is malformed
 */
export function parseImportedFolder(raw: unknown, now = 0): Folder {
  const record = importedRecord(raw, "folder", ["parentFolderId"]);
  const legacyCategory = [record.isMemoFolder, record.isCategory].some((flag) => flag === true);
  const isLegacyCategoryKnown =
    record.isMemoFolder !== undefined || record.isCategory !== undefined;
  const createdAt = importedTimestamp(record.createdAt ?? record.updatedAt) ?? now;
  const updatedAt = importedTimestamp(record.updatedAt) ?? createdAt;
  const candidate = {
    ...record,
    isCategoryFolder:
      record.isCategoryFolder ?? (isLegacyCategoryKnown ? legacyCategory : undefined),
    sideNavPinned: record.sideNavPinned ?? record.pinned,
    sortingMethod: sortModeSchema.safeParse(record.sortingMethod).success
      ? record.sortingMethod
      : undefined,
    createdAt,
    updatedAt,
  };
  return parseOrThrow(folderSchema, candidate, "folder");
}

/**
 * The field values of a user's built-in root folder (PRODUCT.md › Root folder): id `root`, in the
 * root, pinned in the side navigation, every other field at its default. Its `title` is `''`
 * because clients show the translated default-folder name instead of a stored title.
 *
 * @param now - epoch ms stamped as `createdAt` and `updatedAt`
 * @throws AppError `VALIDATION_FAILED` when `now` is not an epoch ms integer ≥ 0
 */
export function rootFolderDefaults(now: number): Folder {
  return parseOrThrow(
    folderSchema,
    {
      id: ROOT_FOLDER_ID,
      title: "",
      isInRoot: true,
      sideNavPinned: true,
      createdAt: now,
      updatedAt: now,
    },
    "root folder",
  );
}
