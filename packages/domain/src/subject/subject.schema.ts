import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";

/**
 * A subject (PRODUCT.md › Subjects) of a country's public area: a name people set on memos.
 *
 * `name` is trimmed and non-empty; `pinnedCount` (default 0) and `setCount` (default 0) are
 * integers ≥ 0; `updatedAt` is epoch ms; `isActive` defaults to true. A subject created by
 * adding a name starts with `setCount` 1 (see `createSubject`).
 */
export const subjectSchema = z.object({
  name: z.string().trim().min(1),
  pinnedCount: z.int().min(0).default(0),
  setCount: z.int().min(0).default(0),
  updatedAt: epochMsSchema,
  isActive: z.boolean().default(true),
});

/** A subject; see {@link subjectSchema}. */
export type Subject = z.infer<typeof subjectSchema>;
