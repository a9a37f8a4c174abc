// Folding: the one way every search engine of Mnemo (SQLite, PostgreSQL, the web's offline index)
// compares text, so that they agree on what matches.

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const CJK_CHAR = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const WHITESPACE_CHAR = /\s/u;
const NONSPACING_MARKS = /\p{Mn}/gu;

// Folded forms of the non-ASCII code points seen so far; a code point always folds the same way.
const foldedCodePoints = new Map<number, string>();
const wordChars = new Map<number, boolean>();
const cjkChars = new Map<number, boolean>();

function foldCodePoint(codePoint: number, char: string): string {
  if (codePoint < 0x80) {
    return codePoint >= 0x41 && codePoint <= 0x5a ? String.fromCharCode(codePoint + 0x20) : char;
  }
  let folded = foldedCodePoints.get(codePoint);
  if (folded === undefined) {
    // NFKD splits width variants, ligatures and accented letters into base + marks; the
    // non-spacing marks (accents) go; NFC puts Hangul syllables back together.
    folded = char.normalize("NFKD").toLowerCase().replace(NONSPACING_MARKS, "").normalize("NFC");
    foldedCodePoints.set(codePoint, folded);
  }
  return folded;
}

/**
 * Whether a (folded) character is part of a word: a letter, digit or mark of any script.
 * Words are the maximal runs of such characters; everything else separates them.
 */
export function isWordChar(char: string): boolean {
  const codePoint = char.codePointAt(0) ?? 0;
  if (codePoint < 0x80) {
    return (
      (codePoint >= 0x61 && codePoint <= 0x7a) ||
      (codePoint >= 0x41 && codePoint <= 0x5a) ||
      (codePoint >= 0x30 && codePoint <= 0x39)
    );
  }
  let isWord = wordChars.get(codePoint);
  if (isWord === undefined) {
    isWord = WORD_CHAR.test(char);
    wordChars.set(codePoint, isWord);
  }
  return isWord;
}

/**
 * Whether a character is Hangul, Han (CJK ideographs), Hiragana or Katakana: scripts written
 * without spaces between words (or, in Korean, with particles glued to them), which search
 * matches character by character rather than word by word.
 */
export function isCjkChar(char: string): boolean {
  const codePoint = char.codePointAt(0) ?? 0;
  if (codePoint < 0x80) return false;
  let isCjk = cjkChars.get(codePoint);
  if (isCjk === undefined) {
    isCjk = CJK_CHAR.test(char);
    cjkChars.set(codePoint, isCjk);
  }
  return isCjk;
}

/** Folded text with, for each of its UTF-16 units, where it came from in `source`. */
export interface FoldedText {
  /** The folded text, as {@link foldSearchText} returns it. */
  folded: string;
  /** `text.normalize("NFC")`: the text the offsets point into. */
  source: string;
  /** For each UTF-16 index of `folded`, the index in `source` of the code point it came from. */
  sourceStart: number[];
  /** For each UTF-16 index of `folded`, the index in `source` just after that code point. */
  sourceEnd: number[];
}

function isWhitespace(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return WHITESPACE_CHAR.test(char);
}

function foldInto(text: string, onChar: (folded: string, start: number, end: number) => void) {
  let isAfterSpace = false;
  let index = 0;
  for (const char of text) {
    const start = index;
    index += char.length;
    const folded = foldCodePoint(char.codePointAt(0) ?? 0, char);
    for (const out of folded) {
      if (isWhitespace(out)) {
        if (isAfterSpace) continue;
        isAfterSpace = true;
        onChar(" ", start, index);
      } else {
        isAfterSpace = false;
        onChar(out, start, index);
      }
    }
  }
}

/**
 * The form search compares: the text in NFC, then each code point in compatibility decomposition
 * (NFKD), lower-cased, without non-spacing marks, recomposed (NFC); every run of whitespace
 * becomes one space. So `ＡＢＣ` = `abc`, `É` = `e`, `ﬁ` = `fi`, and decomposed 한글 = composed.
 *
 * Folding is done code point by code point, so a substring of the folded text always comes from
 * a substring of the text (see {@link foldSearchTextWithOffsets}).
 *
 * @param text - any text
 * @returns the folded text (not trimmed)
 */
export function foldSearchText(text: string): string {
  const source = text.normalize("NFC");
  let folded = "";
  // Runs of characters that fold to themselves are copied whole: most of a Korean or English
  // text, which a character at a time took 1.5–3× as long (a first download folds every memo).
  let runStart = 0;
  let isAfterSpace = false;
  let index = 0;
  while (index < source.length) {
    if (foldsToItself(source.charCodeAt(index))) {
      index++;
      continue;
    }
    if (index > runStart) {
      folded += source.slice(runStart, index);
      isAfterSpace = false;
    }
    const codePoint = source.codePointAt(index) ?? 0;
    const char = String.fromCodePoint(codePoint);
    index += char.length;
    runStart = index;
    for (const out of foldCodePoint(codePoint, char)) {
      if (!isWhitespace(out)) {
        isAfterSpace = false;
        folded += out;
      } else if (!isAfterSpace) {
        isAfterSpace = true;
        folded += " ";
      }
    }
  }
  return index > runStart ? folded + source.slice(runStart, index) : folded;
}

/**
 * Whether a UTF-16 unit is a whole character that folds to itself and is no whitespace: ASCII
 * but capitals and whitespace, and Hangul syllables (NFKD splits one into its jamo, none of them
 * a mark, and NFC puts them back together).
 */
function foldsToItself(unit: number): boolean {
  if (unit < 0x80) {
    return !(unit >= 0x41 && unit <= 0x5a) && unit !== 0x20 && !(unit >= 0x09 && unit <= 0x0d);
  }
  return unit >= 0xac00 && unit <= 0xd7a3;
}

/**
 * {@link foldSearchText} with the offsets that map a range of the folded text back to the NFC
 * form of `text` (for snippets).
 */
export function foldSearchTextWithOffsets(text: string): FoldedText {
  const source = text.normalize("NFC");
  const parts: string[] = [];
  const sourceStart: number[] = [];
  const sourceEnd: number[] = [];
  foldInto(source, (folded, start, end) => {
    parts.push(folded);
    for (let unit = 0; unit < folded.length; unit++) {
      sourceStart.push(start);
      sourceEnd.push(end);
    }
  });
  return { folded: parts.join(""), source, sourceStart, sourceEnd };
}
