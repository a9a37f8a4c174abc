import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { memoContentsSchema } from "./memos.js";

/**
 * The user's one scratch text (screens text-editor and upsert-text): rich-text HTML as the server
 * stored it (sanitized like memo contents), and `updatedAt`, epoch ms of the latest save. Before
 * the first save it is `{ contents: "", updatedAt: null }`.
 */
export const scratchTextSchema = z.object({
  contents: z.string(),
  updatedAt: epochMsSchema.nullable(),
});
export type ScratchText = z.infer<typeof scratchTextSchema>;

/**
 * `PUT /api/text`: the whole new text, rich-text HTML up to 1,500,000 characters. The server
 * sanitizes it before storing; empty contents are stored too (they clear the text).
 */
export const saveScratchTextInputSchema = z.object({ contents: memoContentsSchema });
export type SaveScratchTextInput = z.infer<typeof saveScratchTextInputSchema>;

/** Answer of `GET /api/text` and `PUT /api/text`. */
export const scratchTextResponseSchema = z.object({ text: scratchTextSchema });
export type ScratchTextResponse = z.infer<typeof scratchTextResponseSchema>;
