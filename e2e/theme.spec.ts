import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import axe from "axe-core";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// Issue 12 (colour and themes): light, dark or the system's theme from account settings, applied
// from the very first frame; and axe-core's color-contrast rule (WCAG AA: 4.5:1, 3:1 for large
// text) finds nothing on any route, sheet or menu, in both themes, at desktop and phone sizes.
// The dark screens are saved for a human to look at (their folder is printed).

const OWNER_EMAIL = "theme-owner@example.com";
const PASSWORD = "theme-password-1";
/** apps/web/src/lib/theme.ts THEME_KEY: the device's choice. */
const THEME_KEY = "mnemo.theme";

type Theme = "light" | "dark";

interface Fixture {
  folderId: string;
  fsrsFolderId: string;
  memoId: string;
  memoTitle: string;
  sharePath: string;
}

/** One contrast failure as axe reports it, short enough to read in a test failure. */
interface ContrastViolation {
  target: string;
  summary: string;
}

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

/** Waits until transitions and finite animations (sheets sliding in, fades) have ended. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** axe-core's color-contrast rule alone, on the whole page as it is now. */
async function contrastViolations(page: Page): Promise<ContrastViolation[]> {
  const hasAxe = await page.evaluate(() => "axe" in window);
  // Evaluated through the DevTools protocol, which the page's script-src policy does not govern.
  if (!hasAxe) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const result = await runner.run(document, {
      runOnly: { type: "rule", values: ["color-contrast"] },
      resultTypes: ["violations"],
    });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        target: node.target.join(" "),
        summary: (node.any[0]?.message ?? node.failureSummary ?? "").replace(/\s+/g, " "),
      })),
    );
  });
}

