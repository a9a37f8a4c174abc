import { describe, expect, it } from "vitest";
import { foldSearchText, foldSearchTextWithOffsets } from "./fold.js";
import {
  compareSearchHits,
  foldSearchableMemo,
  isNarrowerSearch,
  joinedFoldedMemoOf,
  joinFoldedMemo,
  memoMatchesSearch,
  memoSearchTokens,
  rankSearchMatch,
  searchableMemoText,
  searchMatcher,
} from "./match.js";
import { parseSearchQuery, searchQueryTokens } from "./query.js";
import { generateSearchCorpus, SEARCH_CORPUS_QUERIES } from "./search-corpus.js";
import { memoSearchSnippet, searchSnippet, snippetParts } from "./snippet.js";
import { memoTagsInputSchema, normalizeTags } from "./tags.js";
import { searchTermTokens, searchTokens } from "./tokens.js";

describe("foldSearchText", () => {
  it.each([
    ["ＡＢＣ", "abc"],
    ["Café", "cafe"],
    ["RÉSUMÉ", "resume"],
    ["ﬁle", "file"],
    ["İstanbul", "istanbul"],
    ["한국어".normalize("NFD"), "한국어"],
    ["ﾊﾝｶｸ", "ハンカク"],
    ["a \u00a0\u3000\n b", "a b"],
    ["한국어를 ＡＰＩ", "한국어를 api"],
  ])("folds %j to %j", (text, folded) => {
    expect(foldSearchText(text)).toBe(folded);
  });

  it("folds every Hangul syllable and ASCII character as the rule does one at a time", () => {
    const chars = [];
    for (let unit = 0; unit < 0x80; unit++) chars.push(String.fromCharCode(unit));
    for (let unit = 0xac00; unit <= 0xd7a3; unit++) chars.push(String.fromCharCode(unit));
    const text = chars.join("");
    expect(foldSearchText(text)).toBe(foldSearchTextWithOffsets(text).folded);
  });

  it("folds mixed text as the rule does one character at a time", () => {
    // Capitals, accents, width variants, ligatures, every kind of space, jamo, emoji, a lone
    // surrogate: each text a random mix of them and of characters that fold to themselves.
    const pieces = [
      "a",
      "Z",
      " ",
      "  ",
      "\n",
      "\u00a0",
      "\u3000",
      "한",
      "글",
      "É",
      "é",
      "Ａ",
      "ﬁ",
      "ﾊ",
      "ᄒ",
      "ᅡ",
      "ᆫ",
      "😀",
      "\ud800",
      "İ",
      "ß",
      "1",
      ".",
      "\u0301",
      "\t",
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 2_000; round++) {
      const length = next() % 24;
      const text = Array.from({ length }, () => pieces[next() % pieces.length]).join("");
      expect(foldSearchText(text), JSON.stringify(text)).toBe(
        foldSearchTextWithOffsets(text).folded,
      );
    }
  });

  it("maps folded ranges back to the NFC text", () => {
    const folded = foldSearchTextWithOffsets("x ＡＢＣ é");
    const at = folded.folded.indexOf("abc");
    expect(folded.source.slice(folded.sourceStart[at], folded.sourceEnd[at + 2])).toBe("ＡＢＣ");
  });
});

describe("searchTokens and searchTermTokens", () => {
  it("indexes Hangul as characters and bigrams, other words as bigrams and trigrams", () => {
    expect([...searchTokens("한국어를")].sort()).toEqual(
      ["한", "국", "어", "를", "한국", "국어", "어를"].sort(),
    );
    expect([...searchTokens("hello a")].sort()).toEqual(
      ["he", "el", "ll", "lo", "hel", "ell", "llo", "a"].sort(),
    );
  });

  it.each([
    ["한국", ["한국"]],
    ["책", ["책"]],
    ["hello", ["hel", "ell", "llo"]],
    ["ab", ["ab"]],
    ["a", ["a"]],
    ["c++", []],
    ["api문서", ["api", "i문", "문서"]],
    ['"x y"', []],
  ])("asks %j for %j", (term, tokens) => {
    expect(searchTermTokens(term).sort()).toEqual([...tokens].sort());
  });
});

