import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { countInPage, waitForCacheReady } from "./helpers/sync.js";
import { openFromMenu } from "./helpers/ui.js";

// Issue 12 §5 (PRODUCT.md › Start-up): on a slow network the start-up indicator paints with the
// HTML, before the app's bundle has arrived; nothing shifts the layout while the app starts and
// the first sync downloads the user's memos (CLS ≤ 0.1); and only the active language's strings
// load at start, the other language's on switching.
//
// The service worker is kept out: on a first visit it precaches the whole app (both languages
// among it, for offline use) after the page's load, which is not the start-up measured here.

const PASSWORD = "startup-password-1";
/** Memos of the signed-in user: enough that the first sync shows its download progress. */
const MEMO_COUNT = 12;
/** Chrome DevTools' own "slow" figures: 400 kbit/s each way, 400 ms round trips. */
const SLOW_NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};

/** What the page noted from its first byte on (see recordStartup). */
interface StartupRecord {
  firstContentfulPaint: number | null;
  /** Whether the start-up indicator was in the page when its first contentful paint was noted. */
  hadIndicatorAtPaint: boolean;
  /** When React replaced the start-up indicator (ms since navigation start). */
  appMountedAt: number | null;
  /** When the app's main script had arrived (responseEnd, ms since navigation start). */
  mainScriptArrivedAt: number | null;
  /** When the first sync's progress (the sync status with a progress bar) showed. */
  firstSyncShownAt: number | null;
  layoutShifts: { value: number; at: number; sources: string[] }[];
}

/** Observers installed before any of the page's own code: paints, layout shifts, the mount. */
async function recordStartup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = {
      firstContentfulPaint: null as number | null,
      hadIndicatorAtPaint: false,
      appMountedAt: null as number | null,
      firstSyncShownAt: null as number | null,
      layoutShifts: [] as { value: number; at: number; sources: string[] }[],
    };
    (window as unknown as { startupRecord: typeof record }).startupRecord = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name !== "first-contentful-paint") continue;
        record.firstContentfulPaint = entry.startTime;
        record.hadIndicatorAtPaint = document.getElementById("startup") !== null;
      }
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as LayoutShiftEntry[]) {
        // Shifts right after a tap or a key are expected and not counted by CLS.
        if (entry.hadRecentInput) continue;
        record.layoutShifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: entry.sources.map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
              : String(source.node?.nodeName),
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("DOMContentLoaded", () => {
      const root = document.getElementById("root");
      if (!root) return;
      new MutationObserver((_, observer) => {
        if (record.appMountedAt === null && document.getElementById("startup") === null) {
          record.appMountedAt = performance.now();
        }
        if (record.firstSyncShownAt === null && root.querySelector('[role="status"] progress')) {
          record.firstSyncShownAt = performance.now();
        }
        if (record.appMountedAt !== null && record.firstSyncShownAt !== null) observer.disconnect();
      }).observe(root, { childList: true, subtree: true });
    });
    interface LayoutShiftEntry {
      value: number;
      startTime: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null }[];
    }
  });
}

async function readStartup(page: Page): Promise<StartupRecord> {
  return page.evaluate(() => {
    const record = (
      window as unknown as { startupRecord: Omit<StartupRecord, "mainScriptArrivedAt"> }
    ).startupRecord;
    const mainScript = performance
      .getEntriesByType("resource")
      .find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name)) as
      | PerformanceResourceTiming
      | undefined;
    return { ...record, mainScriptArrivedAt: mainScript ? mainScript.responseEnd : null };
  });
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK);
}

