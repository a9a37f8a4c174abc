import { textFromHtml } from "../memo/preview.js";
import { foldSearchText, isCjkChar, isWordChar } from "./fold.js";
import type { SearchQuery } from "./query.js";
import { tagKey } from "./tags.js";
import { searchTokens } from "./tokens.js";

/** The fields of a memo search looks through, as plain text (see {@link searchableMemoText}). */
export interface SearchableMemo {
  title: string;
  /** The contents as text (`textFromHtml`). */
  body: string;
  /** The flash-card hint. */
  hint: string;
  tags: readonly string[];
}

/**
 * A {@link SearchableMemo} folded (`foldSearchText`, trimmed; tags by `tagKey`), as engines store
 * it.
 */
export type FoldedMemo = SearchableMemo;

/**
 * The text search looks through in a memo: its title, its rich-text contents as plain text, its
 * flash-card hint and its tags.
 */
export function searchableMemoText(memo: {
  title: string;
  contents: string;
  flashCardHint: string;
  tags: readonly string[];
}): SearchableMemo {
  return {
    title: memo.title,
    body: textFromHtml(memo.contents),
    hint: memo.flashCardHint,
    tags: memo.tags,
  };
}

/** Every field of a {@link SearchableMemo} folded and trimmed. */
export function foldSearchableMemo(memo: SearchableMemo): FoldedMemo {
  return {
    title: foldSearchText(memo.title).trim(),
    body: foldSearchText(memo.body).trim(),
    hint: foldSearchText(memo.hint).trim(),
    tags: memo.tags.map(tagKey),
  };
}

/** The index tokens of a folded memo: those of each field on its own (see `searchTokens`). */
export function memoSearchTokens(memo: FoldedMemo): string[] {
  const tokens = new Set<string>();
  for (const field of [memo.title, memo.body, memo.hint, ...memo.tags]) searchTokens(field, tokens);
  return [...tokens];
}

/**
 * Whether a one-character term must stand as a whole word: a letter or digit of a script that
 * separates words with spaces. (A CJK character matches anywhere: Korean glues particles to words
 * and Chinese and Japanese write no spaces.)
 */
export function isWholeWordTerm(term: string): boolean {
  // One code point: one UTF-16 unit, or a surrogate pair (checked without allocating: this runs
  // for every field of every candidate).
  const isOneCodePoint =
    term.length === 1 || (term.length === 2 && (term.codePointAt(0) ?? 0) > 0xffff);
  return isOneCodePoint && isWordChar(term) && !isCjkChar(term);
}

function isWordBoundary(text: string, index: number, forward: boolean): boolean {
  if (forward ? index >= text.length : index <= 0) return true;
  const char = forward
    ? String.fromCodePoint(text.codePointAt(index) ?? 0)
    : (Array.from(text.slice(Math.max(0, index - 2), index)).at(-1) ?? "");
  return !isWordChar(char);
}

/**
 * Where `term` occurs in folded `text`, as `[start, end)` UTF-16 ranges, left to right, not
 * overlapping: substrings, or for a one-character term ({@link isWholeWordTerm}) whole words.
 */
export function findTermRanges(text: string, term: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (term === "") return ranges;
  const isWholeWord = isWholeWordTerm(term);
  let from = 0;
  for (;;) {
    const at = text.indexOf(term, from);
    if (at === -1) return ranges;
    const end = at + term.length;
    if (!isWholeWord || (isWordBoundary(text, at, false) && isWordBoundary(text, end, true))) {
      ranges.push([at, end]);
      from = end;
    } else {
      from = at + 1;
    }
  }
}

function containsTerm(text: string, term: string): boolean {
  if (!isWholeWordTerm(term)) return text.includes(term);
  return findTermRanges(text, term).length > 0;
}

function memoContainsTerm(memo: FoldedMemo, term: string): boolean {
  return (
    containsTerm(memo.title, term) ||
    containsTerm(memo.body, term) ||
    containsTerm(memo.hint, term) ||
    memo.tags.some((tag) => containsTerm(tag, term))
  );
}

