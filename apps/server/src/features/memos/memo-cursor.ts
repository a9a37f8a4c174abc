import type { SortMode } from "@mnemo/domain";
import { objectIdSchema, sortModeSchema } from "@mnemo/domain";
import { z } from "zod";
import { decodeOpaqueCursor, encodeOpaqueCursor, invalidCursor } from "../../http/opaque-cursor.js";
import { type PagePosition, pageKeyLength } from "./memo-page.repo.js";

// The cursor of a folder's memo list: base64url JSON of the sort mode, the start of "today" of
// the first page and where the last page ended. Opaque to clients; anything forged is refused
// with VALIDATION_FAILED at `cursor` before it reaches SQL.

/** What a cursor carries (version 1). */
export const cursorSchema = z.object({
  v: z.literal(1),
  m: sortModeSchema,
  t: z.int(),
  k: z.array(z.number()),
  id: objectIdSchema,
});

/** Where the next page of a list starts, in the order of `mode` and its "today". */
export interface Cursor {
  mode: SortMode;
  /** Start of "today" of the first page (epoch ms). */
  todayStart: number;
  after: PagePosition;
}

/** The cursor's text: base64url of its JSON. */
export function encodeCursor(cursor: Cursor): string {
  const body = {
    v: 1,
    m: cursor.mode,
    t: cursor.todayStart,
    k: cursor.after.values,
    id: cursor.after.id,
  };
  return encodeOpaqueCursor(body);
}

/**
 * Whether a page key's values fit the SQL they are compared with: every value but the due key is
 * an integer (created_at is bigint, priority and review counts are integer columns), so a forged
 * cursor with a fraction or a huge number is refused here instead of failing on PostgreSQL.
 */
export function isComparablePageKey(mode: SortMode, values: readonly number[]): boolean {
  if (mode === "repetition_value") return true;
  // [group 0…2, elapsed / stability ≥ 0]: a group out of 0…2 would overflow PostgreSQL's integer.
  if (mode === "retrievability") {
    const [group = -1, ratio = -1] = values;
    return [0, 1, 2].includes(group) && ratio >= 0;
  }
  const createdAt = values.at(-1) ?? 0;
  const counters = values.slice(0, -1);
  return (
    Number.isSafeInteger(createdAt) &&
    counters.every((value) => Number.isInteger(value) && Math.abs(value) < 2 ** 31)
  );
}

/**
 * Reads a cursor of a list in `mode`.
 *
 * @throws VALIDATION_FAILED (path `cursor`) for a damaged or forged cursor, or one of another mode
 */
export function decodeCursor(text: string, mode: SortMode): Cursor {
  const body = decodeOpaqueCursor(text, cursorSchema, "Not a cursor of this list");
  if (body.k.length !== pageKeyLength(body.m) || !isComparablePageKey(body.m, body.k)) {
    throw invalidCursor("Not a cursor of this list");
  }
  if (body.m !== mode) throw invalidCursor(`Cursor of sort mode ${body.m}`);
  return {
    mode,
    todayStart: body.t,
    after: { values: body.k, id: body.id },
  };
}
