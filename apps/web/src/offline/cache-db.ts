import {
  type ErrorCode,
  type Folder,
  type MemoSummary,
  randomId,
  type SearchableMemo,
  type SyncChange,
  type TrashItem,
} from "@mnemo/domain";
import { Dexie, type EntityTable, type Transaction } from "dexie";
import { type SearchEntry, type SearchTextEntry, searchEntries } from "./search-entry";
import { wrapTables } from "./wrap-tables";

/**
 * A memo as the device keeps it: the list fields the server sends (no contents: those live in
 * `bodies`, so lists never read them) plus two keys derived from its folder for the home list.
 */
export interface CachedMemo extends Omit<MemoSummary, "sortingValue"> {
  /** `repetitionDueKey(createdAt, folder.dateRepetitionValue, accumulatedReviewValue)`. */
  dueKey: number;
  /**
   * The folder's dateRepetitionValue while the folder feeds the home review list; absent
   * otherwise, so the memo is left out of the `[homeRv+dueKey]` index (IndexedDB indexes no
   * record whose key is missing).
   */
  homeRv?: number;
  /** Review and completion times, when a whole memo was read from the server (lists lack them). */
  reviewedDates?: number[];
  completedDates?: number[];
  /**
   * The bundle holding the body, search entry and searchable text this memo arrived with in a
   * page of the change feed (see `memo-bundles.ts`); absent for a memo stored one by one.
   */
  bundle?: number;
}

/** A memo's rich text, apart from its list fields; `size` counts toward the cache budget. */
export interface CachedBody {
  id: string;
  contents: string;
  /** Approximate bytes (UTF-16 code units × 2). */
  size: number;
  /** When the body was stored (device clock), to evict the least recently stored first. */
  storedAt: number;
}

/**
 * The bodies, search entries or searchable texts of up to `BUNDLE_SIZE` memos that one page of
 * the change feed brought new to the device, in one record per table under one id (see
 * `memo-bundles.ts`): `items` by memo id, as JSON text (read through `bundleItems`). A bundle
 * stored before the text kept them as an object, which is read as well.
 */
export interface Bundle<T> {
  id: number;
  items: string | Record<string, T>;
}

/** Bodies in a bundle; `size` and `storedAt` as a {@link CachedBody}'s, for the whole bundle. */
export interface BodyBundle extends Bundle<string> {
  size: number;
  storedAt: number;
}

/** Bytes a body occupies, near enough for a budget: UTF-16 code units take two bytes. */
export function bodySize(contents: string): number {
  return contents.length * 2;
}

/** The change of `POST /api/sync/ops` of one kind, without its opId. */
type SyncChangeOf<K extends SyncChange["kind"]> = Extract<SyncChange, { kind: K }>;

/**
 * Every change the device makes, waiting to be sent in order: an op of `POST /api/sync/ops`
 * without its opId (the domain's `SyncChange`). A create also names its target (`memoId`,
 * `folderId`: the id in its input) as every other change does; the server ignores that field. A
 * `memo.update` always carries the memo's revision the edit started from.
 */
export type OutboxOp =
  | Exclude<SyncChange, { kind: "memo.create" | "memo.update" | "folder.create" }>
  | (SyncChangeOf<"memo.create"> & { memoId: string })
  | (SyncChangeOf<"memo.update"> & { baseRevision: number })
  | (SyncChangeOf<"folder.create"> & { folderId: string });

export interface OutboxEntry {
  /** Auto-increment: the order changes were made in, which is the order they are sent in. */
  seq?: number;
  /** Sent with the change; the server applies each opId once. */
  opId: string;
  op: OutboxOp;
  /** The memo or folder the change is about (`""` for a reorder), to find pending changes. */
  targetId: string;
  queuedAt: number;
  /** Failed attempts with a server error (5xx); a network failure does not count. */
  attempts: number;
}

/** A change the server refused: kept, with its error code, until the user dismisses it. */
export interface RejectedEntry {
  id?: number;
  opId: string;
  op: OutboxOp;
  code: ErrorCode;
  rejectedAt: number;
  /** For a refused memo create or edit: the title and text the user wrote, so none is lost. */
  text?: { title: string; contents: string };
}

/** What the memo form held when the tab went away; restored when the same form opens again. */
export interface Draft {
  key: string;
  title: string;
  contents: string;
  savedAt: number;
}

/**
 * An image added on this device, waiting to be uploaded (`POST /api/attachments` under its id,
 * so a retry is applied once); memo contents already show it as `/api/attachments/{id}`.
 */
export interface PendingUpload {
  id: string;
  blob: Blob;
  queuedAt: number;
  /** Failed attempts with a server error (5xx); a network failure does not count. */
  attempts: number;
}

/**
 * A memo or folder deleted on this device (PRODUCT.md › Trash): what the trash screen lists, and
 * the rows the delete took out of the cache, so a restore (or an Undo) puts them back offline.
 * Kept apart from `memos` and `folders`, so no other read of the cache sees a trashed memo.
 */
export interface TrashEntry extends TrashItem {
  /** `${kind}:${id}`. */
  key: string;
  folders: Folder[];
  memos: CachedMemo[];
  bodies: { id: string; contents: string }[];
}

/** Small facts about the cache: the sync cursor, whether a first download finished, its size. */
export interface MetaEntry {
  key: MetaKey;
  value: unknown;
}

