import {
  ErrorCode,
  type Folder,
  type FoldersResponse,
  type MemoDetail,
  type MemoResponse,
  type MemoSummary,
  type SyncChangesResponse,
  type SyncOpResult,
  type SyncOpsResponse,
} from "@mnemo/domain";
import { ApiError, api, query } from "../api/client";
import {
  BODY_BUDGET_BYTES,
  cacheDb,
  cacheUser,
  currentCache,
  deleteMemos,
  evictBodies,
  isCacheComplete,
  notifyChanged,
  onCacheChanged,
  openCache,
  putBodies,
  putFolder,
  readMeta,
  toCachedMemo,
  writeMeta,
} from "./cache";
import type { CacheDb, CachedMemo, OutboxEntry, OutboxOp, RejectedEntry } from "./cache-db";
import { onQueued } from "./local-writes";

// The sync engine: sends the outbox in order (each change with its opId, so the server applies
// it once however often it is sent), then pulls what changed on the server since the cursor.
// One push runs at a time across tabs (a Web Lock); a pull may run in several, its writes are
// idempotent puts.

/** Changes per page of the change feed (the server's maximum). */
const PULL_PAGE = 1_000;
/** A change the server keeps failing with a 5xx is given up (and shown) after this many tries. */
const MAX_SERVER_ERRORS = 5;
/** How often a signed-in, visible app asks for other devices' changes. */
const PULL_EVERY_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

export interface SyncStatus {
  /** The browser says it is online and the last call reached the server. */
  isOnline: boolean;
  /** Changes waiting in the outbox. */
  pending: number;
  isSyncing: boolean;
  /** A first download in progress: items received and expected. */
  download: { done: number; total: number } | null;
  /** Changes the server refused, oldest first. */
  rejected: RejectedEntry[];
}

let status: SyncStatus = {
  isOnline: typeof navigator === "undefined" ? true : navigator.onLine,
  pending: 0,
  isSyncing: false,
  download: null,
  rejected: [],
};
const statusListeners = new Set<() => void>();

function setStatus(patch: Partial<SyncStatus>): void {
  status = { ...status, ...patch };
  for (const listener of statusListeners) listener();
}

export function getSyncStatus(): SyncStatus {
  return status;
}

export function subscribeSyncStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

async function refreshCounts(): Promise<void> {
  const db = currentCache();
  if (!db) return;
  const [pending, rejected] = await Promise.all([db.outbox.count(), db.rejected.toArray()]);
  setStatus({ pending, rejected });
}

// ---- sending the outbox ------------------------------------------------------------------

const memoPath = (memoId: string, suffix = "") =>
  `/api/memos/${encodeURIComponent(memoId)}${suffix}`;

/** The server's answer to one change, as far as the cache needs it. */
interface Applied {
  memo?: MemoSummary | MemoDetail;
  conflictCopy?: MemoDetail | null;
  folder?: Folder;
  folders?: Folder[];
}

async function pendingTargets(db: CacheDb): Promise<Set<string>> {
  return new Set((await db.outbox.orderBy("targetId").uniqueKeys()) as string[]);
}

/** Stores a memo the server answered, unless later changes of it still wait to be sent. */
async function storeServerMemo(
  db: CacheDb,
  memo: MemoSummary | MemoDetail,
  pending: Set<string>,
): Promise<void> {
  if (pending.has(memo.id)) return;
  const [previous, folder] = await Promise.all([
    db.memos.get(memo.id),
    db.folders.get(memo.folderId),
  ]);
  await db.memos.put(toCachedMemo(memo, folder, previous));
  if ("contents" in memo) await putBodies(db, [{ id: memo.id, contents: memo.contents }]);
}

async function storeServerFolder(db: CacheDb, folder: Folder, pending: Set<string>) {
  if (!pending.has(folder.id)) await putFolder(db, folder);
}

/**
 * Changes went through: each leaves the outbox and the server's version of its target is kept,
 * all in one transaction (one per change made draining a long outbox several times slower).
 */
async function onApplied(done: readonly { entry: OutboxEntry; applied: Applied }[]) {
  if (done.length === 0) return;
  const db = cacheDb();
  await db.transaction("rw", [db.memos, db.bodies, db.folders, db.outbox, db.meta], async () => {
    for (const { entry, applied } of done) await applyOne(db, entry, applied);
  });
}

