import { z } from "zod";
import { foldSearchText } from "./fold.js";

/** Most tags one memo carries (issue #10 › Tags). */
export const MEMO_TAGS_MAX = 20;

/** Longest tag, in UTF-16 code units as every length limit of the schemas (issue #10 › Tags). */
export const TAG_LENGTH_MAX = 50;

const LEADING_HASH = /^[#＃]/u;
const WHITESPACE_RUN = /\s+/gu;

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * One tag as stored: a lone surrogate made U+FFFD (as UTF-8 text columns store it; in a tag list
 * written as JSON it stayed an escape that PostgreSQL's json parser refuses), NFC, trimmed,
 * without a leading `#` (or full-width `＃`), inner whitespace runs made one space. May be `''`
 * (then it is no tag).
 */
export function normalizeTag(tag: string): string {
  return tag
    .replace(LONE_SURROGATE, "\uFFFD")
    .normalize("NFC")
    .trim()
    .replace(LEADING_HASH, "")
    .replace(WHITESPACE_RUN, " ")
    .trim();
}

/**
 * The key two tags are "the same tag" by: the folded form search compares (case, width and
 * accents ignored), so `#Korean` finds `korean` and a memo never holds both.
 */
export function tagKey(tag: string): string {
  return foldSearchText(normalizeTag(tag)).trim();
}

/**
 * A memo's tags as stored (issue #10 › Tags): each {@link normalizeTag}ged, empty ones dropped,
 * and of tags with the same {@link tagKey} only the first kept, order otherwise kept. Does not cut
 * the list or the tags: {@link memoTagsInputSchema} refuses too many or too long.
 *
 * @param tags - tags as entered
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const normalized: string[] = [];
  for (const raw of tags) {
    const tag = normalizeTag(raw);
    const key = tagKey(tag);
    if (tag === "" || key === "" || seen.has(key)) continue;
    seen.add(key);
    normalized.push(tag);
  }
  return normalized;
}

/** One stored tag: 1–{@link TAG_LENGTH_MAX} characters. */
export const memoTagSchema = z.string().min(1).max(TAG_LENGTH_MAX);

/**
 * Tags in a memo create or change: any strings (at most 100, each ≤ 200 characters before
 * normalizing), normalized by {@link normalizeTags}; afterwards at most {@link MEMO_TAGS_MAX}
 * tags of at most {@link TAG_LENGTH_MAX} characters, else `VALIDATION_FAILED` at `tags`.
 */
export const memoTagsInputSchema = z
  .array(z.string().max(200))
  .max(100)
  .transform(normalizeTags)
  .pipe(z.array(memoTagSchema).max(MEMO_TAGS_MAX));
