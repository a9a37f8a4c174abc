import { foldSearchText, isWordChar } from "./fold.js";
import { normalizeTag } from "./tags.js";
import { searchTermTokens } from "./tokens.js";

/**
 * A parsed search (see {@link parseSearchQuery}); every string is folded (`foldSearchText`) and
 * trimmed.
 */
export interface SearchQuery {
  /** Words and phrases a match contains, each somewhere in its title, text, hint or a tag. */
  terms: string[];
  /** Tags a match carries. */
  tags: string[];
  /** Words and phrases a match does not contain anywhere. */
  excludedTerms: string[];
  /** Tags a match does not carry. */
  excludedTags: string[];
}

const QUOTE = '"';

/** One piece of the query text before folding. */
interface RawPart {
  text: string;
  isExcluded: boolean;
  isPhrase: boolean;
}

function splitQuery(text: string): RawPart[] {
  const parts: RawPart[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    while (i < length && /\s/u.test(text.charAt(i))) i++;
    if (i >= length) break;
    let isExcluded = false;
    if (text[i] === "-" && i + 1 < length && !/\s/u.test(text.charAt(i + 1))) {
      isExcluded = true;
      i++;
    }
    if (text[i] === QUOTE) {
      // A phrase runs to the closing quote, or to the end when there is none.
      const close = text.indexOf(QUOTE, i + 1);
      const end = close === -1 ? length : close;
      parts.push({ text: text.slice(i + 1, end), isExcluded, isPhrase: true });
      i = end + 1;
      continue;
    }
    let end = i;
    while (end < length && !/\s/u.test(text.charAt(end))) end++;
    parts.push({ text: text.slice(i, end), isExcluded, isPhrase: false });
    i = end;
  }
  return parts;
}

/** Whether a folded term is worth searching for: two or more characters, or one letter or digit. */
function isSearchableTerm(term: string): boolean {
  const chars = Array.from(term);
  return chars.length > 1 || (chars.length === 1 && isWordChar(term));
}

function pushOnce(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

/**
 * Parses what the user typed in the search field (issue #10 › Search):
 * - words separated by whitespace: a match contains every one of them, in any order;
 * - `"quoted words"`: a phrase (an unclosed quote runs to the end);
 * - `#tag`: a match carries the tag (compared folded, so `#Korean` finds the tag `korean`);
 * - `-word`, `-"phrase"`, `-#tag`: a match does not contain it;
 * - a lone `-` or `#` is an ordinary character.
 *
 * Terms of one character that is not a letter or digit (`+`, `.`) are dropped. Duplicates are
 * dropped. The answer may be empty in every list: such a search finds nothing.
 *
 * @param text - the query as typed
 */
export function parseSearchQuery(text: string): SearchQuery {
  const query: SearchQuery = { terms: [], tags: [], excludedTerms: [], excludedTags: [] };
  for (const part of splitQuery(text)) {
    if (!part.isPhrase && part.text.length > 1 && part.text.startsWith("#")) {
      const tag = foldSearchText(normalizeTag(part.text)).trim();
      if (tag !== "") pushOnce(part.isExcluded ? query.excludedTags : query.tags, tag);
      continue;
    }
    const term = foldSearchText(part.text).trim();
    if (isSearchableTerm(term)) pushOnce(part.isExcluded ? query.excludedTerms : query.terms, term);
  }
  return query;
}

/** Whether the query asks for anything a memo could have (a term or a tag). */
export function hasSearchCriteria(query: SearchQuery): boolean {
  return query.terms.length > 0 || query.tags.length > 0;
}

/**
 * Index tokens every match of `query` holds (see `searchTermTokens`): those of its terms and of
 * its tags (a tag's text is indexed like the rest of the memo). Empty when the index cannot narrow
 * the search (then every memo of the user is a candidate).
 */
export function searchQueryTokens(query: SearchQuery): string[] {
  const tokens = new Set<string>();
  for (const term of [...query.terms, ...query.tags]) {
    for (const token of searchTermTokens(term)) tokens.add(token);
  }
  return [...tokens];
}
