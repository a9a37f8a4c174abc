import { textFromHtml } from "../memo/preview.js";
import { foldSearchText, isCjkChar, isWordChar } from "./fold.js";
import { hasSearchCriteria, type SearchQuery } from "./query.js";
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

/**
 * A folded memo as the engines scan it: its fields in one string, `title`, `body`, `hint` and each
 * tag joined by line breaks, and where the first three end. Folded text has no line break
 * (folding makes every whitespace run one space, and query terms are folded too), so a term
 * never spans two fields, and the break is a non-word character, so whole words are found as in
 * the fields apart. One string per memo is what makes a scan of 100,000 memos fast: one
 * `indexOf` per term instead of one per field, over memory read in order.
 */
export interface JoinedFoldedMemo {
  /** `title\nbody\nhint` then `\ntag` per tag. */
  text: string;
  titleEnd: number;
  bodyEnd: number;
  hintEnd: number;
}

const FIELD_SEPARATOR = "\n";

/** A folded memo's fields in one string (see {@link JoinedFoldedMemo}). */
export function joinFoldedMemo(memo: FoldedMemo): JoinedFoldedMemo {
  const titleEnd = memo.title.length;
  const bodyEnd = titleEnd + 1 + memo.body.length;
  const hintEnd = bodyEnd + 1 + memo.hint.length;
  return {
    text: [memo.title, memo.body, memo.hint, ...memo.tags].join(FIELD_SEPARATOR),
    titleEnd,
    bodyEnd,
    hintEnd,
  };
}

/**
 * A joined memo (see {@link JoinedFoldedMemo}) from its joined text alone, as a database can
 * return it in one column (one string per memo to read and keep, instead of four fields and
 * their join). Folded fields hold no line break, so the first three breaks are where the
 * title, the body and the hint end.
 */
export function joinedFoldedMemoOf(text: string): JoinedFoldedMemo {
  const titleEnd = text.indexOf(FIELD_SEPARATOR);
  const bodyEnd = text.indexOf(FIELD_SEPARATOR, titleEnd + 1);
  if (titleEnd === -1 || bodyEnd === -1) {
    throw new Error("joinedFoldedMemoOf: expected title, body and hint joined by line breaks");
  }
  const tagsStart = text.indexOf(FIELD_SEPARATOR, bodyEnd + 1);
  return { text, titleEnd, bodyEnd, hintEnd: tagsStart === -1 ? text.length : tagsStart };
}

/** The tags of a joined memo, folded (`tagKey`). */
export function joinedMemoTags(memo: JoinedFoldedMemo): string[] {
  return memo.hintEnd >= memo.text.length
    ? []
    : memo.text.slice(memo.hintEnd + 1).split(FIELD_SEPARATOR);
}

/** Ranking of one match (see {@link searchMatcher}). */
export interface SearchHitRank {
  /** Whether a term occurs in the title: such matches rank above the others. */
  isTitleHit: boolean;
  /** BM25-like relevance ≥ 0, rounded to 6 decimals; higher is better. */
  score: number;
}

/** Tells whether a memo matches a query and, when it does, how it ranks (`null`: no match). */
export type SearchMatcher = (memo: JoinedFoldedMemo) => SearchHitRank | null;

// BM25's usual constants; the average length (in UTF-16 units of folded text) stands in for the
// collection's, which no engine keeps, so a score depends on the memo and the query only.
const BM25_K1 = 1.2;
const BM25_B = 0.75;
const AVERAGE_MEMO_LENGTH = 500;
const FIELD_WEIGHTS = { title: 3, body: 1, hint: 1, tags: 2 } as const;

/** Where a term occurs in a memo: occurrences per field, and how many tags hold it. */
interface TermCounts {
  title: number;
  body: number;
  hint: number;
  tags: number;
}

interface PreparedTerm {
  term: string;
  isWholeWord: boolean;
  /** ln(1 + the term's length in code points): longer terms are rarer. */
  rarity: number;
}

function prepareTerm(term: string): PreparedTerm {
  return {
    term,
    isWholeWord: isWholeWordTerm(term),
    rarity: Math.log(1 + Array.from(term).length),
  };
}

