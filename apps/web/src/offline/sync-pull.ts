import type { FoldersResponse, SyncChangesResponse, SyncedMemo } from "@mnemo/domain";
import { api, query } from "../api/client";
import {
  BODY_BUDGET_BYTES,
  cacheDb,
  deleteMemos,
  evictBodies,
  evictBundledBodies,
  indexMemos,
  isCacheComplete,
  notifyChanged,
  putBodies,
  readMeta,
  storeNewMemos,
  toCachedMemo,
  writeMeta,
} from "./cache";
import type { CacheDb, CachedMemo } from "./cache-db";
import { memoTables } from "./memo-bundles";
import { type SearchEntries, searchEntries } from "./search-entry";
import { type SyncStatus, setStatus } from "./sync-status";
import { pendingTargets, putServerFolders } from "./sync-store";

// Pulling what changed on the server since the stored cursor (`GET /api/sync/changes`). A pull
// may run in several tabs at once: its writes are idempotent puts.

/** Changes per page of the change feed (the server's maximum, `SYNC_PAGE_MAX`). */
const PULL_PAGE = 1_000;

/**
 * The ids of every memo the cache holds, as a first download knows them between its pages, and
 * the memo writes' token (`memoWrites`, see cache-db.ts) read at the end of its last page. While
 * the token is unchanged, no one else wrote memos, so a page's memos held before are the ones in
 * `ids`, and IndexedDB is not asked about each memo (100,000 gets in a first download of 100,000).
 */
export interface HeldMemos {
  ids: Set<string> | null;
  token: unknown;
}

/** Which of `ids` the cache holds, with their records (undefined: new to the device). */
async function heldRecords(
  db: CacheDb,
  ids: readonly string[],
  held: HeldMemos | undefined,
): Promise<(CachedMemo | undefined)[]> {
  if (!held) return db.memos.bulkGet([...ids]);
  if (held.ids === null || (await db.meta.get("memoWrites"))?.value !== held.token) {
    // Another writer came between (a tab storing a list the server answered): one read of keys.
    held.ids = new Set((await db.memos.toCollection().primaryKeys()) as string[]);
  }
  const known = held.ids;
  const found = await db.memos.bulkGet(ids.filter((id) => known.has(id)));
  const records = new Map(found.flatMap((memo) => (memo ? [[memo.id, memo]] : [])));
  return ids.map((id) => records.get(id));
}

/**
 * The search entries of a page's memos, made as the page arrives: the text of each memo folded,
 * which runs while IndexedDB stores the page before (its requests are in flight and the thread is
 * free), not inside the page's own transaction.
 */
export type PreparedPage = ReadonlyMap<string, SearchEntries>;

function preparePage(page: SyncChangesResponse): PreparedPage {
  return new Map(page.memos.map((memo) => [memo.id, searchEntries(memo, memo.contents)]));
}

/**
 * Stores one page of the change feed and its cursor, in one transaction. `held`: a first
 * download's knowledge of the memos held, kept up to date across its pages; `prepared`: the
 * page's search entries made beforehand.
 */
export async function storeFeedPage(
  db: CacheDb,
  page: SyncChangesResponse,
  held?: HeldMemos,
  prepared?: PreparedPage,
): Promise<void> {
  let after: { token: unknown; stored: string[]; deleted: string[] } | undefined;
  await db.transaction("rw", [...memoTables(db), db.folders, db.outbox], async () => {
    const pending = await pendingTargets(db);
    await putServerFolders(db, page.folders, pending);
    const memos = page.memos.filter((memo) => !pending.has(memo.id));
    if (memos.length > 0) {
      const folders = new Map((await db.folders.toArray()).map((folder) => [folder.id, folder]));
      const previous = await heldRecords(
        db,
        memos.map((memo) => memo.id),
        held,
      );
      // A memo held before is replaced record by record; the new ones go in bundles.
      const heldMemos: { memo: SyncedMemo; stored: CachedMemo }[] = [];
      const fresh: SyncedMemo[] = [];
      memos.forEach((memo, index) => {
        const stored = previous[index];
        if (stored) heldMemos.push({ memo, stored });
        else fresh.push(memo);
      });
      if (heldMemos.length > 0) {
        const cached = heldMemos.map(({ memo, stored }) =>
          toCachedMemo(memo, folders.get(memo.folderId), stored),
        );
        await db.memos.bulkPut(cached);
        await putBodies(
          db,
          heldMemos.map(({ memo }) => ({ id: memo.id, contents: memo.contents })),
        );
        await indexMemos(
          db,
          cached.map((memo, index) => ({ memo, contents: heldMemos[index]?.memo.contents })),
        );
      }
      await storeNewMemos(
        db,
        fresh.map((memo) => ({
          memo: toCachedMemo(memo, folders.get(memo.folderId)),
          contents: memo.contents,
          search: prepared?.get(memo.id),
        })),
      );
    }
    const deleted = page.deletions.filter((item) => !pending.has(item.id));
    const memoIds = deleted.filter((item) => item.kind === "memo").map((item) => item.id);
    const folderIds = deleted.filter((item) => item.kind === "folder").map((item) => item.id);
    await deleteMemos(db, memoIds);
    if (folderIds.length > 0) await db.folders.bulkDelete(folderIds);
    await db.meta.put({ key: "cursor", value: page.nextCursor });
    await db.meta.put({ key: "serverTime", value: page.serverTime });
    if (held) {
      const token = (await db.meta.get("memoWrites"))?.value;
      after = { token, stored: memos.map((memo) => memo.id), deleted: memoIds };
    }
  });
  // Kept once the transaction commits: an aborted page leaves the cache as it was.
  if (held?.ids && after) {
    for (const id of after.stored) held.ids.add(id);
    for (const id of after.deleted) held.ids.delete(id);
    held.token = after.token;
  }
}

