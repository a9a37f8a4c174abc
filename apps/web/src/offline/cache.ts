import {
  DEFAULT_REPETITION_VALUE,
  ErrorCode,
  type Folder,
  type MemoDetail,
  type MemoSummary,
  OFFLINE_CACHE_BYTES,
  repetitionDueKey,
} from "@mnemo/domain";
import { ApiError } from "../api/client";
import { bodySize, type CacheDb, type CachedMemo, createCacheDb, type MetaKey } from "./cache-db";
import { evictBodyBundle, fromBundles, storeInBundles, takeOutOfBundles } from "./memo-bundles";
import {
  type SearchEntries,
  type SearchFields,
  type SearchTextEntry,
  searchEntries,
} from "./search-entry";
import { forgetSearchIndex, noteSearchChange } from "./search-memory";

/**
 * The signed-in user's cache: opened when the user becomes known, closed (and deleted on logout)
 * when they leave. Everything in `offline/` reaches IndexedDB through `cacheDb()`.
 */
let current: { userId: string; userName: string; db: CacheDb } | null = null;
let deletedElsewhere = false;
const listeners = new Set<() => void>();

/** Opens (or keeps) the cache of this user; another user's cache is closed first. */
export function openCache(userId: string, userName: string): CacheDb {
  if (current?.userId === userId) {
    current.userName = userName;
    return current.db;
  }
  current?.db.close();
  forgetSearchIndex();
  const db = createCacheDb(userId);
  current = { userId, userName, db };
  deletedElsewhere = false;
  // Another tab deleting this cache means the user logged out there (see deleteCache): this tab's
  // next read or change answers UNAUTHENTICATED, and the app signs out here too.
  db.on("versionchange", (event) => {
    if (event.newVersion === null && current?.db === db) deletedElsewhere = true;
  });
  listenToOtherTabs(userId);
  notifyChanged();
  return db;
}

/** The open cache, or null while nobody is signed in. */
export function currentCache(): CacheDb | null {
  return current?.db ?? null;
}

export function cacheUser(): { userId: string; userName: string } | null {
  return current ? { userId: current.userId, userName: current.userName } : null;
}

export function cacheDb(): CacheDb {
  if (!current || deletedElsewhere) {
    throw new ApiError(ErrorCode.UNAUTHENTICATED, 401, "the offline cache is closed (signed out)");
  }
  return current.db;
}

/** Closes and deletes a user's cache (logout): their data must not stay on a shared device. */
export async function deleteCache(userId: string): Promise<void> {
  if (current?.userId === userId) {
    current.db.close();
    current = null;
    forgetSearchIndex();
  }
  // Another tab holding the database open could keep the deletion waiting: do not hang a logout.
  await Promise.race([
    createCacheDb(userId).delete(),
    new Promise((resolve) => setTimeout(resolve, 3_000)),
  ]);
}

/** Listens for "the cache was opened or its data changed" (local writes, pulls, other tabs). */
export function onCacheChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let notifyScheduled = false;
let otherTabs: BroadcastChannel | null = null;

/** Another tab of the same user changed the cache: its lists are ours too. */
function listenToOtherTabs(userId: string): void {
  otherTabs?.close();
  otherTabs =
    typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`mnemo-${userId}`);
  if (otherTabs) {
    otherTabs.onmessage = () => {
      // Its writes did not pass through this tab's index in memory.
      forgetSearchIndex();
      notifyListeners();
    };
  }
}

function notifyListeners(): void {
  if (notifyScheduled) return;
  notifyScheduled = true;
  queueMicrotask(() => {
    notifyScheduled = false;
    for (const listener of listeners) listener();
  });
}

/**
 * Tells this tab's screens and the user's other tabs that the cache changed; batched into one
 * notice per task, so a burst of writes refreshes the screens once.
 */
export function notifyChanged(): void {
  if (!notifyScheduled) otherTabs?.postMessage("changed");
  notifyListeners();
}

