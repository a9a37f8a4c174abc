import {
  hasSearchCriteria,
  isNarrowerSearch,
  memoSearchSnippet,
  pageOfSearchHits,
  parseSearchQuery,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  searchMatcher,
  type TagCount,
  tagKey,
  toSearchHit,
} from "@mnemo/domain";
import { sliceClock, yieldToMain } from "../lib/yield-to-main";
import { cacheDb, readMemosWithTexts } from "./cache";
import { toSummary } from "./local-reads";
import { memoTables } from "./memo-bundles";
import {
  cachedTagCounts,
  type MemoryEntry,
  searchIndexInMemory,
  searchIndexVersion,
} from "./search-memory";

// Search over the device's cache (issue #10 › Search), answering as `GET /api/search` does: the
// same parse, match, rank and snippet rules of the domain, over the index the cache keeps
// (`search` entries, written with every change of a memo, read into memory once per session).

/** What `GET /api/search` is asked, less paging. */
export interface SearchInput {
  q: string;
  tag?: string | null;
  folderId?: string | null;
}

/** The query as the server reads it: `tag` joins the query's own tags (compared by `tagKey`). */
export function searchQueryOf(input: SearchInput): SearchQuery {
  const query = parseSearchQuery(input.q);
  const tag = input.tag ? tagKey(input.tag) : "";
  if (tag !== "" && !query.tags.includes(tag)) query.tags.push(tag);
  return query;
}

/** Memos scanned between two looks at the clock and the signal. */
const SCAN_STEP = 1_000;

/**
 * The last search that scanned to its end, and its matches: typing on narrows a query
 * (`isNarrowerSearch`), and the next keystroke's search then looks through these alone, while
 * the index in memory is the same (`searchIndexVersion`).
 */
let lastScan: {
  query: SearchQuery;
  folderId: string | null;
  version: number;
  matches: MemoryEntry[];
} | null = null;

/**
 * Every match of the query on this device, ranked but in no order (`pageOfSearchHits` takes a
 * page): the domain's exact rule applied to every memo of the index in memory (see
 * `search-memory.ts`), one scan of one string per memo, or only to the matches of the last
 * search when this one narrows it (typing on). The scan of 100,000 memos takes tens of
 * ms, so it works in slices of about 8 ms and lets the browser run between them: a keystroke is
 * answered at once, and its new search (`signal` aborted on the old one) stops the old scan.
 */
export async function searchHits(input: SearchInput, signal?: AbortSignal): Promise<SearchHit[]> {
  const query = searchQueryOf(input);
  if (!hasSearchCriteria(query)) return [];
  const entries = await searchIndexInMemory(cacheDb());
  const folderId = input.folderId || null;
  const version = searchIndexVersion();
  const narrowed =
    lastScan !== null &&
    lastScan.version === version &&
    lastScan.folderId === folderId &&
    isNarrowerSearch(query, lastScan.query);
  const candidates = narrowed && lastScan ? lastScan.matches : entries.values();
  const matcher = searchMatcher(query);
  const hits: SearchHit[] = [];
  const matches: MemoryEntry[] = [];
  const clock = sliceClock();
  let scanned = 0;
  for (const entry of candidates) {
    scanned += 1;
    if (scanned % SCAN_STEP === 0) {
      signal?.throwIfAborted();
      if (clock.isDue()) {
        await yieldToMain();
        signal?.throwIfAborted();
        clock.start();
      }
    }
    if (folderId !== null && entry.folderId !== folderId) continue;
    const rank = matcher(entry);
    if (rank) {
      hits.push(toSearchHit(entry.id, entry.updatedAt, rank));
      matches.push(entry);
    }
  }
  // A change of the index during the scan (it yields between slices) may have been missed.
  if (searchIndexVersion() === version) lastScan = { query, folderId, version, matches };
  return hits;
}

/** Reads the index into memory ahead of the first query (the search field took the focus). */
export async function preloadSearchIndex(): Promise<void> {
  await searchIndexInMemory(cacheDb());
}

/**
 * One page of local results as the server answers them: the `limit` best ranked after `after`
 * (from the best when null), `last` the page's last hit (the next page's `after`) when more follow.
 */
export async function searchLocally(
  input: SearchInput,
  after: SearchHit | null,
  limit: number,
  signal?: AbortSignal,
): Promise<{ results: SearchResult[]; last: SearchHit | null }> {
  const query = searchQueryOf(input);
  const { page, hasMore } = pageOfSearchHits(await searchHits(input, signal), after, limit);
  // A search overtaken by the next keystroke reads and renders nothing more.
  signal?.throwIfAborted();
  const db = cacheDb();
  const ids = page.map((hit) => hit.id);
  // Overtaken while reading, the reads still queued are dropped: IndexedDB answers a
  // connection's reads in order, so they would delay the next keystroke's.
  const rows = await db.transaction("r", memoTables(db), (transaction) => {
    const abort = () => transaction.abort();
    signal?.addEventListener("abort", abort, { once: true });
    return readMemosWithTexts(db, ids).finally(() => signal?.removeEventListener("abort", abort));
  });
  signal?.throwIfAborted();
  const results: SearchResult[] = [];
  page.forEach(({ isTitleHit, score }, index) => {
    const { memo, text } = rows[index] ?? {};
    if (!memo || !text) return;
    results.push({
      ...toSummary(memo, null),
      snippet: memoSearchSnippet(text.text, query),
      score,
      isTitleHit,
    });
  });
  return { results, last: hasMore ? (page.at(-1) ?? null) : null };
}

/**
 * The user's tags with how many memos carry each, as `GET /api/tags` answers: tags equal by
 * `tagKey` are one (a memo never holds two of them), spelled as on most of its memos (the first
 * such spelling in code-unit order on a tie), ordered by `tagKey`. Counted through the memos'
 * `*tags` index: no memo is loaded.
 */
export function readTags(): Promise<TagCount[]> {
  const db = cacheDb();
  return cachedTagCounts(db, async () => {
    const spellings = (await db.memos.orderBy("tags").uniqueKeys()) as string[];
    const byKey = new Map<string, { tag: string; best: number; memoCount: number }>();
    // Spellings come in code-unit order, so on a tie the first one stays.
    for (const spelling of spellings) {
      const count = await db.memos.where("tags").equals(spelling).count();
      const key = tagKey(spelling);
      const group = byKey.get(key) ?? { tag: spelling, best: 0, memoCount: 0 };
      group.memoCount += count;
      if (count > group.best) {
        group.best = count;
        group.tag = spelling;
      }
      byKey.set(key, group);
    }
    return [...byKey.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { tag, memoCount }]) => ({ tag, memoCount }));
  });
}
