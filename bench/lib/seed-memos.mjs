import {
  DAY_MS,
  foldSearchableMemo,
  memoSearchTokens,
  normalizeTags,
  previewFromHtml,
  RANDOM_ID_ALPHABET,
  randomId,
  repetitionDueKey,
  searchableMemoText,
  startOfDay,
  summarizeReviews,
  tagKey,
} from "@mnemo/domain";
import Database from "better-sqlite3";

/** mulberry32: a small seeded PRNG so every run seeds the same data set. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KO_SUBJECTS = [
  "영어 단어",
  "한국사",
  "미적분",
  "물리학",
  "경제학 원론",
  "일본어 문법",
  "자료구조",
  "세계사",
];
const KO_WORDS = [
  "복습",
  "정리",
  "요약",
  "핵심 개념",
  "예문",
  "암기 노트",
  "기출 문제",
  "오답 노트",
  "중요",
];
const EN_SUBJECTS = [
  "Vocabulary",
  "Biology",
  "Linear algebra",
  "Chemistry",
  "History",
  "Algorithms",
  "French",
  "Statistics",
];
const EN_WORDS = [
  "notes",
  "summary",
  "key ideas",
  "examples",
  "flash cards",
  "past exam",
  "mistakes",
  "review",
];
const KO_SENTENCES = [
  "오늘 배운 내용을 다시 정리해 봅니다.",
  "이 개념은 시험에 자주 나오므로 반드시 기억해야 합니다.",
  "예문을 소리 내어 세 번 읽어 보세요.",
  "헷갈리는 부분은 표로 비교해 두었습니다.",
  "다음 주 월요일까지 한 번 더 복습하기.",
];
const EN_SENTENCES = [
  "The mitochondria is the powerhouse of the cell.",
  "Remember to check the boundary conditions before integrating.",
  "An eigenvector keeps its direction under the linear map.",
  "Spaced repetition works best with short, frequent reviews.",
  "Write the definition in your own words, then compare.",
];

// The sentences above repeat across the whole data set, so every word in them is in thousands of
// memos. Real notes are not like that: most words are rare (Zipf's law). Each memo also gets a
// line of words drawn with Zipf frequencies from a vocabulary of made-up Korean and English words,
// so a search for a word of middling rank finds hundreds of memos, not half of them. These come
// from their own seeded stream, so the fields above are the same as without them.
const VOCABULARY_SIZE = 5_000;
const WORDS_PER_LINE = 8;
const HANGUL_SYLLABLES =
  "가나다라마바사아자차카타파하고노도로모보소오조호구누두루무부수우주후기니디리미비시이지치한국민생활공부정신문화사회경제";
const LATIN_ONSETS = [
  "b",
  "c",
  "d",
  "f",
  "g",
  "k",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "t",
  "v",
  "z",
  "br",
  "st",
  "tr",
];
const LATIN_VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ou"];
const SEARCH_TAGS = [
  "시험",
  "영어",
  "한국사",
  "수학",
  "중요",
  "TODO",
  "grammar",
  "vocab",
  "exam",
  "biology",
  "history",
  "물리",
  "화학",
  "일본어",
  "단어장",
  "Review",
  "CS",
  "algorithms",
  "오답",
  "요약",
];

/**
 * The made-up vocabulary, most frequent first: even ranks Korean words of 2 or 3 syllables, odd
 * ranks English-like words of 2 or 3 syllables. Deterministic; no two words are equal.
 */