/**
 * Whether a memo is a match of the query (issue #10 › Search): it contains every term (in its
 * title, text, hint or one of its tags, each term within one field; a substring, or a whole word
 * for a one-character term, see {@link isWholeWordTerm}), carries every tag, contains no excluded
 * term and carries no excluded tag. A query without terms or tags matches nothing.
 *
 * This is the exact rule; the engines' indexes only narrow the memos it is applied to.
 *
 * @param memo - the memo's fields, folded ({@link foldSearchableMemo})
 * @param query - a parsed query (`parseSearchQuery`)
 */
export function memoMatchesSearch(memo: FoldedMemo, query: SearchQuery): boolean {
  if (query.terms.length === 0 && query.tags.length === 0) return false;
  return (
    query.tags.every((tag) => memo.tags.includes(tag)) &&
    !query.excludedTags.some((tag) => memo.tags.includes(tag)) &&
    query.terms.every((term) => memoContainsTerm(memo, term)) &&
    !query.excludedTerms.some((term) => memoContainsTerm(memo, term))
  );
}

/** Ranking of one match (see {@link scoreSearchHit}). */
export interface SearchHitRank {
  /** Whether a term occurs in the title: such matches rank above the others. */
  isTitleHit: boolean;
  /** BM25-like relevance ≥ 0, rounded to 6 decimals; higher is better. */
  score: number;
}

// BM25's usual constants; the average length (in UTF-16 units of folded text) stands in for the
// collection's, which no engine keeps, so a score depends on the memo and the query only.
const BM25_K1 = 1.2;
const BM25_B = 0.75;
const AVERAGE_MEMO_LENGTH = 500;
const FIELD_WEIGHTS = { title: 3, body: 1, hint: 1, tags: 2 } as const;

/**
 * Ranks a match: `isTitleHit`, and a BM25-like score: for each term, its occurrences weighted by
 * field (title ×3, tags ×2, text and hint ×1) saturated as BM25 does (k1 = 1.2, b = 0.75, length
 * normalized by an average memo of 500 characters), times ln(1 + the term's length) standing in
 * for its rarity (longer terms are rarer). Tag-only queries score 0 (ordered by recency).
 *
 * @param memo - a match, folded
 * @param query - the parsed query
 */
export function scoreSearchHit(memo: FoldedMemo, query: SearchQuery): SearchHitRank {
  const length =
    memo.title.length +
    memo.body.length +
    memo.hint.length +
    memo.tags.reduce((sum, tag) => sum + tag.length, 0);
  const lengthNorm = 1 - BM25_B + (BM25_B * length) / AVERAGE_MEMO_LENGTH;
  let isTitleHit = false;
  let score = 0;
  for (const term of query.terms) {
    const titleCount = findTermRanges(memo.title, term).length;
    if (titleCount > 0) isTitleHit = true;
    const frequency =
      FIELD_WEIGHTS.title * titleCount +
      FIELD_WEIGHTS.body * findTermRanges(memo.body, term).length +
      FIELD_WEIGHTS.hint * findTermRanges(memo.hint, term).length +
      FIELD_WEIGHTS.tags * memo.tags.filter((tag) => containsTerm(tag, term)).length;
    const saturated = (frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * lengthNorm);
    score += saturated * Math.log(1 + Array.from(term).length);
  }
  return { isTitleHit, score: Math.round(score * 1e6) / 1e6 };
}

/** A ranked match, as {@link compareSearchHits} orders them. */
export interface SearchHit extends SearchHitRank {
  id: string;
  /** Epoch ms of the memo's last change. */
  updatedAt: number;
}

/**
 * Search order (issue #10 › Search): title hits first, then higher score, then more recently
 * updated, then id (ascending) so the order is total and keyset paging is stable.
 */
export function compareSearchHits(a: SearchHit, b: SearchHit): number {
  if (a.isTitleHit !== b.isTitleHit) return a.isTitleHit ? -1 : 1;
  if (a.score !== b.score) return b.score - a.score;
  if (a.updatedAt !== b.updatedAt) return b.updatedAt - a.updatedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
