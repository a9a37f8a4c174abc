import { objectIdSchema, type SearchHit } from "@mnemo/domain";
import { z } from "zod";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "../../http/opaque-cursor.js";

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
  return encodeOpaqueCursor({
    v: 1,
    t: hit.isTitleHit,
    s: hit.score,
    u: hit.updatedAt,
    id: hit.id,
  });
}

/**
 * The rank a search cursor carries.
 *
 * @throws VALIDATION_FAILED (path `cursor`) for a damaged or forged cursor
 */
export function decodeSearchCursor(text: string): SearchHit {
  const { t, s, u, id } = decodeOpaqueCursor(text, cursorSchema, "Not a cursor of this search");
  return { isTitleHit: t, score: s, updatedAt: u, id };
}
