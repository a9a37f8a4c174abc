import { isCjkChar, isWordChar } from "./fold.js";

// Index tokens. Every engine stores, for each memo, the set of tokens of its folded text, and asks
// for the memos holding all the tokens of a query: a superset of the true matches (the index
// cannot tell where tokens sit), which `memoMatchesSearch` then narrows to exactly them.
//
// The rule that makes the superset hold: every token a query term asks for is built from
// characters that lie inside one word of the term, and any word of a term that is a substring
// of a memo's text lies inside one word of that text, where the same token was indexed.

/** Calls `onRun(start, end)` for each maximal run of word characters of `chars`. */
function forEachWord(chars: readonly string[], onRun: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i <= chars.length; i++) {
    const isWord = i < chars.length && isWordChar(chars[i] ?? "");
    if (isWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      onRun(start, i);
      start = -1;
    }
  }
}

/**
 * The index tokens of folded text (see `foldSearchText`), added to `into`. For each word (maximal
 * run of letters, digits and marks):
 * - every CJK character alone (`isCjkChar`), and the word itself when it is one character;
 * - every pair of neighbouring characters (bigram);
 * - every three neighbouring characters none of which is CJK (trigram).
 *
 * So `한국어를` gives 한 국 어 를 한국 국어 어를, and `hello` gives he el ll lo hel ell llo.
 * Tokens hold no whitespace: engines may store them as one space-separated string.
 *
 * @param folded - folded text
 * @param into - the set to add to (a new one by default)
 * @returns `into`
 */
export function searchTokens(folded: string, into: Set<string> = new Set()): Set<string> {
  const chars = Array.from(folded);
  forEachWord(chars, (start, end) => {
    if (end - start === 1) into.add(chars[start] ?? "");
    for (let i = start; i < end; i++) {
      const first = chars[i] ?? "";
      const isFirstCjk = isCjkChar(first);
      if (isFirstCjk) into.add(first);
      if (i + 1 >= end) continue;
      const second = chars[i + 1] ?? "";
      into.add(first + second);
      if (i + 2 >= end || isFirstCjk) continue;
      const third = chars[i + 2] ?? "";
      if (!isCjkChar(second) && !isCjkChar(third)) into.add(first + second + third);
    }
  });
  return into;
}

/**
 * The tokens a memo must hold (see {@link searchTokens}) to contain the folded query term `term`:
 * the fewest, most selective ones. A one-character term is a whole word (or, in CJK, the
 * character anywhere); in longer terms, trigrams where the three characters are not CJK,
 * bigrams elsewhere, single CJK characters for a one-character word.
 *
 * The answer is empty when the term gives the index nothing to look for (`c+`, `++`): then every
 * memo is a candidate.
 *
 * @param term - a folded query term, trimmed
 */
export function searchTermTokens(term: string): string[] {
  const chars = Array.from(term);
  const tokens = new Set<string>();
  if (chars.length === 1) {
    if (isWordChar(term)) tokens.add(term);
    return [...tokens];
  }
  forEachWord(chars, (start, end) => {
    if (end - start === 1) {
      const only = chars[start] ?? "";
      if (isCjkChar(only)) tokens.add(only);
      return;
    }
    let lastTrigram = Number.NEGATIVE_INFINITY;
    for (let i = start; i + 1 < end; i++) {
      const window = chars.slice(i, i + 3);
      if (i + 2 < end && !window.some(isCjkChar)) {
        tokens.add(window.join(""));
        lastTrigram = i;
      } else if (lastTrigram !== i - 1) {
        // A trigram starting one before already holds this pair.
        tokens.add(window.slice(0, 2).join(""));
      }
    }
  });
  return [...tokens];
}
