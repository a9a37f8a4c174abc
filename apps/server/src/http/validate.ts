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
  return result.data;
}
