import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// Issue 12 (colour and themes): light, dark or the system's theme from account settings, applied
// from the very first frame. Colour contrast on every screen in both themes is a11y.spec.ts's
// (axe-core's color-contrast rule is among its WCAG AA rules).

const OWNER_EMAIL = "theme-owner@example.com";
const PASSWORD = "theme-password-1";
/** apps/web/src/lib/theme.ts THEME_KEY: the device's choice. */
const THEME_KEY = "mnemo.theme";

/** What the page showed in its first frame and at DOMContentLoaded (see recordFirstFrame). */
interface FirstLook {
  frame: { theme: string | null; background: string };
  loaded: { theme: string | null; background: string };
}

/**
 * Before any of the page's scripts: notes `data-theme` and the computed background of <html> in
 * the first animation frame (rendering waits for the head's stylesheets, so this is the first
 * paint) and at DOMContentLoaded.
 */
async function recordFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const look = () => ({
      theme: document.documentElement.getAttribute("data-theme"),
      background: getComputedStyle(document.documentElement).backgroundColor,
    });
    const seen: Record<string, unknown> = {};
    (window as unknown as { firstLook: Record<string, unknown> }).firstLook = seen;
    requestAnimationFrame(() => {
      seen.frame = look();
    });
    document.addEventListener("DOMContentLoaded", () => {
      seen.loaded = look();
    });
  });
}

/**
 * Opens `route` with none of the app's bundled scripts (/assets/*.js) allowed to load, and answers
 * what the first frame showed: so the theme must come before the app, not from it (a cached bundle
 * can otherwise run before the first frame and hide a missing early script). The service worker
 * is unregistered first, since it would answer the scripts itself.
 */
async function firstLookBeforeApp(page: Page, route: string): Promise<FirstLook> {
  await page.evaluate(async () => {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
  });
  const appScripts = /\/assets\/.*\.js$/;
  await page.route(appScripts, (route) => route.abort());
  await recordFirstFrame(page);
  await page.goto(route);
  const look = await firstLook(page);
  await page.unroute(appScripts);
  return look;
}

function firstLook(page: Page): Promise<FirstLook> {
  return page.evaluate(async () => {
    const holder = window as unknown as { firstLook: Partial<FirstLook> };
    while (!holder.firstLook.frame || !holder.firstLook.loaded) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return holder.firstLook as FirstLook;
  });
}

/** Relative luminance (WCAG 2) of a computed `rgb(…)`/`rgba(…)` colour. */
function luminance(cssColor: string): number {
  const parts =
    cssColor
      .match(/[\d.]+/g)
      ?.slice(0, 3)
      .map(Number) ?? [];
  if (parts.length !== 3) throw new Error(`not an rgb colour: ${cssColor}`);
  const [r, g, b] = parts.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function htmlLook(page: Page): Promise<{ theme: string | null; background: string }> {
  return page.evaluate(() => ({
    theme: document.documentElement.getAttribute("data-theme"),
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));
}

describe("themes (issue 12)", () => {
  const stack = useMnemoStack({ env: { OWNER_EMAIL } });
  let created = false;

  /** Signs the context in as the owner, creating the account the first time. */
  async function signInOwner(context: BrowserContext, lang: Lang): Promise<void> {
    if (!created) {
      created = true;
      await createVerifiedUser(context, stack.server.url, stack.mailbox, {
        email: OWNER_EMAIL,
        password: PASSWORD,
        name: "Mina",
        lang,
      });
      return;
    }
    await apiSend(context, stack.server.url, "POST", "/api/auth/sign-in/email", {
      email: OWNER_EMAIL,
      password: PASSWORD,
    });
    // The app speaks the user's language: the one this page's strings are looked up in.
    await apiSend(context, stack.server.url, "PATCH", "/api/me", { lang });
  }

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])(
    "keeps dark chosen in account settings, from the first frame after a reload (%s, %s)",
    async (viewport, lang) => {
      const { page, context, problems } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      await signInOwner(context, lang);
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto("/account-settings");
      const choice = (name: string) =>
        page.getByRole("button", { name: tr(lang, `account.theme.${name}`), exact: true });
      await choice("system").waitFor();
      expect(await choice("system").getAttribute("aria-pressed")).toBe("true");
      const light = await htmlLook(page);
      expect(light.theme).toBe("light");
      expect(luminance(light.background)).toBeGreaterThan(0.8);

      await choice("dark").click();
      await expect.poll(async () => (await htmlLook(page)).theme).toBe("dark");
      expect(await choice("dark").getAttribute("aria-pressed")).toBe("true");
      const dark = await htmlLook(page);
      expect(luminance(dark.background)).toBeLessThan(0.02);
      expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).not.toBe(
        "#f2f2f7",
      );
      // The system's light scheme no longer matters once dark is chosen.
      await page.emulateMedia({ colorScheme: "light" });
      expect((await htmlLook(page)).theme).toBe("dark");

      const look = await firstLookBeforeApp(page, "/account-settings");
      expect(look.loaded).toEqual({ theme: "dark", background: dark.background });
      expect(look.frame).toEqual({ theme: "dark", background: dark.background });
      await page.reload();
      await choice("dark").waitFor();
      expect(await choice("dark").getAttribute("aria-pressed")).toBe("true");

      // Light overrides a dark system; back to "system" follows it again.
      await page.emulateMedia({ colorScheme: "dark" });
      await choice("light").click();
      await expect.poll(async () => (await htmlLook(page)).theme).toBe("light");
      await choice("system").click();
      await expect.poll(async () => (await htmlLook(page)).theme).toBe("dark");
      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
  );

  it("follows the system's colour scheme live, and from the first frame, when set to system", async () => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport: "desktop",
      lang: "en",
      baseURL: stack.server.url,
    });
    await signInOwner(context, "en");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/privacy-policy");
    const look = await firstLookBeforeApp(page, "/home");
    expect(look.frame.theme).toBe("dark");
    expect(luminance(look.frame.background)).toBeLessThan(0.02);
    await page.goto("/home");
    await page.getByRole("heading").first().waitFor();

    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(async () => (await htmlLook(page)).theme).toBe("light");
    expect(luminance((await htmlLook(page)).background)).toBeGreaterThan(0.8);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(async () => (await htmlLook(page)).theme).toBe("dark");
    // Form controls and scrollbars follow too.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      "dark",
    );
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBeNull();
    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
