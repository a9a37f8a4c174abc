import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOutboxEmpty } from "./helpers/sync.js";

// Issue 12 §3: the whole journey by keyboard alone (page.keyboard, no click, no fill): sign in,
// create a memo in a sheet (focus in, back to the button after), review it, undo the review,
// delete the memo, restore it from the trash. Along the way: "Skip to content" is the first Tab
// stop, the phone menu keeps the focus inside while open, and Tab cannot leave an open sheet.

/** Tab stops tried before giving up on reaching a control. */
const MAX_TABS = 80;

/** True when `target` has the keyboard focus. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves. */
async function tabTo(page: Page, target: Locator, key = "Tab"): Promise<void> {
  await target.waitFor();
  for (let step = 0; step < MAX_TABS; step++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${MAX_TABS} × ${key} did not reach ${target}`);
}

/** The focused element's tag, name and label, for a readable failure. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return "nothing";
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
    return `${element.tagName.toLowerCase()} ${name}`.trim();
  });
}

interface ListedMemo {
  id: string;
  title: string;
}

async function rootMemos(context: BrowserContext, url: string): Promise<ListedMemo[]> {
  const response = await context.request.get(`${url}/api/folders/root/memos`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { memos: ListedMemo[] }).memos;
}

describe("a keyboard-only journey (issue 12 §3)", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])(
    "signs in, adds, reviews, undoes, deletes and restores a memo by keyboard alone (%s, %s)",
    async (viewport, lang) => {
      const email = `keys-${viewport}-${lang}@example.com`;
      const password = "keyboard-password-1";
      const setUp = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
      await createVerifiedUser(setUp.context, stack.server.url, stack.mailbox, {
        email,
        password,
        name: lang === "ko" ? "키보드" : "Keys",
        lang,
      });
      await setUp.context.close();
      const { page, context, problems } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      const title = lang === "ko" ? "훈민정음 반포 1446" : "Hangul proclaimed 1446";
      const body = lang === "ko" ? "세종대왕이 만든 글자" : "Letters made by King Sejong";

      // Sign in: Tab to each field, type, Enter submits.
      await page.goto("/login");
      await tabTo(page, page.getByLabel(tr(lang, "auth.fields.email")));
      await page.keyboard.type(email);
      await tabTo(page, page.getByLabel(tr(lang, "auth.fields.password"), { exact: true }));
      await page.keyboard.type(password);
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/home\//);
      await page.getByRole("heading").first().waitFor();

      // The first Tab stop skips to the main region.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: tr(lang, "shell.skipToContent"), exact: true });
      expect(await isFocused(skip), await focused(page)).toBe(true);
      expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");

      // To the root folder's list: the side navigation, or the phone menu (focus kept inside).
      const navigation = page.getByRole("navigation", { name: tr(lang, "shell.navigation") });
      const rootLink = navigation.getByRole("link", {
        name: tr(lang, "folders.rootTitle"),
        exact: true,
      });
      if (viewport === "phone") {
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await tabTo(page, page.getByRole("button", { name: tr(lang, "shell.openMenu") }).first());
        await page.keyboard.press("Enter");
        const menu = page.getByRole("dialog", { name: tr(lang, "shell.navigation") });
        const close = menu.getByRole("button", { name: tr(lang, "shell.closeMenu") });
        await expect.poll(() => isFocused(close)).toBe(true);
        // Shift+Tab from the first control wraps to the menu's last one, not to the page.
        await page.keyboard.press("Shift+Tab");
        expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(
          true,
        );
        for (let step = 0; step < 40; step++) {
          await page.keyboard.press("Tab");
          const isInside = await menu.evaluate((element) =>
            element.contains(document.activeElement),
          );
          expect(isInside, await focused(page)).toBe(true);
        }
      }
      await tabTo(page, rootLink);
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/private-memos\/root/);

      // Add a memo in the sheet: the title has the focus, Enter goes on to the editor.
      const add = page.getByRole("button", { name: tr(lang, "memos.list.add"), exact: true });
      await tabTo(page, add);
      await page.keyboard.press("Enter");
      const sheet = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
      const titleField = sheet.getByLabel(tr(lang, "memos.form.title"), { exact: true });
      await expect.poll(() => isFocused(titleField)).toBe(true);
      // Pressing Enter again (the opener's key) types into the sheet; no second sheet stacks.
      await page.keyboard.type(title);
      await page.keyboard.press("Enter");
      await expect
        .poll(() =>
          page.evaluate(
            () => (document.activeElement as HTMLElement | null)?.isContentEditable ?? false,
          ),
        )
        .toBe(true);
      await page.keyboard.type(body);
      // Tab never leaves the sheet: around it and back to the title.
      for (let step = 0; step < 30; step++) {
        await page.keyboard.press("Tab");
        const isInside = await sheet.evaluate((element) =>
          element.contains(document.activeElement),
        );
        expect(isInside, await focused(page)).toBe(true);
      }
      expect(await page.getByRole("dialog").count()).toBe(1);
      await tabTo(page, sheet.getByRole("button", { name: tr(lang, "common.save"), exact: true }));
      await page.keyboard.press("Enter");
      await sheet.waitFor({ state: "detached" });
      // The focus is back on the button that opened the sheet.
      await expect.poll(() => isFocused(add)).toBe(true);
      await page.getByText(title).first().waitFor();
      await waitForOutboxEmpty(page);
      const [memo] = await rootMemos(context, stack.server.url);
      expect(memo?.title).toBe(title);

      // Review it in the folder's session: Space shows it, Enter marks it reviewed; u undoes.
      await tabTo(
        page,
        page.getByRole("link", { name: tr(lang, "review.startFolder"), exact: true }),
      );
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/review\?folderId=root/);
      await page.locator("#review-card-title").getByText(title).waitFor();
      await page.keyboard.press("Space");
      await page.getByText(body).waitFor();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: tr(lang, "review.summary.title") }).waitFor();
      await waitForOutboxEmpty(page);
      const reviewed = await context.request.get(`${stack.server.url}/api/memos/${memo?.id}`);
      expect(((await reviewed.json()) as { memo: { reviewCount: number } }).memo.reviewCount).toBe(
        1,
      );
      await page.keyboard.press("u");
      await page.getByText(tr(lang, "review.undone")).first().waitFor();
      await page.locator("#review-card-title").getByText(title).waitFor();
      await waitForOutboxEmpty(page);
      const undone = await context.request.get(`${stack.server.url}/api/memos/${memo?.id}`);
      expect(((await undone.json()) as { memo: { reviewCount: number } }).memo.reviewCount).toBe(0);

      // Esc leaves the session for the list; delete the memo through its confirmation.
      await page.keyboard.press("Escape");
      await page.waitForURL(/\/private-memos\/root/);
      const remove = page.getByRole("button", {
        name: tr(lang, "memos.actions.delete", { title }),
        exact: true,
      });
      await tabTo(page, remove);
      await page.keyboard.press("Enter");
      const alert = page.getByRole("alertdialog", { name: tr(lang, "memos.delete.title") });
      await alert.waitFor();
      expect(await alert.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      // Tab stays among the alert's buttons.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await alert.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await tabTo(
        page,
        alert.getByRole("button", { name: tr(lang, "common.delete"), exact: true }),
      );
      await page.keyboard.press("Enter");
      await alert.waitFor({ state: "detached" });
      await page.getByText(title).waitFor({ state: "detached" });
      await waitForOutboxEmpty(page);
      expect(await rootMemos(context, stack.server.url)).toEqual([]);

      // Restore it from the trash: the trash link (in the phone menu), then its Restore button.
      if (viewport === "phone") {
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await tabTo(page, page.getByRole("button", { name: tr(lang, "shell.openMenu") }).first());
        await page.keyboard.press("Enter");
      }
      await tabTo(page, navigation.getByRole("link", { name: tr(lang, "nav.trash"), exact: true }));
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/trash$/);
      await tabTo(
        page,
        page.getByRole("button", { name: tr(lang, "trash.restoreLabel", { title }), exact: true }),
      );
      await page.keyboard.press("Enter");
      await waitForOutboxEmpty(page);
      await expect
        .poll(async () => (await rootMemos(context, stack.server.url)).map((m) => m.title))
        .toEqual([title]);
      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
    180_000,
  );

  it("Enter in the title before the editor has loaded still leads into the contents", async () => {
    const { page, context } = await newPage(stack.browser, {
      viewport: "desktop",
      lang: "en",
      baseURL: stack.server.url,
      // The editor's chunk is held back below; a service worker could serve it around the route.
      serviceWorkers: "block",
    });
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email: "slow-editor@example.com",
      password: "keyboard-password-1",
      name: "Slow",
      lang: "en",
    });
    // Hold the lazily loaded editor back until the title's Enter has been pressed.
    let releaseEditor = () => {};
    const editorHeld = new Promise<void>((resolve) => {
      releaseEditor = resolve;
    });
    let editorRequested = false;
    await page.route(/\/assets\/RichTextEditor-[^/]*\.js$/, async (route) => {
      editorRequested = true;
      await editorHeld;
      await route.continue();
    });
    await page.goto("/private-memos/root");
    await page.getByRole("button", { name: tr("en", "memos.list.add"), exact: true }).click();
    const sheet = page.getByRole("dialog", { name: tr("en", "memos.form.addTitle") });
    const titleField = sheet.getByLabel(tr("en", "memos.form.title"), { exact: true });
    await expect.poll(() => isFocused(titleField)).toBe(true);
    await expect.poll(() => editorRequested).toBe(true);
    await page.keyboard.type("Early Enter");
    await page.keyboard.press("Enter");
    releaseEditor();
    const editor = sheet.getByRole("textbox", { name: tr("en", "memos.form.contents") });
    await expect.poll(() => isFocused(editor), { timeout: 15_000 }).toBe(true);
    await page.keyboard.type("typed after the editor arrived");
    expect(await editor.textContent()).toBe("typed after the editor arrived");
    expect(await titleField.inputValue()).toBe("Early Enter");
    await context.close();
  });
});
