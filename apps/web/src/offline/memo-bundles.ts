import type { SearchableMemo } from "@mnemo/domain";
import { Dexie } from "dexie";
import { type BodyBundle, type Bundle, bodySize, type CacheDb, type CachedMemo } from "./cache-db";
import type { SearchEntry } from "./search-entry";

// A memo's body, search entry and searchable text are each a record of their own (`bodies`,
// `search`, `searchText`), except for memos that a page of the change feed brought new to the
// device: theirs are stored `BUNDLE_SIZE` memos to a record (`bodyBundles`, `searchBundles`,
// `textBundles`, one id for the three). IndexedDB's cost is per record (38–65 µs a put in
// Chromium here, against 4–12 µs a memo when a thousand share one), and a first download of
// 100,000 memos wrote 400,000 records.
//
// The rules, kept by this module and `cache.ts` alone:
// - `memo.bundle` names the bundle holding the memo's copies;
// - a record of the memo written later (an edit, a review, a newer copy from the server) wins
//   over its bundle's copy, which stays until the bundle goes;
// - deleting a memo takes its copies out of its bundle, and evicting its body takes the bundle's
//   body too, so an older copy never comes back.
// A bundle's items are stored as one JSON text: Chromium stores an object of a hundred strings
// 5–10× slower than the same items as one string (33–42 against 4–6 µs a memo, bodies of 600
// Korean characters, measured in the bench's Chromium).

/** Memos per bundle: a memo opened or a snippet shown reads its bundle's whole record. */
export const BUNDLE_SIZE = 100;

/**
 * The tables holding memos and their copies, and `meta` (a write to memos stamps it, see
 * `cache-db.ts`): a transaction that changes memos names them all.
 */
export function memoTables(db: CacheDb) {
  return [
    db.meta,
    db.memos,
    db.bodies,
    db.search,
    db.searchText,
    db.bodyBundles,
    db.searchBundles,
    db.textBundles,
  ];
}

/** A memo new to the device with its copies, as {@link storeInBundles} takes it. */
export interface NewMemo {
  memo: CachedMemo;
  contents: string;
  /** Bytes of `contents` counted against the budget (`bodySize`). */
  size: number;
  entry: SearchEntry;
  text: SearchableMemo;
}

/** Stores memos new to the device, their copies in bundles; answers their bodies' bytes. */
export async function storeInBundles(db: CacheDb, memos: readonly NewMemo[]): Promise<number> {
  if (memos.length === 0) return 0;
  const parts: NewMemo[][] = [];
  for (let start = 0; start < memos.length; start += BUNDLE_SIZE) {
    parts.push(memos.slice(start, start + BUNDLE_SIZE));
  }
  const storedAt = Date.now();
  const bodies = parts.map((part) => ({
    items: itemsText(part.map(({ memo, contents }) => [memo.id, contents])),
    size: part.reduce((sum, { size }) => sum + size, 0),
    storedAt,
  }));
  const ids = await db.bodyBundles.bulkAdd(bodies as BodyBundle[], { allKeys: true });
  await db.searchBundles.bulkPut(
    parts.map((part, index) => ({
      id: ids[index] as number,
      items: itemsText(part.map(({ entry }) => [entry.id, entry])),
    })),
  );
  await db.textBundles.bulkPut(
    parts.map((part, index) => ({
      id: ids[index] as number,
      items: itemsText(part.map(({ memo, text }) => [memo.id, text])),
    })),
  );
  await db.memos.bulkPut(
    parts.flatMap((part, index) => part.map(({ memo }) => ({ ...memo, bundle: ids[index] }))),
  );
  return bodies.reduce((sum, bundle) => sum + bundle.size, 0);
}

/** A bundle's items as stored: one JSON text. */
function itemsText<T>(items: readonly (readonly [string, T])[]): string {
  return JSON.stringify(Object.fromEntries(items));
}

/** A bundle's items by memo id, from the text they are stored as (or an older bundle's object). */
export function bundleItems<T>(bundle: Bundle<T>): Record<string, T> {
  return typeof bundle.items === "string"
    ? (JSON.parse(bundle.items) as Record<string, T>)
    : bundle.items;
}

/**
 * The copies of `memos` kept in their bundles of `table`, in their order; undefined for a memo
 * not `wanted` (it has a record of its own), without a bundle, or gone from it.
 */
