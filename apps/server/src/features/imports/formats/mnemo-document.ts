import {
  ATTACHMENT_TYPES,
  desiredRetentionSchema,
  schedulerSchema,
  sortModeSchema,
} from "@mnemo/domain";
import { z } from "zod";

// The `mnemo` export format, version 1 (apps/server/README.md › Export formats): one zip with
// `mnemo.json` and `attachments/<id>.<ext>`. The export writes this document by hand, a memo at
// a time; the `mnemo` reader checks it with these schemas. Times are epoch milliseconds (UTC).

/** The document's name inside the zip. */
export const MNEMO_DOCUMENT_NAME = "mnemo.json";

/** The version this server writes and reads; a later one is refused as damaged. */
export const MNEMO_FORMAT_VERSION = 1;

const epochMs = z.number().int().min(0);

/** A folder with every stored setting; the root folder (`id` "root") is listed too. */
export const mnemoFolderSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string(),
  description: z.string(),
  parentFolderId: z.string().min(1).nullable(),
  isCategoryFolder: z.boolean(),
  order: z.number(),
  sortingMethod: sortModeSchema,
  dateRepetitionValue: z.number(),
  readRepetitionValue: z.number(),
  pinned: z.boolean(),
  sideNavPinned: z.boolean(),
  enableCompletionFeature: z.boolean(),
  enableCompletionFeatureWithCompletedMemosOnly: z.boolean(),
  enableFlashCardFeature: z.boolean(),
  showSortingValues: z.boolean(),
  showReviewCount: z.boolean(),
  showAtHomeReviewList: z.boolean(),
  scheduler: schedulerSchema,
  desiredRetention: desiredRetentionSchema,
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type MnemoFolder = z.infer<typeof mnemoFolderSchema>;

/** One review row: `value` is what it added to the memo; `undoneAt` set once it was undone. */
export const mnemoReviewSchema = z.object({
  opId: z.string().min(1),
  at: epochMs,
  grade: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable(),
  value: z.number(),
  undoneAt: epochMs.nullable(),
});
export type MnemoReview = z.infer<typeof mnemoReviewSchema>;

/** One completion row; `undoneAt` set once it was undone. */
export const mnemoCompletionSchema = z.object({
  at: epochMs,
  undoneAt: epochMs.nullable(),
});
export type MnemoCompletion = z.infer<typeof mnemoCompletionSchema>;

/**
 * A memo. `contents` is the stored (sanitized) HTML: images as
 * `<img src="/api/attachments/<id>">`, their files listed under `attachments`.
 */
export const mnemoMemoSchema = z.object({
  id: z.string().min(1).max(64),
  folderId: z.string().min(1),
  title: z.string(),
  contents: z.string(),
  hint: z.string(),
  tags: z.array(z.string()),
  priority: z.number(),
  createdAt: epochMs,
  updatedAt: epochMs,
  reviews: z.array(mnemoReviewSchema),
  completions: z.array(mnemoCompletionSchema),
});
export type MnemoMemo = z.infer<typeof mnemoMemoSchema>;

/** An image and where its bytes are in the zip (`attachments/<id>.<ext>`). */
export const mnemoAttachmentSchema = z.object({
  id: z.string().min(1).max(64),
  contentType: z.enum(ATTACHMENT_TYPES),
  byteSize: z.number().int().min(0),
  sha256: z.string(),
  createdAt: epochMs,
  path: z.string().min(1),
});
export type MnemoAttachment = z.infer<typeof mnemoAttachmentSchema>;

/** The whole `mnemo.json`. */
export const mnemoDocumentSchema = z.object({
  format: z.literal("mnemo"),
  version: z.literal(MNEMO_FORMAT_VERSION),
  exportedAt: epochMs,
  folders: z.array(mnemoFolderSchema),
  memos: z.array(mnemoMemoSchema),
  attachments: z.array(mnemoAttachmentSchema),
});
export type MnemoDocument = z.infer<typeof mnemoDocumentSchema>;

/** Where an image's bytes are in the zip. */
export function mnemoAttachmentPath(id: string, extension: string): string {
  return `attachments/${id}.${extension}`;
}
