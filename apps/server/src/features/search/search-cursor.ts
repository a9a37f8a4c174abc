import { AppError, ErrorCode, objectIdSchema, type SearchHit } from "@mnemo/domain";
import { z } from "zod";

// The cursor of a search: base64url JSON of the last result's rank (title hit, score, change
// time, id). A search is ranked whole on every request, so a page is simply "the results after
// this rank": opaque to clients, refused with VALIDATION_FAILED at `cursor` when forged.

const cursorSchema = z.object({
  v: z.literal(1),
  t: z.boolean(),
  s: z.number().min(0),
  u: z.int(),
  id: objectIdSchema,
});

/** The cursor's text: base64url of its JSON. */
export function encodeSearchCursor(hit: SearchHit): string {
  const body = { v: 1, t: hit.isTitleHit, s: hit.score, u: hit.updatedAt, id: hit.id };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

/**
 * The rank a search cursor carries.
 *
 * @throws VALIDATION_FAILED (path `cursor`) for a damaged or forged cursor
 */
export function decodeSearchCursor(text: string): SearchHit {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    body = undefined;
  }
  const parsed = cursorSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path: "cursor", issue: "Not a cursor of this search" },
    ]);
  }
  const { t, s, u, id } = parsed.data;
  return { isTitleHit: t, score: s, updatedAt: u, id };
}