async function applyOne(db: CacheDb, entry: OutboxEntry, applied: Applied): Promise<void> {
  await db.outbox.delete(entry.seq ?? -1);
  const { op } = entry;
  if (op.kind === "memo.update" && applied.memo) {
    // Later edits of the same memo were made on top of this one: they start from the revision
    // the server just gave it, so they are not taken for a concurrent edit of another device.
    const revision = applied.memo.revision;
    await db.outbox
      .where("targetId")
      .equals(op.memoId)
      .modify((later) => {
        if (later.op.kind === "memo.update") later.op.baseRevision = revision;
      });
  }
  // Only the targets of this answer are looked up (not every pending target: the outbox may
  // hold a thousand changes).
  const answered = [
    applied.memo?.id,
    applied.conflictCopy?.id,
    applied.folder?.id,
    ...(applied.folders ?? []).map((folder) => folder.id),
  ].filter((id): id is string => id !== undefined);
  const pending = new Set<string>();
  for (const id of answered) {
    if ((await db.outbox.where("targetId").equals(id).count()) > 0) pending.add(id);
  }
  if (applied.memo) await storeServerMemo(db, applied.memo, pending);
  if (applied.conflictCopy) await storeServerMemo(db, applied.conflictCopy, pending);
  if (applied.folder) await storeServerFolder(db, applied.folder, pending);
  for (const folder of applied.folders ?? []) await storeServerFolder(db, folder, pending);
}

/** What the user wrote in a refused memo create or edit, so it can be saved elsewhere. */
async function writtenText(db: CacheDb, op: OutboxOp): Promise<RejectedEntry["text"]> {
  if (op.kind === "memo.create") {
    return { title: op.input.title, contents: op.input.contents ?? "" };
  }
  if (op.kind === "memo.update" && (op.input.title !== undefined || op.input.contents)) {
    const [memo, body] = await Promise.all([db.memos.get(op.memoId), db.bodies.get(op.memoId)]);
    return {
      title: op.input.title ?? memo?.title ?? "",
      contents: op.input.contents ?? body?.contents ?? "",
    };
  }
  return undefined;
}

/** The server refused a change: keep it, with its code, for the user; re-read its target. */
async function onRefused(entry: OutboxEntry, code: string): Promise<void> {
  const db = cacheDb();
  await db.transaction("rw", [db.memos, db.bodies, db.outbox, db.rejected], async () => {
    const text = await writtenText(db, entry.op);
    await db.outbox.delete(entry.seq ?? -1);
    await db.rejected.add({
      opId: entry.opId,
      op: entry.op,
      code,
      rejectedAt: Date.now(),
      ...(text && { text }),
    });
  });
  await refreshTarget(entry.op).catch(() => undefined);
}

/** Replaces the cached copy of a change's target with the server's (or removes it when gone). */
async function refreshTarget(op: OutboxOp): Promise<void> {
  const db = cacheDb();
  if ("memoId" in op) {
    const memo = await api<MemoResponse>("GET", memoPath(op.memoId)).catch((error) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    await db.transaction("rw", [db.memos, db.bodies, db.folders, db.outbox, db.meta], async () => {
      const pending = await pendingTargets(db);
      if (pending.has(op.memoId)) return;
      if (memo) await storeServerMemo(db, memo.memo, pending);
      else await deleteMemos(db, [op.memoId]);
    });
  } else {
    const { folders } = await api<FoldersResponse>("GET", "/api/folders");
    await db.transaction("rw", [db.memos, db.folders, db.outbox], async () => {
      const pending = await pendingTargets(db);
      const known = new Set(folders.map((folder) => folder.id));
      for (const folder of folders) await storeServerFolder(db, folder, pending);
      const gone = (await db.folders.toCollection().primaryKeys()) as string[];
      await db.folders.bulkDelete(gone.filter((id) => !known.has(id) && !pending.has(id)));
    });
  }
}

type PushResult = "done" | "unreachable" | "signed-out";

/** Changes per request to `POST /api/sync/ops` (the server's maximum). */
const PUSH_BATCH = 100;

/** Bytes of JSON one batch may carry (the server reads bodies of up to 2 MiB). */
const PUSH_BATCH_BYTES = 1_500_000;

/**
 * The next changes to send together, in order, as one request would carry them. A batch ends
 * - before a second edit of the same memo: it must start from the revision the first one gets
 *   (see `onApplied`), or the server would take it for a concurrent edit of another device;
 * - before the deletion of something created in the same batch: a create is idempotent by its id,
 *   not by its opId, so replaying such a batch (its answer lost) would bring the deleted thing
 *   back; sent after the create's answer, as single changes were, it cannot;
 * - when it would exceed {@link PUSH_BATCH_BYTES} (a batch holds at least one change).
 */
async function nextBatch(db: CacheDb): Promise<OutboxEntry[]> {
  const entries = await db.outbox.orderBy("seq").limit(PUSH_BATCH).toArray();
  const edited = new Set<string>();
  const created = new Set<string>();
  const batch: OutboxEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const { op } = entry;
    if (op.kind === "memo.update") {
      if (edited.has(op.memoId)) break;
      edited.add(op.memoId);
    }
    if (op.kind === "memo.create") created.add(op.memoId);
    if (op.kind === "folder.create") created.add(op.folderId);
    if (op.kind === "memo.delete" && created.has(op.memoId)) break;
    if (op.kind === "folder.delete" && created.has(op.folderId)) break;
    bytes += JSON.stringify(op).length * 2;
    if (batch.length > 0 && bytes > PUSH_BATCH_BYTES) break;
    batch.push(entry);
  }
  return batch;
}