describe("start-up (issue 12 §5)", () => {
  const stack = useMnemoStack();
  let userCount = 0;

  /** A fresh page (cold cache, no service worker) signed in as a new user with `memoCount` memos. */
  async function signedInPage(viewport: Viewport, lang: Lang, memoCount: number) {
    const testPage = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
      serviceWorkers: "block",
    });
    userCount += 1;
    const email = `startup-${userCount}@example.com`;
    const user = await createVerifiedUser(testPage.context, stack.server.url, stack.mailbox, {
      email,
      password: PASSWORD,
      name: `Startup ${userCount}`,
      lang,
    });
    for (let i = 1; i <= memoCount; i += 1) {
      await createMemo(testPage.context, stack.server.url, {
        title: `${lang === "ko" ? "기억" : "Memo"} ${i}`,
        contents: `<p>${"내용 contents ".repeat(8)}${i}</p>`,
      });
    }
    return { ...testPage, user };
  }

  it.each<[Viewport, Lang, "light" | "dark"]>([
    ["desktop", "ko", "light"],
    ["phone", "en", "dark"],
  ])(
    "paints the indicator before the bundle arrives and keeps CLS ≤ 0.1 through the first sync at 400 kbit/s (%s, %s, %s)",
    async (viewport, lang, colorScheme) => {
      const { page, problems } = await signedInPage(viewport, lang, MEMO_COUNT);
      // The dark case also asks for reduced motion: a still indicator.
      const isReducedMotion = colorScheme === "dark";
      await page.emulateMedia({
        colorScheme,
        reducedMotion: isReducedMotion ? "reduce" : "no-preference",
      });
      await recordStartup(page);
      await throttle(page);

      await page.goto("/", { waitUntil: "commit" });
      const indicator = page.getByRole("progressbar", {
        name: tr(lang, "common.loading"),
        exact: true,
      });
      const sawIndicator = await indicator
        .first()
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      const indicatorLook = await page.evaluate(() => {
        const spinner = document.querySelector(".startup-spinner");
        return {
          background: getComputedStyle(document.documentElement).backgroundColor,
          animation: spinner ? getComputedStyle(spinner).animationName : null,
        };
      });
      if (sawIndicator) await screenshot(page, `startup-indicator-${viewport}-${lang}`);

      // The first sync: the home list shows the memos, and the cache holds them all.
      await page
        .getByText(`${lang === "ko" ? "기억" : "Memo"} 1`, { exact: true })
        .first()
        .waitFor({ timeout: 25_000 });
      await waitForCacheReady(page, 25_000);
      // A last frame for any shift the sync's end causes.
      await page.waitForTimeout(300);

      const record = await readStartup(page);
      const cumulativeLayoutShift = record.layoutShifts.reduce((sum, s) => sum + s.value, 0);
      console.log(
        `startup ${viewport}-${lang}: FCP ${Math.round(record.firstContentfulPaint ?? -1)} ms, main script ${Math.round(record.mainScriptArrivedAt ?? -1)} ms, app mounted ${Math.round(record.appMountedAt ?? -1)} ms, first sync shown ${Math.round(record.firstSyncShownAt ?? -1)} ms, CLS ${cumulativeLayoutShift.toFixed(3)}`,
        JSON.stringify(record.layoutShifts),
      );
      await screenshot(page, `startup-synced-${viewport}-${lang}`);

      expect(sawIndicator).toBe(true);
      // The palette's --bg from the first frame, in the device's theme (public/theme.js).
      expect(indicatorLook.background).toBe(
        colorScheme === "dark" ? "rgb(0, 0, 0)" : "rgb(242, 242, 247)",
      );
      expect(indicatorLook.animation).toBe(isReducedMotion ? "none" : "startup-spin");
      expect(record.firstContentfulPaint).not.toBeNull();
      expect(record.hadIndicatorAtPaint).toBe(true);
      expect(record.firstContentfulPaint ?? Infinity).toBeLessThan(
        record.mainScriptArrivedAt ?? -Infinity,
      );
      // The first sync's progress did show (and come and go) during the measurement.
      expect(record.firstSyncShownAt).not.toBeNull();
      // CLS counts every unexpected shift; summed over the whole start here (stricter than its
      // largest 5 s window).
      expect(cumulativeLayoutShift).toBeLessThanOrEqual(0.1);
      expect(problems.filter((p) => p.kind === "pageerror")).toEqual([]);
    },
    30_000,
  );

  it("opens the login page, signed out, without the offline layer, its strings asked for beside the app's script", async () => {
    const { page, problems } = await newPage(stack.browser, {
      viewport: "phone",
      lang: "en",
      baseURL: stack.server.url,
      serviceWorkers: "block",
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/assets/")) scripts.push(path);
    });
    await page.goto("/login");
    await page.getByText(tr("en", "app.tagline"), { exact: true }).waitFor();
    await page.waitForLoadState("networkidle");
    // Nobody to sync: the offline layer (Dexie, the outbox, zod) is not fetched (it was, only to
    // stop a sync that never ran).
    expect(scripts.filter((path) => /\/(offline-api|cache|zod)-[\w-]+\.js$/.test(path))).toEqual(
      [],
    );
    // The strings were asked for by public/theme.js's preload (a link, not the app's fetch, which
    // runs only once the app's script has run), and that one request served i18n.ts's fetch.
    const initiators = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => entry.name.includes("/assets/i18n/"))
        .map((entry) => entry.initiatorType),
    );
    expect(initiators).toEqual(["link"]);
    expect(scripts.filter((path) => path.startsWith("/assets/i18n/"))).toEqual([
      "/assets/i18n/en.json",
    ]);
    // (The console's one line is /api/me's 401: nobody is signed in.)
    expect(problems.filter((p) => p.kind === "pageerror")).toEqual([]);
    expect(problems.filter((p) => /preload/i.test(p.text ?? ""))).toEqual([]);
  }, 30_000);

  it("downloads the account in a worker, so the page's main thread makes no change-feed request", async () => {
    const { page, problems } = await signedInPage("desktop", "en", MEMO_COUNT);
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));

    await page.goto("/");
    await page.getByText("Memo 1", { exact: true }).first().waitFor({ timeout: 25_000 });
    await waitForCacheReady(page, 25_000);

    // Fetches made by the page's own scripts are in its resource timeline; a worker's are not.
    const feedOnPage = await page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.includes("/api/sync/changes")).length,
    );
    expect(feedOnPage).toBe(0);
    expect(workers.some((path) => /^\/assets\/pull-worker-[\w-]+\.js$/.test(path))).toBe(true);
    // Every memo reached the page's cache, and the home list shows them from it.
    expect(await countInPage(page, "memos")).toBe(MEMO_COUNT);
    await page.reload();
    await page.getByText(`Memo ${MEMO_COUNT}`, { exact: true }).first().waitFor();
    expect(problems.filter((p) => p.kind === "pageerror")).toEqual([]);
  }, 30_000);

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])(
    "loads only the active language's strings at start and the other on switching (%s, %s)",
    async (viewport, lang) => {
      const { page, problems } = await signedInPage(viewport, lang, 1);
      const other: Lang = lang === "ko" ? "en" : "ko";
      const stringRequests: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith("/assets/i18n/")) stringRequests.push(path);
      });

      await page.goto("/");
      await page
        .getByRole("heading", { name: tr(lang, "home.title") })
        .first()
        .waitFor();
      await page.waitForLoadState("networkidle");
      expect(stringRequests).toEqual([`/assets/i18n/${lang}.json`]);

      await openFromMenu(page, viewport, lang, tr(lang, "nav.account"));
      await page.getByRole("button", { name: tr(lang, `account.language.names.${other}`) }).click();
      await page.getByText(tr(other, "account.language.label"), { exact: true }).waitFor();
      expect(stringRequests).toEqual([`/assets/i18n/${lang}.json`, `/assets/i18n/${other}.json`]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(other);
      expect(problems.filter((p) => p.kind === "pageerror")).toEqual([]);
    },
    30_000,
  );
});
