import { cacheDb, currentCache } from "./cache";
import type { RejectedEntry } from "./cache-db";

// The sync status the user sees (shell/SyncStatus.tsx): one observable value, replaced whole on
// each change so `useSyncExternalStore` notices it.

export interface SyncStatus {
  /** The browser says it is online and the last call reached the server. */
  isOnline: boolean;
  /** Changes waiting in the outbox. */
  pending: number;
  isSyncing: boolean;
  /** A first download in progress: items received and expected (0 until the first page tells). */
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

export function setStatus(patch: Partial<SyncStatus>): void {
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

/** Whether the server can be reached, as the last call or the browser says. */
export function markReachable(isOnline: boolean): void {
  if (status.isOnline !== isOnline) setStatus({ isOnline });
}

/** Reads the outbox count and the refused changes of the open cache into the status. */
export async function refreshCounts(): Promise<void> {
  const db = currentCache();
  if (!db) return;
  const [pending, rejected] = await Promise.all([db.outbox.count(), db.rejected.toArray()]);
  setStatus({ pending, rejected });
}

/** Forgets a refused change (the user has read it). */
export async function dismissRejected(id: number): Promise<void> {
  await cacheDb().rejected.delete(id);
  await refreshCounts();
}