/** A failed attempt of a change the server could not process; given up (and shown) after a few. */
async function onServerError(entry: OutboxEntry, code: string): Promise<"retry" | "refused"> {
  const attempts = entry.attempts + 1;
  if (attempts < MAX_SERVER_ERRORS) {
    await cacheDb().outbox.update(entry.seq ?? -1, { attempts });
    return "retry";
  }
  await onRefused(entry, code);
  return "refused";
}

/**
 * Sends every waiting change in order, up to a hundred per request (`POST /api/sync/ops`, each
 * applied once by its opId); stops when the server cannot be reached or fails unexpectedly.
 */
async function pushOutbox(): Promise<PushResult> {
  const db = cacheDb();
  for (;;) {
    const batch = await nextBatch(db);
    const first = batch[0];
    if (!first) return "done";
    let results: SyncOpResult[];
    try {
      const ops = batch.map((entry) => ({ ...entry.op, opId: entry.opId }));
      results = (await api<SyncOpsResponse>("POST", "/api/sync/ops", { ops })).results;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ErrorCode.NETWORK_UNAVAILABLE || error.status === 429) {
        return "unreachable";
      }
      if (error.status === 401) return "signed-out";
      // The whole request failed (a 5xx, or a batch the server could not read at all): the
      // first change counts the attempt, so one bad change cannot block the outbox for ever.
      if ((await onServerError(first, error.code)) === "retry") return "unreachable";
      continue;
    }
    // Applied changes are kept in runs (one transaction each); a refused one between them is
    // handled on its own, in order.
    let applied: { entry: OutboxEntry; applied: Applied }[] = [];
    let stop: PushResult | "next-batch" | null = null;
    for (const [index, entry] of batch.entries()) {
      const result = results[index];
      if (result?.status === "applied") {
        applied.push({ entry, applied: result });
        continue;
      }
      await onApplied(applied);
      applied = [];
      if (result?.status === "refused") {
        await onRefused(entry, result.code);
        continue;
      }
      // Not attempted: the server failed unexpectedly at this change; the rest waits.
      stop =
        (await onServerError(entry, ErrorCode.INTERNAL)) === "retry" ? "unreachable" : "next-batch";
      break;
    }
    await onApplied(applied);
    if (stop === "unreachable") return stop;
    // The count the user sees goes down batch by batch (the end of a sync refreshes it too).
    void refreshCounts();
    // The server's answers rarely differ from what the screens already show (each change was
    // made on the device first): refresh them at most once a second while a long outbox drains.
    if (performance.now() - lastRefreshAt >= REFRESH_WHILE_PUSHING_MS) {
      lastRefreshAt = performance.now();
      notifyChanged();
    } else {
      hasUnshownChanges = true;
    }
  }
}

/** How often the screens refresh while the outbox drains. */
const REFRESH_WHILE_PUSHING_MS = 1_000;
let lastRefreshAt = 0;
let hasUnshownChanges = false;

