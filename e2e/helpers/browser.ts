import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/**
 * Debian's Chromium, the full browser (`npm test` installs it; playwright-core downloads no
 * browser of its own): Lighthouse, the bench's browser figures, and the specs that need a part
 * only the full browser has (notifications).
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";
/**
 * Debian's build of Chromium's headless shell, the same engine without the desktop browser
 * around it. It is what Playwright itself runs for headless tests, and it runs the journeys in
 * two thirds of the full browser's CPU (memo-editing.spec: 96 s → 66 s; all e2e: 1,095 s → 861 s
 * on a slow day), which CI's 30 minutes need. It has no notification service.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
export const screenshotDir = fileURLToPath(new URL("../screenshots/", import.meta.url));

export type Viewport = "desktop" | "phone";
export type Lang = "ko" | "en";

export interface NewPageOptions {
  viewport: Viewport;
  lang: Lang;
  /** The server's url: `page.goto("/")` opens it. */
  baseURL: string;
  /** IANA time zone of the page's clock, e.g. "Asia/Seoul". Unset: the machine's. */
  timezoneId?: string;
  /** "block" keeps the app's service worker out, so page.route sees every request. */
  serviceWorkers?: "allow" | "block";
}

/** Something the page reported as broken: a console.error line or an uncaught exception. */
export interface PageProblem {
  kind: "console" | "pageerror";
  text: string;
  /** Where the console message came from (script URL), when Chromium says. */
  url?: string;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions in order, for `expect(problems).toEqual([])`. */
  problems: PageProblem[];
}

const locales: Record<Lang, string> = { ko: "ko-KR", en: "en-US" };

const liveBrowsers = new Set<Browser>();
const openPages = new Set<TestPage>();

/**
 * Headless Chromium: the headless shell, or the full browser when `fullBrowser`. Close it in
 * afterAll; e2e/helpers/setup.ts closes any left open.
 */
export async function launchChromium({ fullBrowser = false } = {}): Promise<Browser> {
  const executablePath = fullBrowser ? CHROMIUM_PATH : HEADLESS_SHELL_PATH;
  if (!existsSync(executablePath)) {
    throw new Error(
      `${executablePath} is missing: \`npm test\` installs it, or apt-get install chromium chromium-headless-shell fonts-noto-cjk`,
    );
  }
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      // The tests run as root in containers, where Chromium's sandbox cannot start.
      "--no-sandbox",
      "--disable-gpu",
      // Containers often have a small /dev/shm; Chromium crashes when it runs out.
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
  liveBrowsers.add(browser);
  browser.once("disconnected", () => liveBrowsers.delete(browser));
  return browser;
}

/**
 * A page in a fresh context (own cookies and storage): desktop is 1280×800; phone is 390×844 with
 * touch, a mobile user agent and `isMobile`, as on a recent Android phone. The locale (ko-KR or
 * en-US) sets `navigator.language` and the Accept-Language header.
 */
export async function newPage(browser: Browser, options: NewPageOptions): Promise<TestPage> {
  const locale = locales[options.lang];
  const device =
    options.viewport === "desktop"
      ? { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }
      : {
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          userAgent: phoneUserAgent(browser.version()),
        };
  const context = await browser.newContext({
    ...device,
    locale,
    baseURL: options.baseURL,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  const page = await context.newPage();
  const problems: PageProblem[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    problems.push({ kind: "console", text: message.text(), ...(url ? { url } : {}) });
  });
  page.on("pageerror", (error) => {
    problems.push({ kind: "pageerror", text: error.stack ?? error.message });
  });
  trackRequests(page);
  const testPage = { page, context, problems };
  openPages.add(testPage);
  context.once("close", () => openPages.delete(testPage));
  return testPage;
}

function phoneUserAgent(chromiumVersion: string): string {
  const major = chromiumVersion.split(".")[0] ?? "0";
  return `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`;
}

/**
 * Saves a PNG of the whole page as e2e/screenshots/<name>.png (git-ignored) and returns its path.
 * Names become file names: letters, digits, `-`, `_` and `.` are kept.
 */
/** Requests of a page in flight, and when the last one started or ended (see waitForNetworkQuiet). */
const requestActivity = new WeakMap<Page, { inFlight: number; lastAt: number }>();

function trackRequests(page: Page): void {
  const activity = { inFlight: 0, lastAt: Date.now() };
  requestActivity.set(page, activity);
  page.on("request", () => {
    activity.inFlight += 1;
    activity.lastAt = Date.now();
  });
  const settled = () => {
    activity.inFlight = Math.max(0, activity.inFlight - 1);
    activity.lastAt = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
}

/**
 * Waits until no request of the page has been in flight for `quietMs`. Playwright's
 * `networkidle` waits a fixed 500 ms of quiet after every load, which over the hundreds of
 * screens the a11y journey opens cost CI minutes; the app's requests of one
 * screen follow each other within a few ms (a data answer starts the next), so 150 ms of quiet
 * tells the same.
 */
export async function waitForNetworkQuiet(page: Page, quietMs = 150): Promise<void> {
  const activity = requestActivity.get(page);
  if (!activity) throw new Error("waitForNetworkQuiet: the page was not opened with newPage");
  const deadline = Date.now() + 30_000;
  while (activity.inFlight > 0 || Date.now() - activity.lastAt < quietMs) {
    if (Date.now() > deadline) throw new Error(`requests still in flight: ${activity.inFlight}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Pages whose context is still open, e.g. to capture them when a test fails. */
export function openTestPages(): TestPage[] {
  return [...openPages];
}

/** Closes every browser still open (e2e/helpers/setup.ts does it after each file). */
export async function closeAllBrowsers(): Promise<void> {
  await Promise.all([...liveBrowsers].map((browser) => browser.close()));
}
