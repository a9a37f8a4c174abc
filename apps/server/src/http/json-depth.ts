import { AppError, ErrorCode } from "@mnemo/domain";

/**
 * Deepest nesting of arrays and objects a JSON body may have. Every request of the app nests a
 * few levels; the limit keeps a small body (5,000 `[` are 5 KB) from overflowing the stack of
 * whatever recurses over it later (validation, the auth bridge's `JSON.stringify`).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when `text` nests arrays and objects deeper than `maxDepth`. One pass, no recursion and
 * no allocation: brackets inside strings (escapes included) do not count. Malformed JSON is left
 * to the parser, which refuses it.
 */
export function isNestedTooDeep(text: string, maxDepth: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (isInString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) isInString = false;
    } else if (char === 0x22) {
      isInString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/** The error of a body nested deeper than {@link MAX_JSON_DEPTH}. */
export function nestedTooDeep(): AppError {
  const issue = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
  return new AppError(ErrorCode.VALIDATION_FAILED, issue, [{ path: "", issue }]);
}