export type MetaKey =
  | "cursor"
  | "isComplete"
  | "serverTime"
  | "syncedAt"
  | "bodyBytes"
  | "downloadTotal"
  /** The user's FSRS weights (`GET /api/fsrs/parameters`), for offline reviews and previews. */
  | "fsrsWeights"
  /** The last `GET /api/stats` answer, the base of the statistics read offline. */
  | "stats"
  /** The days of the last `GET /api/calendar` answers, the base of the calendar read offline. */
  | "calendar"
  /** The scratch note as last read or saved, shown offline (`GET /api/text`'s `text`). */
  | "scratchText"
  /** A new token at every write to `memos` (see {@link stampMemoWrites}). */
  | "memoWrites";

export type CacheDb = Dexie & {
  folders: EntityTable<Folder, "id">;
  memos: EntityTable<CachedMemo, "id">;
  bodies: EntityTable<CachedBody, "id">;
  search: EntityTable<SearchEntry, "id">;
  searchText: EntityTable<SearchTextEntry, "id">;
  outbox: EntityTable<OutboxEntry, "seq">;
  rejected: EntityTable<RejectedEntry, "id">;
  drafts: EntityTable<Draft, "key">;
  meta: EntityTable<MetaEntry, "key">;
  uploads: EntityTable<PendingUpload, "id">;
  trash: EntityTable<TrashEntry, "key">;
  bodyBundles: EntityTable<BodyBundle, "id">;
  searchBundles: EntityTable<Bundle<SearchEntry>, "id">;
  textBundles: EntityTable<Bundle<SearchableMemo>, "id">;
};

/** One IndexedDB database per user, so a second account on the device never sees the first's. */
export function cacheDbName(userId: string): string {
  return `mnemo-${userId}`;
}

export function createCacheDb(userId: string): CacheDb {
  const db = new Dexie(cacheDbName(userId)) as CacheDb;
  stampMemoWrites(db);
  db.version(1).stores({
    folders: "id",
    memos: "id, folderId, [homeRv+dueKey]",
    bodies: "id, storedAt",
    outbox: "++seq, targetId",
    rejected: "++id",
    drafts: "key",
    meta: "key",
  });
  // The search index, and the memos by tag (the user's tags, counted without reading every memo).
  // A cache made before it holds no index entries: it is downloaded again (see
  // `startOverForSearch`), which builds them as the first download does.
  db.version(2)
    .stores({
      memos: "id, folderId, [homeRv+dueKey], *tags",
      search: "id",
      searchText: "id",
    })
    .upgrade((tx) => startOverForSearch(tx));
  // Images added offline, until they are uploaded.
  db.version(3).stores({ uploads: "id, queuedAt" });
  // What was deleted on this device, for the trash screen offline and restores.
  db.version(4).stores({ trash: "key, trashedAt" });
  // A first download's bodies and search entries, a bundle per record (see `memo-bundles.ts`).
  // A cache made before them keeps its records of one memo each, which are read as before.
  db.version(5).stores({
    bodyBundles: "++id, storedAt",
    searchBundles: "id",
    textBundles: "id",
  });
  return db;
}

/**
 * Every write to `memos`, by any tab or worker, puts a new token in `meta`'s "memoWrites" in the
 * same transaction (which therefore names `meta`, as `memoTables` does; one that does not fails).
 * A first download keeps the ids of the memos the cache holds between its pages: while the token
 * is the one it read at the end of its last page, no one else wrote memos, and it need not ask
 * IndexedDB which of a page's memos it holds (see `storeFeedPage`).
 */
function stampMemoWrites(db: Dexie): void {
  wrapTables(db, "memo-writes", (table, down) =>
    table.name !== "memos"
      ? table
      : {
          ...table,
          mutate: (request) => {
            const stamp = down.table("meta").mutate({
              type: "put",
              trans: request.trans,
              values: [{ key: "memoWrites", value: randomId() }],
            });
            return Promise.all([table.mutate(request), stamp]).then(([result]) => result);
          },
        },
  );
}

/**
 * Upgrades a cache from version 1: its memos are downloaded again from the start of the change
 * feed, which indexes each one. Memos with changes waiting to be sent stay (the download does not
 * overwrite them) and are indexed from what the device holds.
 */
async function startOverForSearch(tx: Transaction): Promise<void> {
  const pending = new Set(
    (await tx.table("outbox").toCollection().toArray()).map((entry: OutboxEntry) => entry.targetId),
  );
  const memos = tx.table<CachedMemo, string>("memos");
  const bodies = tx.table<CachedBody, string>("bodies");
  const stale = ((await memos.toCollection().primaryKeys()) as string[]).filter(
    (id) => !pending.has(id),
  );
  await memos.bulkDelete(stale);
  await bodies.bulkDelete(stale);
  const kept = await bodies.toArray();
  const keptMemos = await memos.bulkGet(kept.map((body) => body.id));
  const entries = kept.flatMap((body, index) => {
    const memo = keptMemos[index];
    return memo ? [searchEntries(memo, body.contents)] : [];
  });
  await tx.table("search").bulkPut(entries.map(({ entry }) => entry));
  await tx.table("searchText").bulkPut(entries.map(({ text }) => text));
  const bytes = kept.reduce((sum, body) => sum + body.size, 0);
  await tx.table("meta").bulkDelete(["cursor", "isComplete", "downloadTotal"]);
  await tx.table("meta").put({ key: "bodyBytes", value: bytes });
}