/** Runs `work` while holding this user's outbox lock (one sender across tabs). */
async function withOutboxLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return work();
  return locks.request(`mnemo-outbox-${userId}`, work);
}

// ---- pulling changes -----------------------------------------------------------------------

async function applyPage(db: CacheDb, page: SyncChangesResponse): Promise<void> {
  await db.transaction("rw", [db.memos, db.bodies, db.folders, db.outbox, db.meta], async () => {
    const pending = await pendingTargets(db);
    for (const folder of page.folders) await storeServerFolder(db, folder, pending);
    const memos = page.memos.filter((memo) => !pending.has(memo.id));
    if (memos.length > 0) {
      const folders = new Map((await db.folders.toArray()).map((folder) => [folder.id, folder]));
      const previous = await db.memos.bulkGet(memos.map((memo) => memo.id));
      await db.memos.bulkPut(
        memos.map((memo, index) =>
          toCachedMemo(memo, folders.get(memo.folderId), previous[index] as CachedMemo),
        ),
      );
      await putBodies(
        db,
        memos.map((memo) => ({ id: memo.id, contents: memo.contents })),
      );
    }
    const deleted = page.deletions.filter((item) => !pending.has(item.id));
    const memoIds = deleted.filter((item) => item.kind === "memo").map((item) => item.id);
    const folderIds = deleted.filter((item) => item.kind === "folder").map((item) => item.id);
    await deleteMemos(db, memoIds);
    if (folderIds.length > 0) await db.folders.bulkDelete(folderIds);
    await db.meta.put({ key: "cursor", value: page.nextCursor });
    await db.meta.put({ key: "serverTime", value: page.serverTime });
  });
}

/**
 * Brings the cache up to date: page after page of the change feed from the stored cursor. The
 * first download of an account shows its progress and refreshes the screens once, at the end.
 */
async function pullChanges(): Promise<void> {
  const db = cacheDb();
  const isFirst = !(await isCacheComplete());
  let cursor = await readMeta<string>("cursor");
  if (cursor === undefined) {
    // A new account's root folder is made on its first folder read; the feed then carries it.
    await api<FoldersResponse>("GET", "/api/folders");
  }
  let done = 0;
  for (;;) {
    const page = await api<SyncChangesResponse>(
      "GET",
      `/api/sync/changes${query({ cursor, limit: PULL_PAGE })}`,
    );
    await applyPage(db, page);
    cursor = page.nextCursor;
    const count = page.folders.length + page.memos.length + page.deletions.length;
    done += count;
    if (isFirst) setStatus({ download: { done, total: done + page.remaining } });
    else if (count > 0) notifyChanged();
    if (!page.hasMore) break;
  }
  await writeMeta("syncedAt", Date.now());
  if (isFirst) {
    await writeMeta("isComplete", true);
    setStatus({ download: null });
    notifyChanged();
  }
  await evictBodiesOverBudget(db);
}

/**
 * Keeps memo bodies within the cache budget (PRODUCT.md › Offline and sync: 100 MB): the least
 * recently stored go first; lists keep every memo, and an evicted body is read from the server when
 * next opened.
 */
async function evictBodiesOverBudget(db: CacheDb): Promise<void> {
  const total = (await readMeta<number>("bodyBytes")) ?? 0;
  if (total <= BODY_BUDGET_BYTES) return;
  const target = BODY_BUDGET_BYTES * 0.8;
  let freed = 0;
  const evicted: string[] = [];
  const pending = await pendingTargets(db);
  await db.bodies
    .orderBy("storedAt")
    .until(() => total - freed <= target)
    .each((body) => {
      if (pending.has(body.id)) return;
      freed += body.size;
      evicted.push(body.id);
    });
  await db.transaction("rw", [db.bodies, db.meta], () => evictBodies(db, evicted));
}

// ---- scheduling ------------------------------------------------------------------------------

let running: Promise<void> | null = null;
let runAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoffMs = 1_000;
let stopListening: (() => void) | null = null;

const signedOutListeners = new Set<() => void>();