export function fromBundles<T>(
  table: { bulkGet(ids: number[]): PromiseLike<(Bundle<T> | undefined)[]> },
  memos: readonly (Pick<CachedMemo, "id" | "bundle"> | undefined)[],
  wanted: (index: number) => boolean,
): PromiseLike<(T | undefined)[]> {
  const bundleOf = (index: number) => (wanted(index) ? memos[index]?.bundle : undefined);
  const ids = [...new Set(memos.map((_, index) => bundleOf(index)))].filter(
    (id) => id !== undefined,
  );
  // Nothing to read: a Dexie promise all the same (see `withoutBundles`).
  if (ids.length === 0) return withoutBundles(memos.map(() => undefined));
  return table.bulkGet(ids).then((found) => {
    const bundles = new Map(
      found.flatMap((bundle) => (bundle ? [[bundle.id, bundleItems(bundle)]] : [])),
    );
    return memos.map((memo, index) => {
      const id = bundleOf(index);
      return id === undefined || !memo ? undefined : bundles.get(id)?.[memo.id];
    });
  });
}

/**
 * An answer without a read, as a Dexie promise: a caller in a transaction that awaits a native
 * promise no IndexedDB request stands behind can find the transaction committed after it
 * (Dexie's PrematureCommitError), as the tests on fake-indexeddb did.
 */
function withoutBundles<T>(value: T): PromiseLike<T> {
  return Dexie.Promise.resolve(value);
}

/** Every memo's search entry: its bundle's copy unless it has a record of its own. */
export async function readSearchEntries(db: CacheDb): Promise<SearchEntry[]> {
  const [bundles, rows] = await db.transaction("r", [db.searchBundles, db.search], () =>
    Promise.all([db.searchBundles.toArray(), db.search.toArray()]),
  );
  const entries = new Map<string, SearchEntry>();
  for (const bundle of bundles) {
    for (const entry of Object.values(bundleItems(bundle))) entries.set(entry.id, entry);
  }
  for (const row of rows) entries.set(row.id, row);
  return [...entries.values()];
}

/**
 * Takes memos' copies out of their bundles: all three for memos being deleted, the bodies alone
 * for bodies being evicted. Answers the bytes of the bodies taken out. A bundle left empty goes.
 */
export function takeOutOfBundles(
  db: CacheDb,
  memos: readonly (CachedMemo | undefined)[],
  copies: "all" | "bodies",
): PromiseLike<number> {
  const byBundle = new Map<number, string[]>();
  for (const memo of memos) {
    if (memo?.bundle === undefined) continue;
    byBundle.set(memo.bundle, [...(byBundle.get(memo.bundle) ?? []), memo.id]);
  }
  if (byBundle.size === 0) return withoutBundles(0);
  return takeOutOf(db, byBundle, copies);
}

async function takeOutOf(
  db: CacheDb,
  byBundle: ReadonlyMap<number, readonly string[]>,
  copies: "all" | "bodies",
): Promise<number> {
  let freed = 0;
  for (const [id, memoIds] of byBundle) {
    const bodies = await db.bodyBundles.get(id);
    const takenBodies = bodies ? takeItems(bodies, memoIds) : [];
    if (bodies && takenBodies.length > 0) {
      const bytes = takenBodies.reduce((sum, contents) => sum + bodySize(contents), 0);
      freed += bytes;
      bodies.size -= bytes;
      await storeTaken(db.bodyBundles, bodies);
    }
    if (copies === "bodies") continue;
    const search = await db.searchBundles.get(id);
    if (search && takeItems(search, memoIds).length > 0) await storeTaken(db.searchBundles, search);
    const texts = await db.textBundles.get(id);
    if (texts && takeItems(texts, memoIds).length > 0) await storeTaken(db.textBundles, texts);
  }
  return freed;
}

/**
 * Removes memos' items from a bundle, whose items become text again when any was there; answers
 * the items removed (none: the bundle is as it was, and need not be stored again).
 */
function takeItems<T>(bundle: Bundle<T>, memoIds: readonly string[]): T[] {
  const items = bundleItems(bundle);
  const taken: T[] = [];
  for (const memoId of memoIds) {
    const item = items[memoId];
    if (item === undefined) continue;
    taken.push(item);
    delete items[memoId];
  }
  if (taken.length > 0) bundle.items = itemsText(Object.entries(items));
  return taken;
}

/** Stores a bundle some items were taken from; one left empty goes. */
function storeTaken<B extends Bundle<unknown>>(
  table: {
    put(bundle: NoInfer<B>): PromiseLike<unknown>;
    delete(id: number): PromiseLike<unknown>;
  },
  bundle: B,
): PromiseLike<unknown> {
  return bundle.items === "{}" ? table.delete(bundle.id) : table.put(bundle);
}

/** Evicts a whole bundle of bodies (its memos' texts stay); answers the bytes freed. */
export async function evictBodyBundle(db: CacheDb, id: number): Promise<number> {
  const bundle = await db.bodyBundles.get(id);
  if (!bundle) return 0;
  await db.bodyBundles.delete(id);
  return bundle.size;
}