/**
 * Occurrences of a term in a joined memo, left to right and not overlapping (as
 * {@link findTermRanges} finds them in each field), counted per field into `counts` (reset
 * first; the matcher passes one object for every memo of a scan, so counting allocates nothing);
 * `stopAtFirst` stops at the first one. Occurrences never span fields (see
 * {@link JoinedFoldedMemo}).
 */
function countTerm(
  memo: JoinedFoldedMemo,
  prepared: PreparedTerm,
  stopAtFirst: boolean,
  counts: TermCounts,
): TermCounts {
  const { text, titleEnd, bodyEnd, hintEnd } = memo;
  const { term, isWholeWord } = prepared;
  counts.title = 0;
  counts.body = 0;
  counts.hint = 0;
  counts.tags = 0;
  let lastTagEnd = -1;
  let from = 0;
  for (;;) {
    const at = text.indexOf(term, from);
    if (at === -1) return counts;
    const end = at + term.length;
    if (isWholeWord && !(isWordBoundary(text, at, false) && isWordBoundary(text, end, true))) {
      from = at + 1;
      continue;
    }
    if (at < titleEnd) counts.title += 1;
    else if (at < bodyEnd) counts.body += 1;
    else if (at < hintEnd) counts.hint += 1;
    else {
      // A tag counts once however often it holds the term.
      const separator = text.indexOf(FIELD_SEPARATOR, end);
      const tagEnd = separator === -1 ? text.length : separator;
      if (tagEnd !== lastTagEnd) counts.tags += 1;
      lastTagEnd = tagEnd;
    }
    if (stopAtFirst) return counts;
    from = end;
  }
}

function isFound(counts: TermCounts): boolean {
  return counts.title + counts.body + counts.hint + counts.tags > 0;
}

/** The length BM25 normalizes by: the fields' text, separators left out. */
function fieldsLength(memo: JoinedFoldedMemo): number {
  let separators = 2;
  for (let at = memo.text.indexOf(FIELD_SEPARATOR, memo.hintEnd); at !== -1; ) {
    separators += 1;
    at = memo.text.indexOf(FIELD_SEPARATOR, at + 1);
  }
  return memo.text.length - separators;
}

/**
 * The search rule (issue #10 › Search), prepared once for a query and applied to each memo. A
 * memo matches when it contains every term (in its title, text, hint or one of its tags, each
 * term within one field; a substring, or a whole word for a one-character term, see
 * {@link isWholeWordTerm}), carries every tag, contains no excluded term and carries no excluded
 * tag. A query without terms or tags matches nothing.
 *
 * A match ranks by `isTitleHit` (a term occurs in the title), then a BM25-like score: for each
 * term, its occurrences weighted by field (title ×3, tags ×2, text and hint ×1) saturated as BM25
 * does (k1 = 1.2, b = 0.75, length normalized by an average memo of 500 characters), times
 * ln(1 + the term's length) standing in for its rarity (longer terms are rarer). Tag-only queries
 * score 0 (ordered by recency).
 *
 * This is the exact rule of every engine; their indexes only narrow the memos it is applied to.
 *
 * @param query - a parsed query (`parseSearchQuery`)
 */
export function searchMatcher(query: SearchQuery): SearchMatcher {
  const terms = query.terms.map(prepareTerm);
  const excludedTerms = query.excludedTerms.map(prepareTerm);
  const hasTagRule = query.tags.length > 0 || query.excludedTags.length > 0;
  if (terms.length === 0 && query.tags.length === 0) return () => null;
  // One count object for every memo and term of this matcher: a scan of 100,000 memos whose
  // common word matches half of them allocated two objects a match only to add them up.
  const counts: TermCounts = { title: 0, body: 0, hint: 0, tags: 0 };
  return (memo) => {
    // Most memos of a scan hold some term nowhere: one `includes` each turns them away before
    // anything is allocated (a whole word is a substring too, so this only narrows).
    for (const term of terms) if (!memo.text.includes(term.term)) return null;
    if (hasTagRule) {
      const tags = joinedMemoTags(memo);
      if (!query.tags.every((tag) => tags.includes(tag))) return null;
      if (query.excludedTags.some((tag) => tags.includes(tag))) return null;
    }
    // Each term's part of the score as it is counted, in the terms' order (the same sum).
    let isTitleHit = false;
    let score = 0;
    // Positive once computed (for the first term found): a length of 0 still gives 1 - b.
    let lengthNorm = -1;
    for (const term of terms) {
      const { title, body, hint, tags } = countTerm(memo, term, false, counts);
      if (!isFound(counts)) return null;
      if (title > 0) isTitleHit = true;
      if (lengthNorm < 0) {
        lengthNorm = 1 - BM25_B + (BM25_B * fieldsLength(memo)) / AVERAGE_MEMO_LENGTH;
      }
      const frequency =
        FIELD_WEIGHTS.title * title +
        FIELD_WEIGHTS.body * body +
        FIELD_WEIGHTS.hint * hint +
        FIELD_WEIGHTS.tags * tags;
      const saturated = (frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * lengthNorm);
      score += saturated * term.rarity;
    }
    if (excludedTerms.some((term) => isFound(countTerm(memo, term, true, counts)))) return null;
    if (terms.length === 0) return { isTitleHit: false, score: 0 };
    return { isTitleHit, score: Math.round(score * 1e6) / 1e6 };
  };
}

