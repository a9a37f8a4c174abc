import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { EXPORT_FORMATS, IMPORT_FORMATS, IMPORT_SKIP_REASONS } from "../import/import-bundle.js";
import { objectIdSchema } from "./common.js";

/** What an import brought in, counted after the writer's own checks. */
export const importReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  folders: z.int().min(0),
  memos: z.int().min(0),
  reviews: z.int().min(0),
  attachments: z.int().min(0),
  /** At most 200 items are listed; `skippedCount` counts them all. */
  skipped: z.array(
    z.object({
      item: z.string(),
      reason: z.enum(IMPORT_SKIP_REASONS),
      detail: z.string().optional(),
    }),
  ),
  skippedCount: z.int().min(0),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/**
 * One import job. `done` of `total` steps so far (a progress bar); `report` once `done`;
 * `errorCode` (an `IMPORT_*` or `STORAGE_UNAVAILABLE` code) once `failed`, in which case nothing
 * of the file was kept.
 */
export const importJobSchema = z.object({
  id: objectIdSchema,
  status: z.enum(["running", "done", "failed"]),
  done: z.int().min(0),
  total: z.int().min(0),
  report: importReportSchema.nullable(),
  errorCode: z.string().nullable(),
  createdAt: epochMsSchema,
  finishedAt: epochMsSchema.nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** Answer of `POST /api/imports` (202) and `GET /api/imports/:importId`. */
export const importResponseSchema = z.object({ import: importJobSchema });
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** Answer of `GET /api/imports`: the user's latest imports, newest first (at most 20). */
export const importListResponseSchema = z.object({ imports: z.array(importJobSchema) });
export type ImportListResponse = z.infer<typeof importListResponseSchema>;

/** `:importId` of `GET /api/imports/:importId`. */
export const importIdParamsSchema = z.object({ importId: objectIdSchema });
export type ImportIdParams = z.infer<typeof importIdParamsSchema>;

/** Query of `GET /api/export`. */
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
