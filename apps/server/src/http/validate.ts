import { AppError, ErrorCode, type ValidationIssue } from "@mnemo/domain";
import type { z } from "zod";

/** Lists zod problems as `{ path, issue }` so a form can mark the field. */
export function toValidationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), issue: i.message }));
}

/**
 * Parses untrusted input with a schema, throwing VALIDATION_FAILED with the issues; handlers call
 * this for body, query and params alike.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      "request failed validation",
      toValidationIssues(result.error),
    );
  }
  // PostgreSQL text cannot hold U+0000 (the insert would fail with a 500), and no editor or
  // form produces it: refused on both engines alike.
  const nulPath = pathOfNul(result.data);
  if (nulPath !== undefined) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path: nulPath, issue: "Text may not contain the NUL character" },
    ]);
  }
  return result.data;
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
