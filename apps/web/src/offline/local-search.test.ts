// @vitest-environment jsdom
import "fake-indexeddb/auto";
import {
  compareSearchHits,
  foldSearchableMemo,
  foldSearchText,
  generateSearchCorpus,
  isWholeWordTerm,
  type MemoDetail,
  memoMatchesSearch,
  parseSearchQuery,
  SEARCH_CORPUS_QUERIES,
  type SearchHit,
  searchableMemoText,
  textFromHtml,
} from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { deleteCache, openCache } from "./cache";
import { readTags, searchHits, searchLocally } from "./local-search";
import { createMemoLocally, deleteMemoLocally, newFolder, updateMemoLocally } from "./local-writes";
import { storeServerFolders, storeServerMemos } from "./sync-store";

// The offline index against the shared corpus (issue #10 › Search): for every query, the device's
// search returns exactly the memos a plain scan of every memo finds, in the domain's order.

const USER = "search-user";
const FOLDER = "folder-search";
const NOW = 1_795_435_200_000;
const corpus = generateSearchCorpus(2_000);

function asServerMemo(item: (typeof corpus)[number]): MemoDetail {
  return serverMemo({
    ...item,
    createdAt: item.updatedAt,
    userId: USER,
    userName: "검색",
    folderId: FOLDER,
  });
}

/** The reference: every memo of the corpus, folded, checked one by one. */
const scanned = corpus.map((item) => ({
  item,
  text: searchableMemoText(item),
  folded: foldSearchableMemo(searchableMemoText(item)),
}));

beforeAll(async () => {
  openCache(USER, "검색");
  await storeServerFolders([newFolder({ id: FOLDER, title: "검색 폴더", createdAt: NOW })]);
  // As the first download stores them: pages of the change feed, here one list answer per chunk.
  for (let start = 0; start < corpus.length; start += 500) {
    await storeServerMemos(corpus.slice(start, start + 500).map(asServerMemo));
  }
}, 120_000);

afterAll(async () => {
  await deleteCache(USER);
});

