import { ErrorCode } from "@mnemo/domain";
import { ApiError } from "../api/client";
import { cacheUser, isCacheComplete, onCacheChanged, openCache } from "./cache";
import { onImageQueued, pushUploads } from "./images";
import { onQueued } from "./local-writes";
import { canPullInWorker, pullInWorker, stopPullWorker } from "./pull-in-worker";
import { FIRST_RETRY_MS, nextRetryMs } from "./sync-backoff";
import { pullChanges } from "./sync-pull";
import { pushOutbox, showUnshownChanges, withOutboxLock } from "./sync-push";
import { markReachable, refreshCounts, setStatus } from "./sync-status";

// The sync engine's schedule: a run sends the outbox (sync-push.ts), then pulls what changed on
// the server (sync-pull.ts). One run at a time in a tab; a run asked for meanwhile follows it.
// Runs start when the cache opens, a change is queued, the browser comes online, the tab becomes
// visible, every 30 s while visible and online, and after a failure (sync-backoff.ts).

/** How often a signed-in, visible app asks for other devices' changes. */
const PULL_EVERY_MS = 30_000;

let running: Promise<void> | null = null;
let runAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryMs = FIRST_RETRY_MS;
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

async function syncOnce(): Promise<void> {
  const user = cacheUser();
  if (!user) return;
  setStatus({ isSyncing: true });
  try {
    // Images first: the memo changes that show them may follow in the outbox.
    const pushed = await withOutboxLock(user.userId, async () => {
      const uploaded = await pushUploads();
      return uploaded === "done" ? pushOutbox() : uploaded;
    });
    if (pushed === "signed-out") {
      announceSignedOut();
      return;
    }
    if (pushed === "unreachable") throw new ApiError(ErrorCode.NETWORK_UNAVAILABLE, 0, "push");
    if (!(await isCacheComplete()) && canPullInWorker()) await pullInWorker(user);
    else await pullChanges();
    markReachable(true);
    retryMs = FIRST_RETRY_MS;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      announceSignedOut();
      return;
    }
    const isNetwork = error instanceof ApiError && error.code === ErrorCode.NETWORK_UNAVAILABLE;
    if (isNetwork) markReachable(false);
    // Try again later, sooner when the browser says it is back online (see `online` below).
    clearTimeout(retryTimer);
    retryTimer = setTimeout(requestSync, retryMs);
    retryMs = nextRetryMs(retryMs);
  } finally {
    showUnshownChanges();
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
    retryMs = FIRST_RETRY_MS;
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
  const stopImages = onImageQueued(() => void requestSync());
  const stopCounts = onCacheChanged(() => void refreshCounts());
  stopListening = () => {
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    document.removeEventListener("visibilitychange", onVisible);
    clearInterval(timer);
    stopQueued();
    stopImages();
    stopCounts();
  };
  void refreshCounts();
  void requestSync();
}

export function stopSync(): void {
  stopListening?.();
  stopListening = null;
  stopPullWorker();
  clearTimeout(retryTimer);
  setStatus({ pending: 0, rejected: [], download: null, isSyncing: false });
}
