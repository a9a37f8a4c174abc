import type { Page } from "playwright-core";

// The app keeps every change in an IndexedDB outbox (database `mnemo-<userId>`) until the server
// acknowledged it. Journeys that check the server after a UI change wait here for the outbox to
// empty: an entry leaves it only once the server's answer has been applied.

/** Counts a store of the user's cache database(s) in the page; -1 when there is none yet. */
export function countInPage(
  page: Page,
  store: "outbox" | "rejected" | "uploads" | "memos",
): Promise<number> {
  return page.evaluate(async (storeName) => {
    const databases = (await indexedDB.databases()).filter((db) => db.name?.startsWith("mnemo-"));
    if (databases.length === 0) return -1;
    let total = 0;
    for (const { name } of databases) {
      total += await new Promise<number>((resolve, reject) => {
        const request = indexedDB.open(name ?? "");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction(storeName).objectStore(storeName).count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      });
    }
    return total;
  }, store);
}

/** Changes waiting in the page's outbox. */
export function pendingChanges(page: Page): Promise<number> {
  return countInPage(page, "outbox");
}

/** Waits until the page's outbox is empty: every change made so far reached the server. */
export async function waitForOutboxEmpty(page: Page, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await countInPage(page, "outbox")) === 0) return;
    if (Date.now() > deadline) throw new Error(`outbox not empty after ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

/** Waits until the page's cache finished its first download (lists then come from the device). */
export async function waitForCacheReady(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction(
    async () => {
      const databases = (await indexedDB.databases()).filter((db) => db.name?.startsWith("mnemo-"));
      for (const { name } of databases) {
        const isComplete = await new Promise<boolean>((resolve) => {
          const request = indexedDB.open(name ?? "");
          request.onerror = () => resolve(false);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains("meta")) {
              db.close();
              resolve(false);
              return;
            }
            const get = db.transaction("meta").objectStore("meta").get("isComplete");
            get.onsuccess = () => {
              db.close();
              resolve(get.result?.value === true);
            };
            get.onerror = () => resolve(false);
          };
        });
        if (isComplete) return true;
      }
      return false;
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}

/**
 * Waits until the page can go offline: the service worker controls it (the app shell and every
 * screen's code are precached) and the cache finished its first download.
 */
export async function waitForOfflineReady(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: timeoutMs,
    polling: 100,
  });
  await waitForCacheReady(page, timeoutMs);
}

/** Waits until every image added in the page was uploaded (offline/images.ts). */
export async function waitForUploadsDone(page: Page, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await countInPage(page, "uploads")) <= 0) return;
    if (Date.now() > deadline) throw new Error(`images not uploaded after ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

/** Images added in the page that wait for upload. */
export function pendingUploads(page: Page): Promise<number> {
  return countInPage(page, "uploads");
}