describe("parseSearchQuery", () => {
  it.each([
    ["", { terms: [], tags: [], excludedTerms: [], excludedTags: [] }],
    [
      '한국어를 "Spaced  Repetition" #Korean -문법 -#TODO - # +',
      {
        terms: ["한국어를", "spaced repetition"],
        tags: ["korean"],
        excludedTerms: ["문법"],
        excludedTags: ["todo"],
      },
    ],
    ['"open quote', { terms: ["open quote"], tags: [], excludedTerms: [], excludedTags: [] }],
    ["ＡＢＣ abc", { terms: ["abc"], tags: [], excludedTerms: [], excludedTags: [] }],
  ])("parses %j", (text, query) => {
    expect(parseSearchQuery(text)).toEqual(query);
  });
});

const memo = (fields: Partial<Parameters<typeof searchableMemoText>[0]>) =>
  foldSearchableMemo(
    searchableMemoText({ title: "", contents: "", flashCardHint: "", tags: [], ...fields }),
  );

describe("memoMatchesSearch", () => {
  it.each([
    ["한국어를", { contents: "<p>오늘 한국어를 배웠다</p>" }, true],
    ["국어", { contents: "<p>오늘 한국어를 배웠다</p>" }, true],
    ["한국어 배웠다", { contents: "<p>배웠다 한국어</p>" }, true],
    ['"한국어 배웠다"', { contents: "<p>배웠다 한국어</p>" }, false],
    ["CAFÉ", { title: "cafe latte" }, true],
    ["gram", { contents: "<b>Grammar</b>" }, true],
    ["a", { title: "a cat" }, true],
    ["a", { title: "cat" }, false],
    ["책", { title: "책을 읽다" }, true],
    ["#korean", { tags: ["Korean"] }, true],
    ["#kor", { tags: ["Korean"] }, false],
    ["kor", { tags: ["Korean"] }, true],
    ["hint", { flashCardHint: "a hint" }, true],
    ["cat -dog", { title: "cat and dog" }, false],
    ["cat -#pets", { title: "cat", tags: ["pets"] }, false],
    ["-dog", { title: "cat" }, false],
    ["lo wo", { title: "hello", contents: "world" }, true],
    ['"hello world"', { title: "hello", contents: "world" }, false],
    ["amp;", { contents: "a &amp; b" }, false],
  ])("%j in %j is %s", (text, fields, expected) => {
    expect(memoMatchesSearch(memo(fields), parseSearchQuery(text))).toBe(expected);
  });
});

describe("ranking", () => {
  it("puts title hits first, then more relevant, then newer", () => {
    const query = parseSearchQuery("문법");
    const hit = (id: string, fields: Parameters<typeof memo>[0], updatedAt: number) => ({
      id,
      updatedAt,
      isTitleHit: false,
      score: 0,
      ...rankSearchMatch(memo(fields), query),
    });
    const hits = [
      hit("body-once", { title: "x", contents: "문법" }, 3),
      hit("title", { title: "문법", contents: "" }, 1),
      hit("body-twice", { title: "x", contents: "문법 문법" }, 2),
      hit("body-once-older", { title: "x", contents: "문법" }, 0),
    ];
    expect(hits.sort(compareSearchHits).map((h) => h.id)).toEqual([
      "title",
      "body-twice",
      "body-once",
      "body-once-older",
    ]);
  });

  it("ranks each memo of a scan as a matcher of its own would (one matcher counts them all)", () => {
    const memos = [
      memo({ title: "문법 정리", contents: "<p>문법 문법</p>", tags: ["문법"] }),
      memo({ title: "x", contents: "<p>문법</p>" }),
      memo({ title: "cat", contents: "<p>a cat and a dog</p>", flashCardHint: "cat" }),
      memo({ title: "문법", contents: "<p>dog</p>", tags: ["pets"] }),
      memo({ title: "y", contents: "<p>정리 문법 cat</p>" }),
    ].map(joinFoldedMemo);
    for (const text of ["문법", "문법 정리", "cat", "cat -dog", "a", "문법 -#pets", "정리 cat"]) {
      const query = parseSearchQuery(text);
      const scan = searchMatcher(query);
      const ranks = memos.map((joined) => scan(joined));
      expect(ranks, text).toEqual(memos.map((joined) => searchMatcher(query)(joined)));
      expect(ranks.some(Boolean), text).toBe(true);
    }
    // The first memo, after the others: its counts start again (title 1, body 2, tags 1).
    const scan = searchMatcher(parseSearchQuery("문법"));
    for (const joined of memos.slice(1)) scan(joined);
    expect(scan(memos[0] as (typeof memos)[0])).toEqual(
      rankSearchMatch(
        memo({ title: "문법 정리", contents: "<p>문법 문법</p>", tags: ["문법"] }),
        parseSearchQuery("문법"),
      ),
    );
  });
});

