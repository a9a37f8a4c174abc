import { AppError, ErrorCode } from "../errors.js";
import { toEpochMs } from "./timestamp.js";

/**
 * Checks that an imported value is a plain object and returns a shallow copy in which `null`
 * becomes absent, except for `nullableKeys` (document exports often write `null` for "unset",
 * which should then take the schema default).
 *
 * @param raw - the imported value
 * @param what - names the value in the English error message
 * @param nullableKeys - fields whose `null` is meaningful and kept
 * @throws AppError `VALIDATION_FAILED` when `raw` is not a non-array object
 */
export function importedRecord(
  raw: unknown,
  what: string,
  nullableKeys: readonly string[] = [],
): Record<string, unknown> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    const kind = raw === null ? "null" : Array.isArray(raw) ? "array" : typeof raw;
    throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid ${what}`, [
      { path: "", issue: `Expected an object, got ${kind}` },
    ]);
  }
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value !== null || nullableKeys.includes(key)) record[key] = value;
  }
  return record;
}

/**
 * An imported timestamp as epoch ms (see {@link toEpochMs}), or the value unchanged when it is
 * not a timestamp, so that the schema reports it with its path.
 */
export function importedTimestamp(value: unknown): unknown {
  return toEpochMs(value) ?? value;
}

/** {@link importedTimestamp} applied to each element of an array; other values unchanged. */
export function importedTimestamps(value: unknown): unknown {
  return Array.isArray(value) ? value.map(importedTimestamp) : value;
}