describe("the offline search index over the shared corpus (2,000 memos)", () => {
  it.each(SEARCH_CORPUS_QUERIES)("finds exactly the memos a scan finds for %j", async (text) => {
    const query = parseSearchQuery(text);
    const expected = scanned
      .filter(({ folded }) => memoMatchesSearch(folded, query))
      .map(({ item }) => item.id)
      .sort();
    const found = await searchHits({ q: text });
    expect(found.map((hit) => hit.id).sort()).toEqual(expected);
    // Paged best first, by the domain's order, each match once.
    const paged: string[] = [];
    let after: SearchHit | null = null;
    do {
      const { results, last } = await searchLocally({ q: text }, after, 500);
      paged.push(...results.map((row) => row.id));
      after = last;
    } while (after);
    expect(paged).toEqual([...found].sort(compareSearchHits).map((hit) => hit.id));
  });

  // Independent of the domain's matcher: the plain substring rule of the issue, for the queries
  // that are one word of two or more characters (no operators).
  const plainWords = SEARCH_CORPUS_QUERIES.filter(
    (text) => /^[^\s"#-][^\s"]+$/u.test(text) && !isWholeWordTerm(foldSearchText(text).trim()),
  );
  it.each(plainWords)("returns every memo whose text contains %j, and no other", async (text) => {
    const term = foldSearchText(text).trim();
    const expected = corpus
      .filter((item) =>
        [item.title, textFromHtml(item.contents), item.flashCardHint, ...item.tags].some((field) =>
          foldSearchText(field).includes(term),
        ),
      )
      .map((item) => item.id)
      .sort();
    const found = await searchHits({ q: text });
    expect(found.map((hit) => hit.id).sort()).toEqual(expected);
  });

  // Each keystroke's search looks through the previous keystroke's matches when it narrows them.
  it("finds the same when each query is typed key by key", async () => {
    for (const text of SEARCH_CORPUS_QUERIES) {
      let found: SearchHit[] = [];
      for (let end = 1; end <= text.length; end += 1)
        found = await searchHits({ q: text.slice(0, end) });
      const query = parseSearchQuery(text);
      const expected = scanned
        .filter(({ folded }) => memoMatchesSearch(folded, query))
        .map(({ item }) => item.id)
        .sort();
      expect({ text, ids: found.map((hit) => hit.id).sort() }).toEqual({ text, ids: expected });
    }
  });

  it("has queries that find many memos and queries that find none", async () => {
    expect((await searchHits({ q: "한국" })).length).toBeGreaterThan(50);
    expect(await searchHits({ q: "없는단어" })).toEqual([]);
  });

  it("answers pages as GET /api/search does: rows with a snippet that marks the hits", async () => {
    const first = await searchLocally({ q: "문법" }, null, 30);
    const second = await searchLocally({ q: "문법" }, first.last, 30);
    expect(first.results).toHaveLength(30);
    expect((await searchHits({ q: "문법" })).length).toBeGreaterThan(30);
    const ids = [...first.results, ...second.results].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of first.results) {
      expect(row.sortingValue).toBeNull();
      expect(row.snippet).toMatch(/<mark>[^<]*문법[^<]*<\/mark>/u);
      expect(row.snippet).not.toMatch(/<(?!\/?mark>)/u);
    }
  });

  it("stops the scan of a search whose signal is aborted, and otherwise finds the same", async () => {
    const controller = new AbortController();
    const scan = searchHits({ q: "한국" }, controller.signal);
    controller.abort();
    await expect(scan).rejects.toMatchObject({ name: "AbortError" });
    const found = await searchHits({ q: "한국" }, new AbortController().signal);
    expect(found).toEqual(await searchHits({ q: "한국" }));
  });

  it("keeps a tag filter as the query's #tag", async () => {
    const byParam = await searchHits({ q: "review", tag: "#Grammar" });
    const byQuery = await searchHits({ q: "review #grammar" });
    expect(byParam.map((hit) => hit.id)).toEqual(byQuery.map((hit) => hit.id));
    expect(byParam.length).toBeGreaterThan(0);
  });

  it("counts the tags as GET /api/tags does", async () => {
    const counts = new Map<string, number>();
    for (const item of corpus)
      for (const tag of item.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    const tags = await readTags();
    expect(new Map(tags.map(({ tag, memoCount }) => [tag, memoCount]))).toEqual(counts);
  });
});

describe("the offline search index kept by local writes", () => {
  it("finds a memo created, edited (text and tags) and deleted on this device", async () => {
    const created = await createMemoLocally({
      folderId: FOLDER,
      title: "새 메모",
      contents: "<p>오프라인에서 쓴 <b>물고기</b>는 zebrafish</p>",
      tags: ["#수족관", "수족관"],
    });
    expect(created.tags).toEqual(["수족관"]);
    expect((await searchHits({ q: "물고기는" })).map((hit) => hit.id)).toEqual([created.id]);
    expect((await searchHits({ q: "fish #수족관" })).map((hit) => hit.id)).toEqual([created.id]);

    await updateMemoLocally(created.id, { contents: "<p>고래</p>", tags: ["바다"] });
    expect(await searchHits({ q: "물고기" })).toEqual([]);
    expect((await searchHits({ q: "고래 #바다" })).map((hit) => hit.id)).toEqual([created.id]);
    // A title change alone keeps the indexed text of the contents.
    await updateMemoLocally(created.id, { title: "Whale" });
    expect((await searchHits({ q: "whale 고래" })).map((hit) => hit.id)).toEqual([created.id]);
    expect((await readTags()).find((tag) => tag.tag === "바다")?.memoCount).toBe(1);

    await deleteMemoLocally(created.id);
    expect(await searchHits({ q: "고래" })).toEqual([]);
  });

  it("finds a memo written after the search that the next keystroke narrows", async () => {
    const before = await searchHits({ q: "상어" });
    const created = await createMemoLocally({
      folderId: FOLDER,
      title: "고래상어",
      contents: "<p>바다</p>",
      tags: [],
    });
    const found = await searchHits({ q: "고래상어" });
    expect(found.map((hit) => hit.id)).toEqual([created.id]);
    expect(before.map((hit) => hit.id)).not.toContain(created.id);
    await deleteMemoLocally(created.id);
    expect((await readTags()).find((tag) => tag.tag === "바다")).toBeUndefined();
  });
});