/** Tells the user how far a first download got (null: it ended). */
export type ReportDownload = (download: SyncStatus["download"]) => void;

function showDownload(download: SyncStatus["download"]): void {
  setStatus({ download });
}

/**
 * Brings the cache up to date: page after page of the change feed from the stored cursor. The
 * first download of an account reports its progress and refreshes the screens once, at the end.
 * Each next page is asked for while the last one is stored, so the server and the device work
 * at the same time.
 */
export async function pullChanges(report: ReportDownload = showDownload): Promise<void> {
  const db = cacheDb();
  const isFirst = !(await isCacheComplete());
  const cursor = await readMeta<string>("cursor");
  if (cursor === undefined) {
    // A new account's root folder is made on its first folder read; the feed then carries it.
    await api<FoldersResponse>("GET", "/api/folders");
  }
  let done = 0;
  // Shown from the first request on: a large account's first page takes seconds to arrive.
  if (isFirst) report({ done, total: 0 });
  const fetchPage = (after: string | undefined) =>
    api<SyncChangesResponse>(
      "GET",
      `/api/sync/changes${query({ cursor: after, limit: PULL_PAGE })}`,
    ).then((page) => ({ page, prepared: isFirst ? preparePage(page) : undefined }));
  let next = fetchPage(cursor);
  const held: HeldMemos | undefined = isFirst ? { ids: null, token: undefined } : undefined;
  for (;;) {
    const { page, prepared } = await next;
    if (page.hasMore) {
      next = fetchPage(page.nextCursor);
      // Awaited at the next turn; a failed store below leaves it unread, not unhandled.
      next.catch(() => undefined);
    }
    await storeFeedPage(db, page, held, prepared);
    const count = page.folders.length + page.memos.length + page.deletions.length;
    done += count;
    if (isFirst) report({ done, total: done + page.remaining });
    else if (count > 0) notifyChanged();
    if (!page.hasMore) break;
  }
  await writeMeta("syncedAt", Date.now());
  if (isFirst) {
    await writeMeta("isComplete", true);
    report(null);
    notifyChanged();
  }
  await evictBodiesOverBudget(db);
}

/**
 * Keeps memo bodies within the cache budget (PRODUCT.md › Offline and sync: 100 MB): the least recently stored go
 * first; lists keep every memo, and an evicted body is read from the server when next opened.
 */
export async function evictBodiesOverBudget(
  db: CacheDb,
  budget = BODY_BUDGET_BYTES,
): Promise<void> {
  const total = (await readMeta<number>("bodyBytes")) ?? 0;
  if (total <= budget) return;
  const target = budget * 0.8;
  let freed = 0;
  const pending = await pendingTargets(db);
  // Bodies of their own and bundles of bodies (memo-bundles.ts) in one order: the bodies stored
  // before the oldest bundle, then that bundle, and so on.
  for (;;) {
    const bundle = await db.bodyBundles.orderBy("storedAt").first();
    const evicted: string[] = [];
    await db.bodies
      .where("storedAt")
      .below(bundle?.storedAt ?? Number.POSITIVE_INFINITY)
      .until(() => total - freed <= target)
      .each((body) => {
        if (pending.has(body.id)) return;
        freed += body.size;
        evicted.push(body.id);
      });
    if (evicted.length > 0) {
      await db.transaction("rw", memoTables(db), () => evictBodies(db, evicted));
    }
    if (total - freed <= target || !bundle) return;
    freed += await evictBundledBodies(db, bundle.id);
  }
}
