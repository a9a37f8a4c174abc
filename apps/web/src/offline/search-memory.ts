import { type JoinedFoldedMemo, joinFoldedMemo, type TagCount } from "@mnemo/domain";
import { Dexie } from "dexie";
import type { CacheDb } from "./cache-db";
import { readSearchEntries } from "./memo-bundles";
import type { SearchEntry } from "./search-entry";

// The offline search index in memory: every memo's folded searchable fields, read from the
// `search` table and its bundles once per session (on the first search, or when the search field takes the
// focus) and from then on kept by the writes that change the table. A query scans it with the
// domain's exact rule (`searchMatcher`); no IndexedDB read stands between a keystroke and its results.
//
// Why a scan and not an n-gram index in IndexedDB: the domain's tokens are about one per
// character of text, so 100,000 memos give tens of millions of multi-entry index rows, and the
// first download would write them all. The folded text itself is smaller than its tokens, and
// `String.prototype.includes` over it is fast enough (bench/README.md › Offline search).

/**
 * A memo in the index in memory: its folded fields in one string, as the domain's search rule
 * scans them (`JoinedFoldedMemo`), and what a search filters and ranks by.
 */
export interface MemoryEntry extends JoinedFoldedMemo {
  id: string;
  folderId: string;
  updatedAt: number;
}

function toMemory(entry: SearchEntry): MemoryEntry {
  return {
    id: entry.id,
    folderId: entry.folderId,
    updatedAt: entry.updatedAt,
    ...joinFoldedMemo(entry.folded),
  };
}

interface Loaded {
  db: CacheDb;
  entries: Map<string, MemoryEntry>;
}

type Change = { put: readonly SearchEntry[]; deleted: readonly string[] };

let loaded: Loaded | null = null;
let loading: {
  db: CacheDb;
  promise: Promise<Map<string, MemoryEntry>>;
  queued: Change[];
} | null = null;

// Counts the changes of the index in memory: a search's matches stay the matches of the index
// only while it is unchanged (see `local-search.ts`).
let version = 0;

/** Changes whenever the index in memory does (an entry put or deleted, the index read or dropped). */
export function searchIndexVersion(): number {
  return version;
}

function applyChange(entries: Map<string, MemoryEntry>, change: Change): void {
  version += 1;
  for (const entry of change.put) entries.set(entry.id, toMemory(entry));
  for (const id of change.deleted) entries.delete(id);
}

/** The index of `db` in memory, read from IndexedDB the first time. */
export function searchIndexInMemory(db: CacheDb): Promise<Map<string, MemoryEntry>> {
  if (loaded?.db === db) return Promise.resolve(loaded.entries);
  if (loading?.db === db) return loading.promise;
  const queued: Change[] = [];
  const promise = readSearchEntries(db).then((rows) => {
    const entries = new Map(rows.map((row) => [row.id, toMemory(row)]));
    // Writes that committed while the table was being read: applied again, in their order.
    for (const change of queued) applyChange(entries, change);
    if (loading?.promise === promise) {
      version += 1;
      loaded = { db, entries };
      loading = null;
    }
    return entries;
  });
  loading = { db, promise, queued };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  return promise;
}

/** Runs `apply` once the current transaction commits (at once outside one). */
function afterCommit(apply: () => void): void {
  const transaction = Dexie.currentTransaction;
  if (transaction) transaction.idbtrans.addEventListener("complete", apply);
  else apply();
}

/**
 * Records a change of the `search` table made in the current transaction: the index in memory
 * follows once it commits (an aborted write changes nothing). `tagsChanged`: some memo's tags
 * were added, changed or removed, so the tag counts are counted again.
 */
export function noteSearchChange(db: CacheDb, change: Change & { tagsChanged: boolean }): void {
  afterCommit(() => {
    if (loaded?.db === db) applyChange(loaded.entries, change);
    else if (loading?.db === db) loading.queued.push(change);
    if (change.tagsChanged && tagCounts?.db === db) tagCounts = null;
  });
}

// The user's tag counts, counted once and again only after a change of some memo's tags: the
// screens refresh after every change of the cache (a review too), and counting walks the
// `*tags` index, as long as the number of tagged memos.
let tagCounts: { db: CacheDb; counts: Promise<TagCount[]> } | null = null;

/** The tag counts of `db`, counted by `count` when no change of tags came since the last time. */
export function cachedTagCounts(
  db: CacheDb,
  count: () => Promise<TagCount[]>,
): Promise<TagCount[]> {
  if (tagCounts?.db === db) return tagCounts.counts;
  const counts = count();
  tagCounts = { db, counts };
  counts.catch(() => {
    if (tagCounts?.counts === counts) tagCounts = null;
  });
  return counts;
}

/**
 * Drops the index and the tag counts in memory (another tab changed the cache, or the cache
 * closed): the next search reads them again.
 */
export function forgetSearchIndex(): void {
  version += 1;
  loaded = null;
  loading = null;
  tagCounts = null;
}
