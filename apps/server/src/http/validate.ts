import { AppError, ErrorCode, parseOrThrow } from "@mnemo/domain";
import type { z } from "zod";

/**
 * Parses untrusted input with a schema (the domain's parseOrThrow: VALIDATION_FAILED with
 * `{ path, issue }` details); handlers call this for body, query and params alike.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const data = parseOrThrow(schema, input, "request");
  // PostgreSQL text cannot hold U+0000 (the insert would fail with a 500), and no editor or
  // form produces it: refused on both engines alike.
  const nulPath = pathOfNul(data);
  if (nulPath !== undefined) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path: nulPath, issue: "Text may not contain the NUL character" },
    ]);
  }
  return data;
}

/** The dotted path of the first string in `value` that holds U+0000, or undefined. */
function pathOfNul(value: unknown, path: readonly string[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
