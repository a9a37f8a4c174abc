// Issue #14's page figures: Lighthouse 13 (from the registry) with its default mobile preset
// (emulated phone, simulated slow 4G and 4× slower CPU) on Debian's Chromium, against the issue's
// limits: Performance ≥ 90, Total Blocking Time ≤ 200 ms, Largest Contentful Paint ≤ 2.5 s,
// Cumulative Layout Shift ≤ 0.1. One Chromium profile for every page, each run
// `BENCH_LIGHTHOUSE_RUNS` times (the median run's figures count), in this order:
//   1. the login page, signed out;
//   2. home, signed in, on a device that holds nothing (Lighthouse empties the site's storage
//      first): the first signed-in visit, the account downloading;
//   3. home again, storage kept, once the download the first visit started has finished in a tab of
//      the same profile: a returning visit (Lighthouse leaves a page when it has loaded, long
//      before 100,000 memos are stored; without the wait, pages 3 and 4 measured the rest of the
//      first download, not a returning visit);
//   4. a folder's memo list (`/private-memos/:folderId`: its first page of 50 rows), storage kept.
// The session is a cookie put in the profile before the runs (Lighthouse empties a site's storage,
// not its cookies; a Cookie header of its own did not reach the app's requests).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH } from "../../e2e/helpers/browser.ts";
import { waitForCompleteCache } from "./offline.mjs";
import { check } from "./report.mjs";

/** The limits, per page. */
export const LIGHTHOUSE_TARGETS = {
  performance: 90,
  totalBlockingTimeMs: 200,
  largestContentfulPaintMs: 2500,
  cumulativeLayoutShift: 0.1,
};

/**
 * `BENCH_LIGHTHOUSE_RUNS`: runs of each page; its figures are those of the median run, as
 * Lighthouse picks it (`computeMedianRun`: the run nearest the median FCP and time to
 * interactive), since a page's TBT moved from 136 to 1,553 ms between single runs of one build
 * on this 2-core machine (stop 37).
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/**
 * `BENCH_LIGHTHOUSE_DIR`: a directory each page's whole Lighthouse report (JSON, with its
 * main-thread tasks and scripts) is written to, to see where TBT and LCP come from.
 */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;

/** A run Lighthouse itself could not complete, with its code (e.g. NO_NAVSTART). */
class LighthouseRunError extends Error {
  constructor({ code, message }) {
    super(`Lighthouse: ${message}`);
    this.code = code;
  }
}

/**
 * Trace failures Lighthouse answers "Please run Lighthouse again" to: the run is repeated once.
 * Seen here: NO_NAVSTART on the returning visit, one run in several (stop 30).
 */
const RETRIED_CODES = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);

/** {@link audit}, repeated once when Lighthouse asks to be run again. */
async function auditWithRetry(port, url, options, step) {
  try {
    return await audit(port, url, options);
  } catch (error) {
    if (!(error instanceof LighthouseRunError) || !RETRIED_CODES.has(error.code)) throw error;
    step(`  ${error.code}: running the page again`);
    return audit(port, url, options);
  }
}