export function searchVocabulary(seed = 10) {
  const random = seededRandom(seed);
  const words = [];
  const seen = new Set();
  while (words.length < VOCABULARY_SIZE) {
    const isKorean = words.length % 2 === 0;
    const syllables = 2 + (random() < 0.4 ? 1 : 0);
    let word = "";
    for (let i = 0; i < syllables; i += 1) {
      word += isKorean
        ? HANGUL_SYLLABLES[Math.floor(random() * HANGUL_SYLLABLES.length)]
        : pick(random, LATIN_ONSETS) + pick(random, LATIN_VOWELS);
    }
    if (seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
}

/** Draws vocabulary ranks with probability ∝ 1/(rank + 1). */
function zipfSampler(random, size) {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank += 1) {
    total += 1 / (rank + 1);
    cumulative[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

function memoText(random, n) {
  const isKorean = random() < 0.5;
  const title = isKorean
    ? `${pick(random, KO_SUBJECTS)} ${pick(random, KO_WORDS)} ${n}`
    : `${pick(random, EN_SUBJECTS)} ${pick(random, EN_WORDS)} #${n}`;
  const paragraphs = [];
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i += 1) {
    const sentences = random() < 0.5 ? KO_SENTENCES : EN_SENTENCES;
    const parts = [pick(random, sentences), pick(random, sentences)];
    paragraphs.push(
      i === 0 ? `<p><strong>${parts[0]}</strong> ${parts[1]}</p>` : `<p>${parts.join(" ")}</p>`,
    );
  }
  if (random() < 0.2)
    paragraphs.push(
      `<ul><li>${pick(random, KO_WORDS)}</li><li>${pick(random, EN_WORDS)}</li></ul>`,
    );
  const contents = paragraphs.join("");
  return { title, contents, preview: previewFromHtml(contents) };
}

/**
 * The search side of seeded memos, for engines other than SQLite (bench/search-pg.mjs): for each
 * of `memoCount` memos, its title, contents, preview and tags as the SQLite seed makes them (the
 * same sentences, word lines and tags, drawn the same way), and its search index row
 * (`foldSearchableMemo`, `memoSearchTokens`). Reviews, priorities and dates are left out.
 *
 * @param {{ memoCount: number, seed?: number }} options
 * @returns {Generator<{ n: number, title: string, contents: string, preview: string,
 *   tags: string[], folded: { title: string, body: string, hint: string, tags: string[] },
 *   tokens: string[] }>}
 */
export function* searchMemoRows({ memoCount, seed = 20261123 }) {
  const random = seededRandom(seed);
  const wordRandom = seededRandom(seed + 1);
  const vocabulary = searchVocabulary();
  const nextRank = zipfSampler(wordRandom, vocabulary.length);
  for (let n = 0; n < memoCount; n += 1) {
    const text = memoText(random, n + 1);
    const line = Array.from({ length: WORDS_PER_LINE }, () => vocabulary[nextRank()]).join(" ");
    const contents = `${text.contents}<p>${line}</p>`;
    const tags = normalizeTags(
      Array.from({ length: Math.floor(wordRandom() * 4) }, () => pick(wordRandom, SEARCH_TAGS)),
    );
    const folded = foldSearchableMemo(
      searchableMemoText({ title: text.title, contents, flashCardHint: "", tags }),
    );
    yield {
      n,
      title: text.title,
      contents,
      preview: previewFromHtml(contents),
      tags,
      folded,
      tokens: memoSearchTokens(folded),
    };
  }
}

/** How many reviews a memo has had: 40 % never, the rest a long tail up to 120. */
function reviewCountOf(random) {
  if (random() < 0.4) return 0;
  return Math.min(120, 1 + Math.floor(-Math.log(1 - random()) * 6));
}

/**
 * Writes `memoCount` memos of one user straight into the SQLite file, in one transaction, with
 * the values the API would have written: ids of 20 letters, previews from `previewFromHtml`,
 * review rows whose sum is the accumulated value, and `due_key`/`home_rv` from the domain's
 * `repetitionDueKey` and each folder's settings as stored. The server must not be running.
 *
 * @param {{ dbFile: string, userId: string, memoCount: number, now?: number, seed?: number }} options
 *   `now` (epoch ms) is when the data set ends: creation and review times lie in the year before
 * @returns {{ memoIds: string[], folderIds: string[], reviewRows: number, ms: number }}
 */
export function seedMemos({ dbFile, userId, memoCount, now = Date.now(), seed = 20261123 }) {
  const startedAt = performance.now();
  const random = seededRandom(seed);
  const wordRandom = seededRandom(seed + 1);
  const randomBytes = (length) => {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i += 1) bytes[i] = Math.floor(random() * 256);
    return bytes;
  };
  const db = new Database(dbFile);
  try {
    return writeMemos(db, { userId, memoCount, now, random, wordRandom, randomBytes, startedAt });
  } finally {
    db.close();
  }
}

function writeMemos(db, { userId, memoCount, now, random, wordRandom, randomBytes, startedAt }) {
  db.pragma("foreign_keys = ON");
  db.pragma("synchronous = OFF");

  const folders = db
    .prepare(
      `SELECT id, date_repetition_value AS dateRv, read_repetition_value AS readRv,
              show_at_home_review_list AS isOnHome
         FROM folders WHERE user_id = ? AND id <> 'root' ORDER BY created_at, id`,
    )
    .all(userId);
  if (folders.length === 0) throw new Error(`user ${userId} has no folders to seed into`);
  const { name: userName } = db.prepare("SELECT name FROM users WHERE id = ?").get(userId);

  const insertMemo = db.prepare(
    `INSERT INTO memos (user_id, id, folder_id, title, preview, contents, user_name, priority,
       review_count, accumulated_review_value, last_reviewed_at, due_key, home_rv, created_at,
       updated_at, tags)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // The search index, as the server's db/memo-search.repo.ts writes it for each memo.
  const insertSearchRow = db.prepare(
    `INSERT INTO memo_search (user_id, memo_id, title, hint, tags, body)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING doc_id`,
  );
  const insertSearchTokens = db.prepare(
    "INSERT INTO memo_search_fts (rowid, tokens) VALUES (?, ?)",
  );
  const insertTag = db.prepare(
    "INSERT INTO memo_tags (user_id, memo_id, tag_key, tag) VALUES (?, ?, ?, ?)",
  );
  const vocabulary = searchVocabulary();
  const nextRank = zipfSampler(wordRandom, vocabulary.length);
  const insertReview = db.prepare(
    "INSERT INTO memo_reviews (user_id, op_id, memo_id, value, reviewed_at) VALUES (?, ?, ?, ?, ?)",
  );

  const yearMs = 365 * DAY_MS;
  const todayStart = startOfDay(now, 0);
  const memoIds = [];
  let reviewRows = 0;
  let opSerial = 0;
  const opPrefix = Array.from({ length: 8 }, () => pick(random, RANDOM_ID_ALPHABET)).join("");

  db.transaction(() => {
    for (let n = 0; n < memoCount; n += 1) {
      const folder = folders[n % folders.length];
      const id = randomId(randomBytes);
      const text = memoText(random, n + 1);
      const line = Array.from({ length: WORDS_PER_LINE }, () => vocabulary[nextRank()]).join(" ");
      const contents = `${text.contents}<p>${line}</p>`;
      const { title } = text;
      const preview = previewFromHtml(contents);
      const tags = normalizeTags(
        Array.from({ length: Math.floor(wordRandom() * 4) }, () => pick(wordRandom, SEARCH_TAGS)),
      );
      const createdAt = Math.floor(now - random() * yearMs);
      const reviewCount = reviewCountOf(random);
      const reviews = [];
      for (let i = 0; i < reviewCount; i += 1) {
        reviews.push({
          at: Math.floor(createdAt + random() * (now - createdAt)),
          value: folder.readRv,
        });
      }
      // Some memos were reviewed today (UTC, the lists' default), so the review-count modes'
      // reviewed-today shift has rows to move.
      if (reviewCount > 0 && random() < 0.05) {
        reviews[0].at = Math.floor(todayStart + random() * (now - todayStart));
      }
      const summary = summarizeReviews(reviews);
      const priority = random() < 0.85 ? 0 : Math.floor(random() * 7) - 2;
      // Reviews do not touch updated_at; some memos were edited after they were written.
      const updatedAt =
        random() < 0.3 ? Math.floor(createdAt + random() * (now - createdAt)) : createdAt;
      insertMemo.run(
        userId,
        id,
        folder.id,
        title,
        preview,
        contents,
        userName,
        priority,
        summary.reviewCount,
        summary.accumulatedReviewValue,
        summary.lastReviewedAt,
        repetitionDueKey(createdAt, folder.dateRv, summary.accumulatedReviewValue),
        folder.isOnHome ? folder.dateRv : null,
        createdAt,
        updatedAt,
        JSON.stringify(tags),
      );
      const folded = foldSearchableMemo(
        searchableMemoText({ title, contents, flashCardHint: "", tags }),
      );
      const { doc_id: docId } = insertSearchRow.get(
        userId,
        id,
        folded.title,
        folded.hint,
        JSON.stringify(folded.tags),
        folded.body,
      );
      insertSearchTokens.run(docId, memoSearchTokens(folded).join(" "));
      for (const tag of tags) insertTag.run(userId, id, tagKey(tag), tag);
      for (const review of reviews) {
        opSerial += 1;
        insertReview.run(userId, `seed-${opPrefix}-${opSerial}`, id, review.value, review.at);
      }
      reviewRows += reviews.length;
      memoIds.push(id);
    }
  })();
  return {
    memoIds,
    folderIds: folders.map((f) => f.id),
    reviewRows,
    ms: performance.now() - startedAt,
  };
}