describe("searchSnippet", () => {
  it("escapes everything but the marks", () => {
    expect(searchSnippet('<img src=x onerror="alert(1)"> Café', parseSearchQuery("cafe"))).toBe(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <mark>Café</mark>",
    );
  });

  it("starts near the first hit and marks every hit", () => {
    const text = `${"가".repeat(100)} 한국어를 배웠다 한국`;
    const snippet = searchSnippet(text, parseSearchQuery("한국"), 60);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.match(/<mark>한국<\/mark>/g)).toHaveLength(2);
  });

  it("takes the field where a term occurs", () => {
    const text = searchableMemoText({
      title: "문법",
      contents: "<p>nothing</p>",
      flashCardHint: "",
      tags: [],
    });
    expect(memoSearchSnippet(text, parseSearchQuery("문법"))).toBe("<mark>문법</mark>");
  });
});

describe("snippetParts", () => {
  it("reads a snippet back as text runs, hits marked, entities undone", () => {
    const snippet = searchSnippet(
      '<img src=x onerror="alert(1)"> Café & 카페',
      parseSearchQuery("cafe 카페"),
    );
    expect(snippetParts(snippet)).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', isHit: false },
      { text: "Café", isHit: true },
      { text: " & ", isHit: false },
      { text: "카페", isHit: true },
    ]);
  });

  it("keeps any other markup as visible text", () => {
    expect(snippetParts("<b>x</b> <mark>y</mark>&nbsp;")).toEqual([
      { text: "<b>x</b> ", isHit: false },
      { text: "y", isHit: true },
      { text: "&nbsp;", isHit: false },
    ]);
  });
});

describe("normalizeTags", () => {
  it("trims, drops a leading #, empty tags and duplicates ignoring case and width", () => {
    expect(
      normalizeTags([" #Korean ", "korean", "ＫＯＲＥＡＮ", "", "#", "일본어  단어", "café"]),
    ).toEqual(["Korean", "일본어 단어", "café"]);
  });

  it("is what a memo create accepts, at most 20 of at most 50 characters", () => {
    expect(memoTagsInputSchema.parse(["#a", "A"])).toEqual(["a"]);
    expect(() =>
      memoTagsInputSchema.parse(Array.from({ length: 21 }, (_, i) => `t${i}`)),
    ).toThrow();
    expect(() => memoTagsInputSchema.parse(["x".repeat(51)])).toThrow();
  });
});

describe("joinedFoldedMemoOf", () => {
  it("reads back the field ends of a joined memo from its text alone", () => {
    const memos = generateSearchCorpus(300).map((item) =>
      foldSearchableMemo(searchableMemoText(item)),
    );
    memos.push(
      { title: "", body: "", hint: "", tags: [] },
      { title: "", body: "", hint: "", tags: ["a", ""] },
    );
    expect(memos.some((memo) => memo.tags.length === 0)).toBe(true);
    expect(memos.some((memo) => memo.tags.length > 1)).toBe(true);
    for (const memo of memos) {
      const joined = joinFoldedMemo(memo);
      expect(joinedFoldedMemoOf(joined.text)).toEqual(joined);
    }
  });

  it("refuses a text without the title's and the body's ends", () => {
    expect(() => joinedFoldedMemoOf("title only")).toThrow();
    expect(() => joinedFoldedMemoOf("title\nbody")).toThrow();
  });
});