/** One Lighthouse run of a page: its report, checked to be of the page asked for. */
async function audit(port, url, { isSignedIn, keepStorage, reportName }) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: keepStorage,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `${reportName}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new LighthouseRunError(lhr.runtimeError);
  // A signed-in page that showed the login screen measured the wrong page.
  const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl ?? url;
  if (isSignedIn && new URL(finalUrl).pathname.startsWith("/login")) {
    throw new Error(`${url} showed the login screen: the session cookie was not taken`);
  }
  return lhr;
}

/** A report's Performance score (0–100) and its three figures. */
function figuresOf(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = lhr.categories.performance?.score;
  return {
    performance: typeof score === "number" ? Math.round(score * 100) : null,
    totalBlockingTimeMs: value("total-blocking-time"),
    largestContentfulPaintMs: value("largest-contentful-paint"),
    cumulativeLayoutShift: value("cumulative-layout-shift"),
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    warnings: lhr.runWarnings ?? [],
  };
}

/** One line of a page's figures. */
function describe(figures) {
  return (
    `performance ${figures.performance}, TBT ${figures.totalBlockingTimeMs?.toFixed(0)} ms, ` +
    `LCP ${figures.largestContentfulPaintMs?.toFixed(0)} ms, CLS ${figures.cumulativeLayoutShift?.toFixed(3)}`
  );
}

/** Puts the session's cookies (`name=value; …`) into the browser's profile for `baseUrl`. */
async function addCookies(port, baseUrl, cookieHeader) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = cookieHeader.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
    });
    await browser.contexts()[0]?.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

/** Opens home in a tab of the Lighthouse profile and waits there until the first download ends. */
async function finishFirstDownload(port, baseUrl, dbName) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]?.newPage();
    if (!page) throw new Error("no browser context to finish the first download in");
    await page.goto(`${baseUrl}/home`, { waitUntil: "commit" });
    await waitForCompleteCache(page, dbName);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Runs the four pages (see the top of this file) and answers their figures.
 *
 * @param {{ baseUrl: string, cookie: string, dbName: string,
 *   folder: { id: string, memoCount: number }, step: (message: string) => void }} options
 *   `dbName`: the user's cache database (`mnemo-<user id>`)
 */
export async function measureLighthouse({ baseUrl, cookie, dbName, folder, step }) {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const pages = [
      { label: "login page, signed out", path: "/login", isSignedIn: false, keepStorage: false },
      {
        label: "first signed-in visit (home, the account downloading)",
        path: "/",
        isSignedIn: true,
        keepStorage: false,
      },
      { label: "returning visit (home)", path: "/", isSignedIn: true, keepStorage: true },
      {
        label: `folder list (${folder.memoCount.toLocaleString("en")} memos)`,
        path: `/private-memos/${encodeURIComponent(folder.id)}`,
        isSignedIn: true,
        keepStorage: true,
      },
    ];
    const results = [];
    let hasSession = false;
    for (const page of pages) {
      if (page.isSignedIn && !hasSession) {
        await addCookies(chrome.port, baseUrl, cookie);
        hasSession = true;
      }
      const reports = [];
      for (let run = 1; run <= RUNS; run += 1) {
        step(`lighthouse (mobile): ${page.label}, run ${run} of ${RUNS}`);
        const lhr = await auditWithRetry(
          chrome.port,
          `${baseUrl}${page.path}`,
          {
            ...page,
            reportName: `${results.length + 1}-${page.label.replace(/[^a-z0-9]+/gi, "-")}-${run}`,
          },
          step,
        );
        reports.push(lhr);
        step(`  ${describe(figuresOf(lhr))}`);
      }
      const figures = figuresOf(computeMedianRun(reports));
      if (RUNS > 1) step(`  median run: ${describe(figures)}`);
      results.push({
        label: page.label,
        path: page.path,
        isSignedIn: page.isSignedIn,
        ...figures,
        runs: reports.map((lhr) => figuresOf(lhr)),
      });
      if (page.isSignedIn && !page.keepStorage) {
        step("  finishing the first download before the returning visits");
        await finishFirstDownload(chrome.port, baseUrl, dbName);
      }
    }
    return { pages: results };
  } finally {
    await chrome.kill();
  }
}

/** The pages' figures held against the issue's limits. */
export function lighthouseChecks(lighthouseResult) {
  return (lighthouseResult?.pages ?? []).flatMap((page) => [
    check(`${page.label}: Performance`, page.performance, ">=", LIGHTHOUSE_TARGETS.performance, ""),
    check(
      `${page.label}: TBT`,
      page.totalBlockingTimeMs,
      "<=",
      LIGHTHOUSE_TARGETS.totalBlockingTimeMs,
      "ms",
    ),
    check(
      `${page.label}: LCP`,
      page.largestContentfulPaintMs,
      "<=",
      LIGHTHOUSE_TARGETS.largestContentfulPaintMs,
      "ms",
    ),
    check(
      `${page.label}: CLS`,
      page.cumulativeLayoutShift,
      "<=",
      LIGHTHOUSE_TARGETS.cumulativeLayoutShift,
      "",
    ),
  ]);
}

/** Prints why the Lighthouse part could not run (its figures are in the targets table). */
export function printLighthouseReport(lighthouseResult) {
  if (lighthouseResult?.error) console.log(`\nLighthouse could not run: ${lighthouseResult.error}`);
}
