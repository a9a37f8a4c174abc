import { z } from "zod";
import { importedRecord, importedTimestamp, importedTimestamps } from "../common/import.js";
import { epochMsSchema } from "../common/timestamp.js";
import { parseOrThrow } from "../common/validation.js";
import { previewFromHtml } from "./preview.js";

/** Default `Memo.type`. */
export const DEFAULT_MEMO_TYPE = "memo";

/**
 * A private memo as stored and sent between server and clients (PRODUCT.md › Memo fields).
 *
 * Required: `id`, `title`, `preview`, `contents`, `createdAt`, `updatedAt` (epoch ms), `userId`,
 * `folderId`. Fields that older records may lack have defaults: `type` `'memo'`, `tags` `[]`,
 * `categoryId`/`category` `null`, `userName` `''`, `accumulatedReviewValue` `0`, `reviewCount`
 * `0`, `reviewedDates` `[]`, `flashCardHint` `''`, `priority` `0`, `completedDates` `[]`.
 *
 * Invariants: `reviewCount` is an integer ≥ 0; `priority` an integer (may be negative);
 * timestamps are epoch ms; `preview` is derived from `contents` on save (see `previewFromHtml`).
 * Unknown keys are dropped.
 */
export const memoSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  preview: z.string(),
  categoryId: z.string().nullable().default(null),
  type: z.string().default(DEFAULT_MEMO_TYPE),
  tags: z.array(z.string()).default([]),
  contents: z.string(),
  createdAt: epochMsSchema,
  updatedAt: epochMsSchema,
  userId: z.string().min(1),
  userName: z.string().default(""),
  category: z.string().nullable().default(null),
  folderId: z.string().min(1),
  accumulatedReviewValue: z.number().default(0),
  reviewCount: z.int().min(0).default(0),
  reviewedDates: z.array(epochMsSchema).default([]),
  flashCardHint: z.string().default(""),
  priority: z.int().default(0),
  completedDates: z.array(epochMsSchema).default([]),
});

/** A private memo; see {@link memoSchema}. */
export type Memo = z.infer<typeof memoSchema>;

/**
 * Reads a memo written by any version of the app or exported from the document database.
 *
 * - Older names: `accumulatedReadRepetitionValue` → `accumulatedReviewValue`, `readCount` →
 *   `reviewCount`; when both names are present the new one wins.
 * - Timestamps (`createdAt`, `updatedAt`, each of `reviewedDates` and `completedDates`) may be
 *   epoch ms numbers, ISO 8601 strings or `{ seconds, nanoseconds }` objects (see `toEpochMs`).
 * - `null` means absent (takes the default) except for `categoryId` and `category`; missing
 *   `contents` is `''`; missing `preview` is derived from `contents` with `previewFromHtml`.
 *
 * @throws AppError `VALIDATION_FAILED` with `{ path, issue }` details when `raw` is not an
 *   object or a required field is missing or malformed
 */
export function parseImportedMemo(raw: unknown): Memo {
  const record = importedRecord(raw, "memo", ["categoryId", "category"]);
  const contents = record.contents ?? "";
  const candidate = {
    ...record,
    contents,
    preview: record.preview ?? (typeof contents === "string" ? previewFromHtml(contents) : ""),
    accumulatedReviewValue: record.accumulatedReviewValue ?? record.accumulatedReadRepetitionValue,
    reviewCount: record.reviewCount ?? record.readCount,
    createdAt: importedTimestamp(record.createdAt),
    updatedAt: importedTimestamp(record.updatedAt),
    reviewedDates: importedTimestamps(record.reviewedDates),
    completedDates: importedTimestamps(record.completedDates),
  };
  return parseOrThrow(memoSchema, candidate, "memo");
}
