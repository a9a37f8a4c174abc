import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOfflineReady } from "./helpers/sync.js";

// Issue 12 §2 "The review list tells the truth": with more eligible memos than one page, home
// says how many there really are and "Show more" (reached by keyboard) reveals the rest, each
// memo once; a completed memo of a folder with the completion feature is not among them. A memo
// reviewed by keyboard shows "reviewed today", moves down, and focus goes to the next row.
// Offline, the device's list gives the same count and order. Set-up goes through the API; what
// is tested goes through the UI.

const PASSWORD = "home-list-journey-password-1";
const MEMO_COUNT = 45;

describe("the home review list (issue 12 §2)", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("counts every eligible memo and shows them all (%s, %s)", async (viewport, lang) => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email: `home-list-${viewport}-${lang}@example.com`,
      password: PASSWORD,
      name: "Home",
      lang,
    });
    const { folder } = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
      title: lang === "ko" ? "완료 기능 폴더" : "Folder with completion",
      enableCompletionFeature: true,
    })) as { folder: { id: string } };
    const word = lang === "ko" ? "메모" : "Memo";
    const titles: string[] = [];
    let completedId = "";
    for (let index = 0; index < MEMO_COUNT; index += 1) {
      const title = `${word} ${String(index).padStart(2, "0")}`;
      const { id } = await createMemo(context, stack.server.url, {
        title,
        contents: `<p>${title}</p>`,
        folderId: folder.id,
      });
      if (index === 7) completedId = id;
      else titles.push(title);
    }
    // A completed memo of a folder with the completion feature leaves the list.
    await apiSend(context, stack.server.url, "POST", `/api/memos/${completedId}/complete`, {
      opId: `home-list-done-${viewport}-${lang}`,
    });
    const eligible = MEMO_COUNT - 1;

    await page.goto("/home");
    const list = page.getByRole("list", { name: tr(lang, "home.listTitle"), exact: true });
    const rowTitles = () => list.locator(".home-review-title").allTextContents();
    await page
      .getByText(tr(lang, "home.listSummary", { count: eligible }), { exact: true })
      .waitFor();
    await expect.poll(async () => (await rowTitles()).length).toBe(30);
    await page
      .getByText(tr(lang, "home.shownOf", { shown: 30, count: eligible }), { exact: true })
      .waitFor();
    await screenshot(page, `home-list-first-page-${viewport}-${lang}`);

    // "Show more" by keyboard: focus it, press Enter.
    const more = page.getByRole("button", { name: tr(lang, "home.showMore"), exact: true });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await rowTitles()).length).toBe(eligible);
    await more.waitFor({ state: "detached" });
    const shown = await rowTitles();
    expect(new Set(shown).size).toBe(eligible);
    expect([...shown].sort()).toEqual([...titles].sort());
    await page
      .getByText(tr(lang, "home.listSummary", { count: eligible }), { exact: true })
      .waitFor();
    await screenshot(page, `home-list-all-${viewport}-${lang}`);

    // Review the first memo by keyboard: "reviewed today" at once, focus on the next row, and
    // the memo moves down (its score fell by the folder's review value) while the others rise.
    const [first, second] = shown as [string, string];
    const reviewButton = (title: string) =>
      list.getByRole("button", { name: tr(lang, "home.reviewButtonLabel", { title }) });
    await reviewButton(first).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => reviewButton(second).evaluate((node) => node === document.activeElement))
      .toBe(true);
    const firstRow = list.getByRole("listitem").filter({ hasText: first });
    await firstRow.getByText(tr(lang, "home.reviewedToday"), { exact: true }).waitFor();
    await expect.poll(async () => (await rowTitles()).at(-1)).toBe(first);
    expect((await rowTitles())[0]).toBe(second);
    expect(await reviewButton(second).evaluate((node) => node === document.activeElement)).toBe(
      true,
    );
    await page.waitForTimeout(400); // the slide
    expect(await reviewButton(second).isVisible()).toBe(true);
    await screenshot(page, `home-list-reviewed-${viewport}-${lang}`);
    const online = await rowTitles();

    // Offline: the device's list counts the same and shows the same memos in the same order.
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.goto("/home");
    await page
      .getByText(tr(lang, "home.listSummary", { count: eligible }), { exact: true })
      .waitFor();
    await expect.poll(async () => (await rowTitles()).length).toBe(30);
    await more.click();
    await expect.poll(async () => (await rowTitles()).length).toBe(eligible);
    expect(await rowTitles()).toEqual(online);
    await context.setOffline(false);
    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
