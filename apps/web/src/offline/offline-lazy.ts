import { isNetworkError } from "../api/client";

/** The offline layer's API (see `offline-api.ts`). */
export type Offline = typeof import("./offline-api");

// The offline layer (IndexedDB through Dexie, the outbox, the sync engine) is ~40 KB gzip: the
// first route must render without it (issue 3's 150 KB budget). It is fetched as soon as a user
// is known, in parallel with the screen's own chunk, and every caller awaits it here.

let loading: Promise<Offline> | null = null;

/** Loads the offline layer (once). */
export function loadOffline(): Promise<Offline> {
  loading ??= import("./offline-api");
  return loading;
}

/** The offline layer when something already loaded it, else null (nothing of it runs). */
export function loadedOffline(): Promise<Offline> | null {
  return loading;
}

function deferred() {
  let resolve: (offline: Offline) => void = () => undefined;
  const promise = new Promise<Offline>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

let opened = deferred();
let openedUserId: string | null = null;

/**
 * The offline layer with the signed-in user's cache open. The session gate opens it as soon as
 * the user is known; a screen's query that runs first waits for that moment.
 */
export function offline(): Promise<Offline> {
  return opened.promise;
}

/** Opens the signed-in user's cache (the session gate calls it; idempotent per user). */
export async function openOfflineCache(userId: string, userName: string): Promise<Offline> {
  const layer = await loadOffline();
  layer.openCache(userId, userName);
  openedUserId = userId;
  opened.resolve(layer);
  return layer;
}

/** Nobody is signed in any more: later callers wait for the next user's cache. */
export function closeOfflineCache(): void {
  if (openedUserId === null) return;
  openedUserId = null;
  opened = deferred();
}

/**
 * The read rule of every cached list: from the device once its first download finished (no
 * network wait); until then from the server (`fromServer` keeps what it answers on the device);
 * and from whatever the device holds when the server cannot be reached.
 */
export async function readThroughCache<T>(
  fromCache: (layer: Offline) => Promise<T>,
  fromServer: (layer: Offline) => Promise<T>,
): Promise<T> {
  const layer = await offline();
  if (await layer.isCacheComplete()) return fromCache(layer);
  try {
    return await fromServer(layer);
  } catch (error) {
    if (isNetworkError(error)) return fromCache(layer);
    throw error;
  }
}