/** Called when the server answers that the session ended (logout elsewhere, expiry). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

function announceSignedOut(): void {
  for (const listener of signedOutListeners) listener();
}

function markReachable(isOnline: boolean): void {
  if (status.isOnline !== isOnline) setStatus({ isOnline });
}

async function syncOnce(): Promise<void> {
  const user = cacheUser();
  if (!user) return;
  setStatus({ isSyncing: true });
  try {
    const pushed = await withOutboxLock(user.userId, pushOutbox);
    if (pushed === "signed-out") {
      announceSignedOut();
      return;
    }
    if (pushed === "unreachable") throw new ApiError(ErrorCode.NETWORK_UNAVAILABLE, 0, "push");
    await pullChanges();
    markReachable(true);
    backoffMs = 1_000;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      announceSignedOut();
      return;
    }
    const isNetwork = error instanceof ApiError && error.code === ErrorCode.NETWORK_UNAVAILABLE;
    if (isNetwork) markReachable(false);
    // Try again later, sooner when the browser says it is back online (see `online` below).
    clearTimeout(retryTimer);
    retryTimer = setTimeout(requestSync, backoffMs);
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  } finally {
    if (hasUnshownChanges) notifyChanged();
    hasUnshownChanges = false;
    setStatus({ isSyncing: false });
    void refreshCounts();
  }
}

/** Sends and pulls now, or right after the run in progress. */
export function requestSync(): Promise<void> {
  if (running) {
    runAgain = true;
    return running;
  }
  running = (async () => {
    do {
      runAgain = false;
      await syncOnce();
    } while (runAgain);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Resolves when nothing is running and nothing waits to be sent (or the server is unreachable). */
export async function settleSync(): Promise<void> {
  while (running) await running;
}

/**
 * Starts keeping this user's cache in sync: opens the cache, sends what waits, pulls changes,
 * and again whenever the browser comes online, the tab becomes visible, a change is queued, or
 * every 30 s.
 */
export function startSync(userId: string, userName: string): void {
  const isSameUser = cacheUser()?.userId === userId;
  openCache(userId, userName);
  if (isSameUser && stopListening) return;
  stopSync();
  const onOnline = () => {
    markReachable(true);
    backoffMs = 1_000;
    void requestSync();
  };
  const onOffline = () => markReachable(false);
  const onVisible = () => {
    if (document.visibilityState === "visible") void requestSync();
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  document.addEventListener("visibilitychange", onVisible);
  const timer = setInterval(() => {
    if (document.visibilityState === "visible" && navigator.onLine) void requestSync();
  }, PULL_EVERY_MS);
  const stopQueued = onQueued(() => void requestSync());
  const stopCounts = onCacheChanged(() => void refreshCounts());
  stopListening = () => {
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    document.removeEventListener("visibilitychange", onVisible);
    clearInterval(timer);
    stopQueued();
    stopCounts();
  };
  void refreshCounts();
  void requestSync();
}

export function stopSync(): void {
  stopListening?.();
  stopListening = null;
  clearTimeout(retryTimer);
  setStatus({ pending: 0, rejected: [], download: null, isSyncing: false });
}

/** Forgets a refused change (the user has read it). */
export async function dismissRejected(id: number): Promise<void> {
  await cacheDb().rejected.delete(id);
  await refreshCounts();
}

/**
 * Stores memos a server list answered (while the first download runs, lists come from the
 * server), so that changes to them can be made on this device at once.
 */
export async function storeServerMemos(memos: readonly (MemoSummary | MemoDetail)[]) {
  const db = currentCache();
  if (!db || memos.length === 0) return;
  await db.transaction("rw", [db.memos, db.bodies, db.folders, db.outbox, db.meta], async () => {
    const pending = await pendingTargets(db);
    for (const memo of memos) await storeServerMemo(db, memo, pending);
  });
}

/** Stores folders a server list answered (see {@link storeServerMemos}). */
export async function storeServerFolders(folders: readonly Folder[]) {
  const db = currentCache();
  if (!db || folders.length === 0) return;
  await db.transaction("rw", [db.memos, db.folders, db.outbox], async () => {
    const pending = await pendingTargets(db);
    for (const folder of folders) await storeServerFolder(db, folder, pending);
  });
}

/** Whether changes of this memo or folder still wait to be sent. */
export async function hasPendingChanges(targetId: string): Promise<boolean> {
  const db = currentCache();
  return db ? (await db.outbox.where("targetId").equals(targetId).count()) > 0 : false;
}
