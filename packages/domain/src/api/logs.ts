import { z } from "zod";
import { logEntrySchema } from "../log/log-entry.schema.js";

// `POST /api/logs` takes a `LogEntryInput` (see log/log-entry.schema.ts); the admin reads them back.

/** Largest and default page of `GET /api/admin/logs`. */
export const LOGS_PAGE_MAX = 200;
export const LOGS_PAGE_DEFAULT = 50;

/**
 * `GET /api/admin/logs` query: `limit` entries (1–200, default 50), newest first, written before
 * `before` (epoch ms, optional) to page further back.
 */
export const listLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LOGS_PAGE_MAX).default(LOGS_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
});
export type ListLogsQuery = z.infer<typeof listLogsQuerySchema>;

/** A stored log entry with its id (the server's `randomId`). */
export const storedLogEntrySchema = logEntrySchema.extend({ id: z.string() });
export type StoredLogEntry = z.infer<typeof storedLogEntrySchema>;

/** `GET /api/admin/logs` answer: entries newest first (ties by id, descending). */
export const logsResponseSchema = z.object({ entries: z.array(storedLogEntrySchema) });
export type LogsResponse = z.infer<typeof logsResponseSchema>;

/** `POST /api/logs` answer (201): the entry was recorded. */
export const recordLogResponseSchema = z.object({ ok: z.literal(true) });
export type RecordLogResponse = z.infer<typeof recordLogResponseSchema>;