export async function readMeta<T>(key: MetaKey): Promise<T | undefined> {
  return (await cacheDb().meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: MetaKey, value: unknown): Promise<void> {
  await cacheDb().meta.put({ key, value });
}

/**
 * The cache seen complete, remembered: nothing takes `isComplete` back from an open cache (only
 * the upgrade of a new version does, as it opens), and every list read and search asks first. A
 * read of the flag each time queued behind each read-write transaction holding `meta`: while the
 * outbox drained, 1,000 changes took 13.7 s to reach the server instead of 1.2–1.5 s.
 */
let seenComplete: CacheDb | null = null;

/** Whether a first download finished, so lists can be read from the cache alone. */
export async function isCacheComplete(): Promise<boolean> {
  if (current === null) return false;
  if (seenComplete === current.db && !deletedElsewhere) return true;
  const db = current.db;
  const isComplete = (await readMeta<boolean>("isComplete")) === true;
  if (isComplete) seenComplete = db;
  return isComplete;
}

/**
 * The budget for memo bodies (PRODUCT.md › Offline and sync): 100 MB less room for lists, outbox
 * and drafts.
 */
export const BODY_BUDGET_BYTES = Math.floor(OFFLINE_CACHE_BYTES * 0.9);

/** The keys a memo gets from its folder: due key, and the home key while the folder is on home. */
export function derivedKeys(
  memo: Pick<CachedMemo, "createdAt" | "accumulatedReviewValue">,
  folder: Folder | undefined,
): Pick<CachedMemo, "dueKey" | "homeRv"> {
  const rate = folder?.dateRepetitionValue ?? DEFAULT_REPETITION_VALUE;
  const dueKey = repetitionDueKey(memo.createdAt, rate, memo.accumulatedReviewValue);
  return folder?.showAtHomeReviewList ? { dueKey, homeRv: rate } : { dueKey };
}

type ServerMemo = Omit<MemoSummary, "sortingValue"> &
  Partial<Pick<MemoDetail, "contents" | "reviewedDates" | "completedDates">> & {
    sortingValue?: unknown;
    folderTitle?: unknown;
    repetitionScore?: unknown;
    snippet?: unknown;
    score?: unknown;
    isTitleHit?: unknown;
  };

/**
 * A memo from the server as the cache keeps it: list fields (the body goes to `bodies`), without
 * what only a home or search answer carries.
 */
export function toCachedMemo(
  memo: ServerMemo,
  folder: Folder | undefined,
  previous?: CachedMemo,
): CachedMemo {
  const {
    contents: _contents,
    sortingValue: _sortingValue,
    folderTitle: _folderTitle,
    repetitionScore: _score,
    snippet: _snippet,
    score: _searchScore,
    isTitleHit: _isTitleHit,
    reviewedDates,
    completedDates,
    ...fields
  } = memo;
  const cached: CachedMemo = { ...fields, ...derivedKeys(fields, folder) };
  if (previous?.bundle !== undefined) cached.bundle = previous.bundle;
  // Dates come only with a whole memo; a list row keeps the known ones while they still add up.
  const reviewed = reviewedDates ?? previous?.reviewedDates;
  if (reviewed && reviewed.length === fields.reviewCount) cached.reviewedDates = [...reviewed];
  const completed = completedDates ?? previous?.completedDates;
  if (completed && completed.length === fields.completedCount) {
    cached.completedDates = [...completed];
  }
  return cached;
}

// ---- bodies and folders: one place writes them, so the budget and the derived keys stay true ---

/**
 * Adds to the bytes counted against the budget. A Dexie promise chain, not an async function:
 * Dexie keeps a transaction alive only across awaits of its own promises, and an async helper
 * awaited by an async helper lost it ("Transaction committed too early").
 */
function addBodyBytes(db: CacheDb, delta: number) {
  return db.meta
    .get("bodyBytes")
    .then((row) =>
      db.meta.put({ key: "bodyBytes", value: Math.max(0, ((row?.value as number) ?? 0) + delta) }),
    );
}

/** Stores memo bodies and counts their bytes toward the cache budget (`bodyBytes`). */
export async function putBodies(
  db: CacheDb,
  bodies: readonly { id: string; contents: string }[],
): Promise<void> {
  if (bodies.length === 0) return;
  const previous = await db.bodies.bulkGet(bodies.map((body) => body.id));
  const storedAt = Date.now();
  let delta = 0;
  const rows = bodies.map((body, index) => {
    const size = bodySize(body.contents);
    delta += size - (previous[index]?.size ?? 0);
    return { id: body.id, contents: body.contents, size, storedAt };
  });
  await db.bodies.bulkPut(rows);
  await addBodyBytes(db, delta);
}

/**
 * Stores memos the device did not hold (a page of the change feed), their bodies and search
 * entries in bundles (`memo-bundles.ts`): the bodies count toward the budget, and the search
 * index takes them in, in the same transaction. Nothing is read back for them: at a first
 * download, reads of keys that were not there took 7 of 55 s (100,000 memos).
 */
export async function storeNewMemos(
  db: CacheDb,
  memos: readonly { memo: CachedMemo; contents: string; search?: SearchEntries }[],
): Promise<void> {
  if (memos.length === 0) return;
  const stored = memos.map(({ memo, contents, search }) => {
    const { entry, text } = search ?? searchEntries(memo, contents);
    return { memo, contents, size: bodySize(contents), entry, text: text.text };
  });
  await addBodyBytes(db, await storeInBundles(db, stored));
  noteSearchChange(db, {
    put: stored.map(({ entry }) => entry),
    deleted: [],
    tagsChanged: stored.some(({ text }) => text.tags.length > 0),
  });
}

/** Memos with their bodies as stored (their own record, else their bundle's copy). */
export async function readMemosWithBodies(
  db: CacheDb,
  ids: readonly string[],
): Promise<{ memo: CachedMemo | undefined; contents: string | undefined }[]> {
  const memos = await db.memos.bulkGet([...ids]);
  const rows = await db.bodies.bulkGet([...ids]);
  const bundled = await fromBundles(db.bodyBundles, memos, (index) => !rows[index]);
  return memos.map((memo, index) => ({
    memo,
    contents: rows[index]?.contents ?? bundled[index],
  }));
}

/** Memos with their searchable text as stored (their own record, else their bundle's copy). */
export async function readMemosWithTexts(
  db: CacheDb,
  ids: readonly string[],
): Promise<{ memo: CachedMemo | undefined; text: SearchTextEntry | undefined }[]> {
  const memos = await db.memos.bulkGet([...ids]);
  const texts = await storedTexts(
    db,
    ids.map((id, index) => memos[index] ?? { id }),
  );
  return memos.map((memo, index) => ({ memo, text: texts[index] }));
}

/**
 * The searchable text of memos in hand (their own record, else the copy in their `bundle`),
 * without reading their rows again.
 */
async function storedTexts(
  db: CacheDb,
  memos: readonly Pick<CachedMemo, "id" | "bundle">[],
): Promise<(SearchTextEntry | undefined)[]> {
  const rows = await db.searchText.bulkGet(memos.map((memo) => memo.id));
  const bundled = await fromBundles(db.textBundles, memos, (index) => !rows[index]);
  return rows.map((row, index) => {
    const text = bundled[index];
    return row ?? (text && { id: memos[index]?.id as string, text });
  });
}

/**
 * Brings the search index up to date with memos just stored, in the same transaction (so the
 * index never disagrees with the lists). Each `memo` is the record as stored, with its `bundle`
 * (where the text of its contents may be). `contents` is absent when only list fields changed:
 * the indexed text of the contents stays.
 */
export async function indexMemos(
  db: CacheDb,
  memos: readonly { memo: SearchFields & Pick<CachedMemo, "bundle">; contents?: string }[],
): Promise<void> {
  if (memos.length === 0) return;
  const previous = await storedTexts(
    db,
    memos.map(({ memo }) => memo),
  );
  const entries = memos.map(({ memo, contents }, index) =>
    searchEntries(memo, contents, previous[index]),
  );
  const put = entries.map(({ entry }) => entry);
  await db.search.bulkPut(put);
  await db.searchText.bulkPut(entries.map(({ text }) => text));
  const tagsChanged = entries.some(
    ({ text }, index) =>
      text.text.tags.join("\n") !== (previous[index]?.text.tags.join("\n") ?? ""),
  );
  noteSearchChange(db, { put, deleted: [], tagsChanged });
}

/** Removes memos with their bodies (their bytes leave the budget) and their search entries. */
export async function deleteMemos(db: CacheDb, memoIds: readonly string[]): Promise<void> {
  if (memoIds.length === 0) return;
  const ids = [...memoIds];
  const memos = await db.memos.bulkGet(ids);
  const bodies = await db.bodies.bulkGet(ids);
  const bundled = await takeOutOfBundles(db, memos, "all");
  await db.memos.bulkDelete(ids);
  await db.bodies.bulkDelete(ids);
  await db.search.bulkDelete(ids);
  await db.searchText.bulkDelete(ids);
  noteSearchChange(db, { put: [], deleted: memoIds, tagsChanged: true });
  await addBodyBytes(db, -bodies.reduce((sum, body) => sum + (body?.size ?? 0), bundled));
}

/**
 * Removes memo bodies only (evicted from a full cache; the memos stay in the lists), their
 * bundles' copies too.
 */
export async function evictBodies(db: CacheDb, memoIds: readonly string[]): Promise<void> {
  const ids = [...memoIds];
  const memos = await db.memos.bulkGet(ids);
  const bodies = await db.bodies.bulkGet(ids);
  const bundled = await takeOutOfBundles(db, memos, "bodies");
  await db.bodies.bulkDelete(ids);
  await addBodyBytes(db, -bodies.reduce((sum, body) => sum + (body?.size ?? 0), bundled));
}

/** Evicts a whole bundle of bodies (see `memo-bundles.ts`); answers the bytes freed. */
export function evictBundledBodies(db: CacheDb, id: number): Promise<number> {
  return db.transaction("rw", [db.bodyBundles, db.meta], async () => {
    const freed = await evictBodyBundle(db, id);
    await addBodyBytes(db, -freed);
    return freed;
  });
}

/**
 * Stores folders; the memos of each whose repetition value or home-list switch changed get their
 * new due and home keys in the same transaction. One read and one write for all of them: a first
 * visit stores the user's every folder as the server lists them.
 */
export async function putFolders(db: CacheDb, given: readonly Folder[]): Promise<void> {
  // A folder listed twice is stored as its last copy, and its memos keyed from that copy alone.
  const folders = [...new Map(given.map((folder) => [folder.id, folder])).values()];
  if (folders.length === 0) return;
  const previous = await db.folders.bulkGet(folders.map((folder) => folder.id));
  await db.folders.bulkPut([...folders]);
  for (const [index, folder] of folders.entries()) {
    const before = previous[index];
    if (
      before &&
      (before.dateRepetitionValue !== folder.dateRepetitionValue ||
        before.showAtHomeReviewList !== folder.showAtHomeReviewList)
    ) {
      await db.memos
        .where("folderId")
        .equals(folder.id)
        .modify((memo) => {
          const keys = derivedKeys(memo, folder);
          memo.dueKey = keys.dueKey;
          if (keys.homeRv === undefined) delete memo.homeRv;
          else memo.homeRv = keys.homeRv;
        });
    }
  }
}

/** Stores a folder (see {@link putFolders}). */
export function putFolder(db: CacheDb, folder: Folder): Promise<void> {
  return putFolders(db, [folder]);
}