describe("isNarrowerSearch", () => {
  it.each([
    ["기도", "기", true],
    ["cumone", "cumon", true],
    ["기도 문법", "기도", true],
    ['"기도 문법"', "문법", true],
    ["기도 #영어", "기도", true],
    ["기도 -문법", "기도 -문법", true],
    // A one-letter word matches whole words only: "ab" is no whole word "a".
    ["ab", "a", false],
    ["a b", "a", true],
    ["기", "기도", false],
    ["기도", "기도 #영어", false],
    // Memos without 문법 are not all without "문법 책".
    ["기도", "기도 -문법", false],
    ["기도 -문법", "기도", true],
    // A query that asks for nothing matches nothing.
    ["기도", "", false],
    ["기도", "-문법", false],
  ])("%j narrows %j: %s", (next, previous, expected) => {
    expect(isNarrowerSearch(parseSearchQuery(next), parseSearchQuery(previous))).toBe(expected);
  });
});

describe("the search corpus", () => {
  const corpus = generateSearchCorpus(2_000);
  const folded = corpus.map((item) => ({
    id: item.id,
    memo: foldSearchableMemo(searchableMemoText(item)),
  }));
  const tokens = folded.map(({ memo: m }) => new Set(memoSearchTokens(m)));

  it("is the same for the same seed", () => {
    expect(generateSearchCorpus(50)).toEqual(generateSearchCorpus(50));
  });

  it.each(SEARCH_CORPUS_QUERIES)("the index's candidates for %j include every match", (text) => {
    const query = parseSearchQuery(text);
    const required = searchQueryTokens(query);
    const candidates = folded.filter((_, i) => required.every((t) => tokens[i]?.has(t)));
    const matches = folded.filter(({ memo: m }) => memoMatchesSearch(m, query));
    const candidateIds = new Set(candidates.map((c) => c.id));
    expect(matches.filter((m) => !candidateIds.has(m.id))).toEqual([]);
  });

  // What the offline search relies on to scan only the previous keystroke's matches.
  it("a narrower search (isNarrowerSearch) finds only matches of the search it narrows", () => {
    // Each query as typed, key by key, and each corpus query after every other.
    const typed = SEARCH_CORPUS_QUERIES.flatMap((text) =>
      Array.from(text, (_, end) => [text.slice(0, end + 1), text.slice(0, end)] as const),
    );
    const pairs = [
      ...typed,
      ...SEARCH_CORPUS_QUERIES.flatMap((next) =>
        SEARCH_CORPUS_QUERIES.map((previous) => [next, previous] as const),
      ),
    ];
    const matchesOf = new Map<string, Set<string>>();
    const matches = (text: string) => {
      let ids = matchesOf.get(text);
      if (!ids) {
        const query = parseSearchQuery(text);
        ids = new Set(folded.filter(({ memo: m }) => memoMatchesSearch(m, query)).map((m) => m.id));
        matchesOf.set(text, ids);
      }
      return ids;
    };
    let narrower = 0;
    let narrowerWithMatches = 0;
    for (const [next, previous] of pairs) {
      if (!isNarrowerSearch(parseSearchQuery(next), parseSearchQuery(previous))) continue;
      narrower += 1;
      const within = matches(previous);
      const outside = [...matches(next)].filter((id) => !within.has(id));
      expect({ next, previous, outside }).toEqual({ next, previous, outside: [] });
      if (matches(next).size > 0) narrowerWithMatches += 1;
    }
    expect(narrower).toBeGreaterThan(200);
    expect(narrowerWithMatches).toBeGreaterThan(50);
  });

  it("has queries that find memos and queries that find none", () => {
    const counts = SEARCH_CORPUS_QUERIES.map(
      (text) => folded.filter(({ memo: m }) => memoMatchesSearch(m, parseSearchQuery(text))).length,
    );
    expect(counts.filter((count) => count > 0).length).toBeGreaterThan(50);
    expect(counts.filter((count) => count === 0).length).toBeGreaterThanOrEqual(2);
  });
});