describe("themes and colour contrast (issue 12)", () => {
  const stack = useMnemoStack({ env: { OWNER_EMAIL } });
  let fixture: Fixture | null = null;

  /** Signs the context in as the owner (an admin), creating the account and its data once. */
  async function signInOwner(context: BrowserContext, lang: Lang): Promise<Fixture> {
    if (fixture) {
      await apiSend(context, stack.server.url, "POST", "/api/auth/sign-in/email", {
        email: OWNER_EMAIL,
        password: PASSWORD,
      });
      // The app speaks the user's language: the one this page's strings are looked up in.
      await apiSend(context, stack.server.url, "PATCH", "/api/me", { lang });
      return fixture;
    }
    const url = stack.server.url;
    await createVerifiedUser(context, url, stack.mailbox, {
      email: OWNER_EMAIL,
      password: PASSWORD,
      name: "Mina",
      lang,
    });
    const folder = (await apiSend(context, url, "POST", "/api/folders", {
      title: "한국사 History",
      isCategoryFolder: true,
    })) as { folder: { id: string } };
    const folderId = folder.folder.id;
    // Every switch on, so the list shows its badges, sort values and completion marks.
    await apiSend(context, url, "PATCH", `/api/folders/${folderId}`, {
      enableCompletionFeature: true,
      enableFlashCardFeature: true,
      showSortingValues: true,
      showReviewCount: true,
      sideNavPinned: true,
    });
    const memoTitle = "조선 건국 Joseon";
    const memo = await createMemo(context, url, {
      folderId,
      title: memoTitle,
      contents:
        "<h2>1392</h2><p><strong>태조</strong> founded <em>Joseon</em>; " +
        '<a href="https://example.com">a link</a> and <code>code</code>.</p>' +
        "<ul><li>한양 천도</li></ul><blockquote>a quote</blockquote>",
    });
    await createMemo(context, url, { folderId, title: "고려 Goryeo", contents: "<p>918</p>" });
    await apiSend(context, url, "POST", `/api/memos/${memo.id}/reviews`, { opId: "op-theme-1" });
    const share = (await apiSend(context, url, "PUT", `/api/memos/${memo.id}/share`)) as {
      share: { path: string };
    };
    const fsrs = (await apiSend(context, url, "POST", "/api/folders", {
      title: "단어장 Words",
      showAtHomeReviewList: true,
    })) as { folder: { id: string } };
    await apiSend(context, url, "PATCH", `/api/folders/${fsrs.folder.id}`, {
      scheduler: "fsrs",
      desiredRetention: 0.9,
    });
    for (const title of ["사과 apple", "바나나 banana"]) {
      await createMemo(context, url, {
        folderId: fsrs.folder.id,
        title,
        contents: `<p>${title}: <strong>answer</strong></p>`,
      });
    }
    fixture = {
      folderId,
      fsrsFolderId: fsrs.folder.id,
      memoId: memo.id,
      memoTitle,
      sharePath: share.share.path,
    };
    return fixture;
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

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])(
    "has no color-contrast violation on any route, light and dark (%s, %s)",
    async (viewport, lang) => {
      const shotDir = mkdtempSync(join(tmpdir(), `mnemo-dark-${viewport}-`));
      const signedOut = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
      const signedIn = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
      const data = await signInOwner(signedIn.context, lang);
      const found: Record<string, ContrastViolation[]> = {};

      /** Checks the page as it is now, in `theme`, under `name`; dark screens are saved too. */
      const check = async (page: Page, theme: Theme, name: string) => {
        await settle(page);
        expect((await htmlLook(page)).theme, name).toBe(theme);
        const violations = await contrastViolations(page);
        if (violations.length > 0) found[`${theme} ${name}`] = violations;
        if (theme === "dark") {
          mkdirSync(shotDir, { recursive: true });
          const file = `${name.replace(/[^\w.-]+/g, "_").replace(/^_|_$/g, "")}.png`;
          await page.screenshot({ path: join(shotDir, file), fullPage: true });
        }
      };
      const open = async (page: Page, route: string) => {
        await page.goto(route);
        await page.getByRole("heading").first().waitFor();
      };

      const publicRoutes = [
        "/login",
        "/signup",
        "/find-account",
        "/verify-email",
        "/privacy-policy",
        "/letter",
        data.sharePath,
        "/no-such-page",
      ];
      const userRoutes = [
        "/home",
        "/today",
        "/private-folders",
        `/private-folders/${data.folderId}`,
        `/private-memos/${data.folderId}`,
        "/private-memos/root",
        `/view-private-memo?memoId=${data.memoId}`,
        `/upsert-private-memo?memoId=${data.memoId}`,
        `/upsert-private-memo?folderId=${data.folderId}`,
        "/private-calendar",
        "/stats",
        "/search",
        "/search?q=Joseon",
        `/folder-settings?folderId=${data.folderId}`,
        `/folder-settings?folderId=${data.fsrsFolderId}`,
        "/review-memo-settings",
        "/account-settings",
        "/select-country",
        "/import",
        "/plan",
        "/laboratory",
        "/text-editor",
        "/upsert-text",
        "/subjects",
        "/public-memos",
        "/public-memos/true",
        "/analytics",
      ];

      for (const theme of ["light", "dark"] as const) {
        for (const { page } of [signedOut, signedIn]) {
          await page.goto("/privacy-policy");
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            THEME_KEY,
            theme,
          ] as const);
        }
        for (const route of publicRoutes) {
          await open(signedOut.page, route);
          await check(signedOut.page, theme, `out ${route}`);
        }
        const { page } = signedIn;
        for (const route of userRoutes) {
          await open(page, route);
          await check(page, theme, route);
        }

        // The memo editor sheet, with its toolbar and rich contents.
        await open(page, `/private-memos/${data.folderId}`);
        await page
          .getByRole("button", {
            name: tr(lang, "memos.actions.edit", { title: data.memoTitle }),
            exact: true,
          })
          .click();
        const sheet = page.getByRole("dialog", { name: tr(lang, "memos.form.updateTitle") });
        await sheet
          .getByRole("textbox", { name: tr(lang, "memos.form.contents"), exact: true })
          .waitFor();
        await check(page, theme, "memo editor sheet");
        await page.keyboard.press("Escape");
        await sheet.waitFor({ state: "detached" });

        // A confirmation alert.
        await page
          .getByRole("button", {
            name: tr(lang, "memos.actions.delete", { title: data.memoTitle }),
            exact: true,
          })
          .click();
        const alert = page.getByRole("alertdialog", { name: tr(lang, "memos.delete.title") });
        await alert.waitFor();
        await check(page, theme, "delete alert");
        await alert.getByRole("button", { name: tr(lang, "common.cancel"), exact: true }).click();
        await alert.waitFor({ state: "detached" });

        // The review session: a card, then its contents and the grade buttons.
        await page.goto(`/review?folderId=${data.fsrsFolderId}`);
        await page.locator("#review-card-title").waitFor();
        await check(page, theme, "review card");
        await page.keyboard.press("Space");
        await page.locator(".review-card-contents").waitFor();
        await check(page, theme, "review grades");

        if (viewport === "phone") {
          await open(page, "/home");
          await page
            .getByRole("button", { name: tr(lang, "shell.openMenu") })
            .first()
            .click();
          await page.getByRole("navigation", { name: tr(lang, "shell.navigation") }).waitFor();
          await check(page, theme, "menu");
        }
      }

      process.stdout.write(`[theme] dark screenshots (${viewport}): ${shotDir}\n`);
      expect(found).toEqual({});
      expect(
        [...signedOut.problems, ...signedIn.problems].filter((p) => p.kind === "pageerror"),
      ).toEqual([]);
    },
  );
});
