import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_PATH, newPage, screenshot } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr, untranslatedKeyPattern } from "./helpers/strings.js";

// Issue 4, browser journey 4: after one online visit the service worker has precached the app
// shell, so Mnemo loads with the network off; and Chromium considers it installable.

/** Waits until a service worker is activated and controls the page; answers its script URL. */
async function waitForControllingWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
    const worker = registration.active;
    // `ready` answers as soon as a worker is active, which may still be "activating".
    if (worker && worker.state !== "activated") {
      await new Promise<void>((resolve) =>
        worker.addEventListener("statechange", () => worker.state === "activated" && resolve()),
      );
    }
    return navigator.serviceWorker.controller?.scriptURL ?? "";
  });
}

async function expectLoginScreen(page: Page): Promise<void> {
  await page.getByRole("heading", { name: tr("ko", "auth.login.heading") }).waitFor();
  await page.getByRole("button", { name: tr("ko", "auth.login.submit"), exact: true }).waitFor();
  expect(await page.locator("#root").textContent()).not.toMatch(untranslatedKeyPattern);
}

describe("the installable app", () => {
  const stack = useMnemoStack();

  it("loads with the network off after one visit, and Chromium can install it", async () => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport: "phone",
      lang: "ko",
      baseURL: stack.server.url,
    });

    await page.goto("/");
    await expectLoginScreen(page);
    expect(await waitForControllingWorker(page)).toBe(`${stack.server.url}/sw.js`);

    // The manifest the page links: parsed by Chromium, with the icons it needs to install.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(manifestHref).toBe("/manifest.webmanifest");
    const manifest = await page.evaluate(async (href) => {
      const answer = await fetch(href);
      return { type: answer.headers.get("content-type"), body: await answer.json() };
    }, manifestHref ?? "");
    expect(manifest.type).toContain("manifest+json");
    expect(manifest.body).toMatchObject({
      name: "Mnemo",
      lang: "ko",
      start_url: "/",
      display: "standalone",
    });
    const icons = manifest.body.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const answer = await context.request.get(`${stack.server.url}${icon.src}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/png");
    }
    const cdp = await context.newCDPSession(page);
    const appManifest = await cdp.send("Page.getAppManifest");
    expect(appManifest.errors).toEqual([]);
    expect(appManifest.url).toBe(`${stack.server.url}/manifest.webmanifest`);

    // The worker and manifest are revalidated on every load, so a deploy reaches users at once.
    const worker = await context.request.get(`${stack.server.url}/sw.js`);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    const manifestAnswer = await context.request.get(`${stack.server.url}/manifest.webmanifest`);
    expect(manifestAnswer.headers()["cache-control"]).toBe("no-cache");

    await context.setOffline(true);
    await page.reload();
    await expectLoginScreen(page);
    // A client-side route the first visit never opened: the shell answers it from the cache too.
    await page.goto("/signup");
    await page.getByRole("heading", { name: tr("ko", "auth.signup.heading") }).waitFor();
    await screenshot(page, "pwa-offline-phone-ko");
    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });

  it("has no installability errors in a regular (not incognito) profile", async () => {
    // Playwright's browser contexts are incognito, where Chromium never installs apps: this check
    // needs a profile on disk.
    const profile = mkdtempSync(join(tmpdir(), "mnemo-pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
      baseURL: stack.server.url,
      locale: "ko-KR",
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await expectLoginScreen(page);
      await waitForControllingWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
