import { escapeHtml, unescapeHtml } from "../common/html-escape.js";
import { foldSearchTextWithOffsets } from "./fold.js";
import { findTermRanges, type SearchableMemo } from "./match.js";
import type { SearchQuery } from "./query.js";

/** Longest snippet, in UTF-16 code units of text (without the `<mark>` tags and ellipses). */
export const SEARCH_SNIPPET_LENGTH = 160;

/** How much text a snippet shows before its first hit, in UTF-16 code units. */
const SNIPPET_CONTEXT_BEFORE = 40;

const ELLIPSIS = "…";

/** A piece of the snippet as HTML text, runs of white space folded to one space. */
function snippetHtml(text: string): string {
  return escapeHtml(text.replace(/\s+/gu, " "));
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The hits of the query's terms in `text`, as merged `[start, end)` ranges of `source`. */
function hitRanges(
  folded: ReturnType<typeof foldSearchTextWithOffsets>,
  query: SearchQuery,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const term of query.terms) {
    for (const [start, end] of findTermRanges(folded.folded, term)) {
      ranges.push([folded.sourceStart[start] ?? 0, folded.sourceEnd[end - 1] ?? 0]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/**
 * A snippet of `text` for a search result: HTML in which everything is escaped except the
 * `<mark>…</mark>` around each hit of the query's terms (issue #10 › Search). The window starts
 * a little before the first hit (at the start when there is no hit), is at most `maxLength`
 * UTF-16 units of the text (in NFC, whitespace runs shown as one space), never splits a surrogate
 * pair, and has `…` where text was cut.
 *
 * @param text - plain text (a memo's title, text or hint)
 * @param query - the parsed query whose terms are marked
 * @param maxLength - window length in UTF-16 units
 */
export function searchSnippet(
  text: string,
  query: SearchQuery,
  maxLength: number = SEARCH_SNIPPET_LENGTH,
): string {
  const folded = foldSearchTextWithOffsets(text);
  const { source } = folded;
  const ranges = hitRanges(folded, query);
  let start = Math.max(0, (ranges[0]?.[0] ?? 0) - SNIPPET_CONTEXT_BEFORE);
  let end = Math.min(source.length, start + maxLength);
  start = Math.max(0, Math.min(start, end - maxLength));
  if (isLowSurrogate(source, start)) start += 1;
  if (end < source.length && isLowSurrogate(source, end)) end -= 1;

  let html = start > 0 ? ELLIPSIS : "";
  let at = start;
  for (const [hitStart, hitEnd] of ranges) {
    const from = Math.max(hitStart, start);
    const to = Math.min(hitEnd, end);
    if (from >= to) continue;
    html += `${snippetHtml(source.slice(at, from))}<mark>${snippetHtml(source.slice(from, to))}</mark>`;
    at = to;
  }
  html += snippetHtml(source.slice(at, end));
  return end < source.length ? html + ELLIPSIS : html;
}

/**
 * The snippet of a matched memo: from its text when a term occurs there, else its hint, else its
 * title (and its text when no field holds a term, as for a tag-only search).
 *
 * @param memo - the memo's fields as plain text (`searchableMemoText`)
 * @param query - the parsed query
 */
export function memoSearchSnippet(memo: SearchableMemo, query: SearchQuery): string {
  const fields = [memo.body, memo.hint, memo.title];
  for (const field of fields) {
    const folded = foldSearchTextWithOffsets(field);
    if (hitRanges(folded, query).length > 0) return searchSnippet(field, query);
  }
  return searchSnippet(memo.body === "" ? memo.title : memo.body, query);
}

/** A run of a snippet's text: a hit of the query (`isHit`) or the text around the hits. */
export interface SnippetPart {
  text: string;
  isHit: boolean;
}

/**
 * A snippet ({@link searchSnippet}: escaped text with `<mark>` around the hits) as plain text
 * runs, for a client to render as text nodes and `mark` elements without parsing any HTML (no
 * sanitizer call per row, nothing that could run). Only the five entities `escapeHtml` writes
 * are read back (`unescapeHtml`); any other markup a snippet might hold stays visible text.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let isHit = false;
  for (const piece of snippet.split(/(<mark>|<\/mark>)/)) {
    if (piece === "<mark>" || piece === "</mark>") {
      isHit = piece === "<mark>";
      continue;
    }
    if (piece === "") continue;
    parts.push({ text: unescapeHtml(piece), isHit });
  }
  return parts;
}
