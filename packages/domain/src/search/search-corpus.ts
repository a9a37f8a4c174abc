// A generated corpus of Korean and English memos and queries that check every search engine
// (SQLite, PostgreSQL, the web's offline index) against a plain substring scan. Deterministic:
// the same seed gives the same memos everywhere.

/** One generated memo: the fields search reads, an id and a change time. */
export interface SearchCorpusMemo {
  /** `c` + the index in six digits. */
  id: string;
  title: string;
  /** Rich-text HTML as the editor stores it. */
  contents: string;
  flashCardHint: string;
  /** Already normalized (`normalizeTags` leaves them as they are). */
  tags: string[];
  /** Epoch ms; distinct across the corpus. */
  updatedAt: number;
}

// Nouns of 1 to 5 syllables; several contain others (한국 in 한국어, 국어 in 한국어).
const KOREAN_NOUNS = [
  "책",
  "물",
  "말",
  "법",
  "눈",
  "한국",
  "문법",
  "단어",
  "발음",
  "시험",
  "공부",
  "학교",
  "기억",
  "복습",
  "수학",
  "과학",
  "역사",
  "경제",
  "확률",
  "통계",
  "국어",
  "한국어",
  "영어",
  "일본어",
  "도서관",
  "대학교",
  "컴퓨터",
  "미적분",
  "프로그램",
  "자료구조",
  "알고리즘",
  "운영체제",
  "데이터베이스",
  "API문서",
  "3월",
];
const KOREAN_VERBS = [
  "공부했다",
  "외웠다",
  "정리했다",
  "배웠다",
  "읽었다",
  "쓴다",
  "복습한다",
  "잊어버렸다",
  "이해했다",
];
const KOREAN_ADVERBS = ["오늘", "내일", "다시", "천천히", "매일", "빨리", "어제"];
const ENGLISH_WORDS = [
  "memory",
  "review",
  "grammar",
  "vocabulary",
  "algorithm",
  "algebra",
  "database",
  "data",
  "network",
  "function",
  "variable",
  "pattern",
  "practice",
  "spaced",
  "repetition",
  "interval",
  "language",
  "Korean",
  "English",
  "history",
  "science",
  "theorem",
  "proof",
  "matrix",
  "vector",
  "the",
  "a",
  "of",
  "and",
  "to",
  "x",
  "I",
  "3",
  "café",
  "Cafe",
  "résumé",
  "naïve",
  "ＡＢＣ",
  "abc",
  "ﬁle",
  "API",
  "SQL",
  "C++",
  "e-mail",
  "100%",
  "rock'n'roll",
];
const TAGS = [
  "한국어",
  "영어",
  "시험",
  "grammar",
  "CS",
  "수학",
  "Review",
  "TODO",
  "중요",
  "café",
  "C++",
  "일본어 단어",
];

/** The Korean particle after `word`, chosen by whether its last syllable ends in a consonant. */
function particle(word: string, withFinal: string, withoutFinal: string): string {
  const last = word.charCodeAt(word.length - 1);
  const isHangul = last >= 0xac00 && last <= 0xd7a3;
  const hasFinal = isHangul ? (last - 0xac00) % 28 !== 0 : false;
  return hasFinal ? withFinal : withoutFinal;
}

const PARTICLES: ReadonlyArray<readonly [string, string]> = [
  ["을", "를"],
  ["은", "는"],
  ["이", "가"],
  ["과", "와"],
  ["으로", "로"],
  ["에", "에"],
  ["의", "의"],
  ["도", "도"],
  ["", ""],
];

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Corpus epoch: 2026-11-01T00:00:00Z. */
const CORPUS_START = 1_793_491_200_000;

/**
 * Generates `count` memos of mixed Korean and English text (Korean nouns with and without
 * particles, English words in various cases, accented, full-width and ligature forms, symbols,
 * HTML markup and character references), with tags from a small list.
 *
 * @param count - how many memos (≥ 0)
 * @param seed - any integer; the same seed gives the same memos
 */
export function generateSearchCorpus(count: number, seed = 10): SearchCorpusMemo[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const koreanPhrase = (): string => {
    const noun = pick(KOREAN_NOUNS);
    const [withFinal, withoutFinal] = pick(PARTICLES);
    const words = [noun + particle(noun, withFinal, withoutFinal)];
    if (random() < 0.4) words.unshift(pick(KOREAN_ADVERBS));
    if (random() < 0.6) words.push(pick(KOREAN_VERBS));
    return words.join(" ");
  };
  const englishPhrase = (): string => {
    const length = 1 + Math.floor(random() * 4);
    return Array.from({ length }, () => pick(ENGLISH_WORDS)).join(" ");
  };
  const phrase = (): string => (random() < 0.55 ? koreanPhrase() : englishPhrase());
  const sentence = (): string => {
    const length = 1 + Math.floor(random() * 4);
    return Array.from({ length }, phrase).join(random() < 0.2 ? ", " : " ");
  };
  const markup = (text: string): string => {
    const roll = random();
    if (roll < 0.1) return `<b>${text}</b>`;
    if (roll < 0.15) return `${text} &amp; ${pick(ENGLISH_WORDS)}`;
    if (roll < 0.2) return `${text}<br>${pick(KOREAN_NOUNS)}`;
    return text;
  };

  const memos: SearchCorpusMemo[] = [];
  for (let index = 0; index < count; index++) {
    const paragraphs = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      markup(sentence()),
    );
    const tags: string[] = [];
    const tagCount = Math.floor(random() * 3);
    for (let i = 0; i < tagCount; i++) {
      const tag = pick(TAGS);
      if (!tags.includes(tag)) tags.push(tag);
    }
    memos.push({
      id: `c${String(index).padStart(6, "0")}`,
      title: phrase(),
      contents: paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(""),
      flashCardHint: random() < 0.3 ? phrase() : "",
      tags,
      updatedAt: CORPUS_START + index * 60_000,
    });
  }
  return memos;
}

/**
 * Queries for the corpus: Korean words of 1–4 syllables and with particles, English words,
 * prefixes and substrings, one-character words, mixed scripts, phrases, tags, exclusions, and
 * width, case, accent and ligature variants.
 */
export const SEARCH_CORPUS_QUERIES: readonly string[] = [
  "책",
  "물",
  "법",
  "한국",
  "문법",
  "단어",
  "복습",
  "국어",
  "시험",
  "한국어",
  "도서관",
  "대학교",
  "프로그",
  "자료구조",
  "알고리즘",
  "운영체제",
  "한국어를",
  "문법은",
  "단어를",
  "시험이",
  "복습을",
  "공부했다",
  "memory",
  "review",
  "Review",
  "gram",
  "algo",
  "rep",
  "data",
  "theorem",
  "ory",
  "a",
  "x",
  "i",
  "3",
  "the",
  "API문서",
  "api",
  "3월",
  "문서",
  "café",
  "cafe",
  "CAFÉ",
  "ＡＢＣ",
  "abc",
  "resume",
  "naive",
  "file",
  "ﬁ",
  "c++",
  "e-mail",
  "100%",
  "rock'n",
  '"spaced repetition"',
  '"한국어를 공부했다"',
  '"memory review"',
  "문법 review",
  "한국어 공부",
  "#한국어",
  "#grammar",
  "#review",
  "#CAFE",
  "#일본어 단어",
  '#"일본어 단어"',
  "#c++",
  "한국 -문법",
  "memory -review",
  "#영어 -시험",
  "#시험 -#중요",
  "review -#Review",
  "없는단어",
  "zzzz",
];