/**
 * Whether every memo that matches `next` also matches `previous` (both parsed by
 * `parseSearchQuery`), so a search for `next` need only look through the matches of `previous`:
 * typing on narrows the results. So it is when `previous` asks for something (a query without
 * terms or tags matches nothing), each of its terms lies within a term of `next` (a one-letter
 * whole-word term only as that same term: "a" is not a whole word of every text holding "ab"),
 * each of its tags is one of `next`'s, and each of its exclusions is one of `next`'s.
 */
export function isNarrowerSearch(next: SearchQuery, previous: SearchQuery): boolean {
  if (!hasSearchCriteria(previous)) return false;
  const holds = (term: string) =>
    isWholeWordTerm(term)
      ? next.terms.includes(term)
      : next.terms.some((nextTerm) => nextTerm.includes(term));
  return (
    previous.terms.every(holds) &&
    previous.tags.every((tag) => next.tags.includes(tag)) &&
    previous.excludedTerms.every((term) => next.excludedTerms.includes(term)) &&
    previous.excludedTags.every((tag) => next.excludedTags.includes(tag))
  );
}

/** {@link searchMatcher} for one memo given field by field: its rank, or `null` when no match. */
export function rankSearchMatch(memo: FoldedMemo, query: SearchQuery): SearchHitRank | null {
  return searchMatcher(query)(joinFoldedMemo(memo));
}

/** Whether a memo is a match of the query (see {@link searchMatcher}). */
export function memoMatchesSearch(memo: FoldedMemo, query: SearchQuery): boolean {
  return rankSearchMatch(memo, query) !== null;
}

/** A ranked match, as {@link compareSearchHits} orders them. */
export interface SearchHit extends SearchHitRank {
  id: string;
  /** Epoch ms of the memo's last change. */
  updatedAt: number;
}

/**
 * The hit of a memo the matcher ranked. Its fields named, not spread from `rank`: a common word
 * matches half of 100,000 memos, and the spread took about a tenth of such a scan (Node).
 */
export function toSearchHit(id: string, updatedAt: number, rank: SearchHitRank): SearchHit {
  return { id, updatedAt, isTitleHit: rank.isTitleHit, score: rank.score };
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

/**
 * One page of search results: the best `limit` of `hits` ranked after `after` (from the best
 * when it is null), best first by {@link compareSearchHits}, and whether more follow. Keeps only
 * the best `limit + 1` while it scans instead of sorting every hit: a common word matches tens of
 * thousands of memos, and a page needs thirty.
 */
export function pageOfSearchHits<Hit extends SearchHit>(
  hits: Iterable<Hit>,
  after: SearchHit | null,
  limit: number,
): { page: Hit[]; hasMore: boolean } {
  const best: Hit[] = [];
  for (const hit of hits) {
    if (after !== null && compareSearchHits(hit, after) <= 0) continue;
    const worst = best.at(-1);
    if (best.length > limit && worst && compareSearchHits(hit, worst) >= 0) continue;
    let at = best.length;
    while (at > 0 && compareSearchHits(hit, best[at - 1] as Hit) < 0) at -= 1;
    best.splice(at, 0, hit);
    if (best.length > limit + 1) best.pop();
  }
  return { page: best.slice(0, limit), hasMore: best.length > limit };
}
