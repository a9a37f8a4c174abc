import {
  ErrorCode,
  type FoldersResponse,
  type MemoResponse,
  type SyncOpResult,
  type SyncOpsInput,
  type SyncOpsResponse,
} from "@mnemo/domain";
import { ApiError, api } from "../api/client";
import { cacheDb, deleteMemos, notifyChanged, readMemosWithBodies } from "./cache";
import type { CacheDb, OutboxEntry, OutboxOp, RejectedEntry } from "./cache-db";
import { memoTables } from "./memo-bundles";
import { PUSH_BATCH, takeBatch } from "./sync-batch";
import { refreshCounts } from "./sync-status";
import {
  type AppliedChange,
  pendingTargets,
  putServerFolders,
  storeAppliedChanges,
  storeServerMemo,
} from "./sync-store";

// Sending the outbox: each change with its opId, so the server applies it once however often it
// is sent. One sender at a time across tabs (a Web Lock, see `withOutboxLock`).

/** A change the server keeps failing with a 5xx is given up (and shown) after this many tries. */
const MAX_SERVER_ERRORS = 5;

/** How often the screens refresh while the outbox drains. */
const REFRESH_WHILE_PUSHING_MS = 1_000;
let lastRefreshAt = 0;
let hasUnshownChanges = false;

/**
 * The opIds of the request in flight: such a change may be applied by now, so it can no longer
 * be taken back by dropping it from the outbox (an undo queues its own change instead).
 */
const inFlight = new Set<string>();

/** Whether the change with this opId is being sent right now (by this tab). */
export function isBeingSent(opId: string): boolean {
  return inFlight.has(opId);
}

const memoPath = (memoId: string, suffix = "") =>
  `/api/memos/${encodeURIComponent(memoId)}${suffix}`;

/**
 * Changes went through: they leave the outbox and the server's versions of their targets are
 * kept, all in one transaction (see {@link storeAppliedChanges}).
 */
async function onApplied(done: readonly AppliedChange[]) {
  if (done.length === 0) return;
  const db = cacheDb();
  await db.transaction("rw", [...memoTables(db), db.folders, db.outbox], () =>
    storeAppliedChanges(db, done),
  );
}

/** What the user wrote in a refused memo create or edit, so it can be saved elsewhere. */
async function writtenText(db: CacheDb, op: OutboxOp): Promise<RejectedEntry["text"]> {
  if (op.kind === "memo.create") {
    return { title: op.input.title, contents: op.input.contents ?? "" };
  }
  if (op.kind === "memo.update" && (op.input.title !== undefined || op.input.contents)) {
    const [stored] = await readMemosWithBodies(db, [op.memoId]);
    return {
      title: op.input.title ?? stored?.memo?.title ?? "",
      contents: op.input.contents ?? stored?.contents ?? "",
    };
  }
  return undefined;
}

/** The server refused a change: keep it, with its code, for the user; re-read its target. */
async function onRefused(entry: OutboxEntry, code: ErrorCode): Promise<void> {
  const db = cacheDb();
  await db.transaction("rw", [...memoTables(db), db.outbox, db.rejected], async () => {
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
    await db.transaction("rw", [...memoTables(db), db.folders, db.outbox], async () => {
      const pending = await pendingTargets(db);
      if (pending.has(op.memoId)) return;
      if (memo) await storeServerMemo(db, memo.memo, pending);
      else await deleteMemos(db, [op.memoId]);
    });
  } else {
    const { folders } = await api<FoldersResponse>("GET", "/api/folders");
    await db.transaction("rw", [...memoTables(db), db.folders, db.outbox], async () => {
      const pending = await pendingTargets(db);
      const known = new Set(folders.map((folder) => folder.id));
      await putServerFolders(db, folders, pending);
      const gone = (await db.folders.toCollection().primaryKeys()) as string[];
      await db.folders.bulkDelete(gone.filter((id) => !known.has(id) && !pending.has(id)));
    });
  }
}

/** The next changes to send together (see {@link takeBatch}). */
async function nextBatch(db: CacheDb): Promise<OutboxEntry[]> {
  return takeBatch(await db.outbox.orderBy("seq").limit(PUSH_BATCH).toArray());
}

/** A failed attempt of a change the server could not process; given up (and shown) after a few. */
async function onServerError(entry: OutboxEntry, code: ErrorCode): Promise<"retry" | "refused"> {
  const attempts = entry.attempts + 1;
  if (attempts < MAX_SERVER_ERRORS) {
    await cacheDb().outbox.update(entry.seq ?? -1, { attempts });
    return "retry";
  }
  await onRefused(entry, code);
  return "refused";
}

export type PushResult = "done" | "unreachable" | "signed-out";

/**
 * Sends every waiting change in order, up to a hundred per request (`POST /api/sync/ops`, each
 * applied once by its opId); stops when the server cannot be reached or fails unexpectedly.
 */
export async function pushOutbox(): Promise<PushResult> {
  try {
    return await pushBatches();
  } finally {
    inFlight.clear();
  }
}

async function pushBatches(): Promise<PushResult> {
  const db = cacheDb();
  for (;;) {
    inFlight.clear();
    const batch = await nextBatch(db);
    const first = batch[0];
    if (!first) return "done";
    let results: SyncOpResult[];
    try {
      // A create also carries its target's id, which the server ignores (see `OutboxOp`).
      const ops = batch.map((entry) => ({ ...entry.op, opId: entry.opId }));
      const body: SyncOpsInput = { ops };
      for (const entry of batch) inFlight.add(entry.opId);
      results = (await api<SyncOpsResponse>("POST", "/api/sync/ops", body)).results;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The server's database being down is like the server being away: nothing was changed,
      // so the change waits without counting a try against it.
      if (
        error.code === ErrorCode.NETWORK_UNAVAILABLE ||
        error.code === ErrorCode.STORAGE_UNAVAILABLE ||
        error.status === 429
      ) {
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
    let applied: AppliedChange[] = [];
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

/** Refreshes the screens if answers of the last push were not shown yet (end of a sync run). */
export function showUnshownChanges(): void {
  if (hasUnshownChanges) notifyChanged();
  hasUnshownChanges = false;
}

/** Runs `work` while holding this user's outbox lock (one sender across tabs). */
export async function withOutboxLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return work();
  return locks.request(`mnemo-outbox-${userId}`, work);
}
