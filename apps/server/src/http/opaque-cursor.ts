import { AppError, ErrorCode } from "@mnemo/domain";
import type { z } from "zod";

// The cursors of the paged lists (a folder's memos, the change feed, search): base64url of a
// small JSON body. Opaque to clients; whatever comes back is checked against the list's schema
// before it reaches SQL, and refused with VALIDATION_FAILED at `cursor` otherwise.

/** The cursor's text: base64url of `body` as JSON. */
export function encodeOpaqueCursor(body: object): string {
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

/** The error of a cursor that is not one of this list, at `cursor`. */
export function invalidCursor(issue: string): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
    { path: "cursor", issue },
  ]);
}

/**
 * The body of a cursor read with `schema`.
 *
 * @throws VALIDATION_FAILED (path `cursor`, with `issue`) for text that is not base64url JSON of
 *   that shape
 */
export function decodeOpaqueCursor<S extends z.ZodType>(
  text: string,
  schema: S,
  issue: string,
): z.infer<S> {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor(issue);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidCursor(issue);
  return parsed.data;
}
