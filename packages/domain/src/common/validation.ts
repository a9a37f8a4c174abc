import type { z } from "zod";
import { AppError, ErrorCode, type ValidationIssue } from "../errors.js";

/**
 * Turns zod issues into the `{ path, issue }` list carried by a `VALIDATION_FAILED` error.
 *
 * @param issues - `error.issues` of a failed zod parse
 * @returns one entry per issue; `path` is dotted (`tags.2`), the empty string for the root value
 */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((part) => String(part)).join("."),
    issue: issue.message,
  }));
}

/**
 * Parses `value` with `schema` and returns the typed output.
 *
 * @throws AppError `VALIDATION_FAILED` with `details` = {@link ValidationIssue}[] when the value
 *   does not match; `what` names the value in the English message.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = "value",
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      `Invalid ${what}`,
      toValidationIssues(result.error.issues),
    );
  }
  return result.data;
}
