import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOfflineReady, waitForOutboxEmpty } from "./helpers/sync.js";
import { openFromMenu } from "./helpers/ui.js";

// Issue #10's journey: tag a memo with chips in the memo form, find memos by a Korean word with
// its particle and by an English word, filter by a tag from the navigation, and search offline
// with the same results as the server's. Set-up memos go through the API; the tagging and every
// search go through the UI.

const PASSWORD = "search-journey-password-1";

/** The memos every run starts with; `tagged` is the one the journey tags in the form. */
const MEMOS = [
  {
    key: "tagged",
    title: "한국어 문법 정리",
    contents: "<p>오늘은 <b>한국어를</b> 공부했다. 조사는 어렵다.</p>",
  },
  { key: "english", title: "Spaced repetition", contents: "<p>Memory fades without review.</p>" },
  { key: "mixed", title: "단어장 vocabulary", contents: "<p>한국어 단어와 memory palace</p>" },
  { key: "noise", title: "장보기", contents: "<p>우유, 계란, 빵</p>" },
] as const;

describe("search and tags (issue #10)", () => {
  const stack = useMnemoStack();

  async function setUp(context: BrowserContext, lang: Lang, email: string) {
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email,
      password: PASSWORD,
      name: "Search",
      lang,
    });
    const { folder } = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
      title: lang === "ko" ? "공부" : "Study",
      enableCompletionFeature: true,
    })) as { folder: { id: string } };
    const ids: Record<string, string> = {};
    for (const memo of MEMOS) {
      ids[memo.key] = (
        await createMemo(context, stack.server.url, { ...memo, folderId: folder.id })
      ).id;
    }
    return { folderId: folder.id, ids };
  }

  /** The titles of the search results on screen, once they show what `expected` says. */
  async function resultTitles(page: Page, lang: Lang, expected: readonly string[]) {
    const list = page.getByRole("list", { name: tr(lang, "search.results"), exact: true });
    const titles = () => list.locator(".memos-row-title").allTextContents() as Promise<string[]>;
    await expect
      .poll(async () => (await titles()).sort(), { timeout: 10_000 })
      .toEqual([...expected].sort());
    return titles();
  }

  /** Types a query into the search field the layout shows, as a user does. */
  async function search(page: Page, viewport: Viewport, lang: Lang, query: string) {
    const field = page.getByRole("searchbox", { name: tr(lang, "search.field"), exact: true });
    if (viewport === "desktop") {
      // `/` focuses the top bar's field from anywhere (outside a text field).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("/");
      await expect.poll(() => field.evaluate((node) => node === document.activeElement)).toBe(true);
      await page.keyboard.press("Control+A");
      await page.keyboard.type(query);
    } else if (new URL(page.url()).pathname === "/search") {
      await field.fill(query);
    } else {
      // The phone's menu holds the field; Enter opens the search screen.
      await page
        .getByRole("button", { name: tr(lang, "shell.openMenu") })
        .first()
        .click();
      await field.fill(query);
      await field.press("Enter");
    }
    await page.waitForURL((url) => url.pathname === "/search");
  }

  /** The server's answer to a search, ids in its order. */
  async function serverSearch(context: BrowserContext, query: string, tag?: string) {
    const params = new URLSearchParams({ q: query, ...(tag && { tag }) });
    const response = await context.request.get(`${stack.server.url}/api/search?${params}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { results: { id: string; title: string }[] }).results.map(
      (result) => result.title,
    );
  }

  it.each<[Viewport, Lang]>([
    ["desktop", "en"],
    ["phone", "ko"],
  ])("tags, finds and filters memos, online and offline (%s, %s)", async (viewport, lang) => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    const { folderId } = await setUp(context, lang, `search-${viewport}-${lang}@example.com`);

    // Tag a memo with chips: Enter adds, a comma adds, Backspace removes the last one.
    await page.goto(`/private-memos/${folderId}`);
    await page.getByRole("link", { name: "한국어 문법 정리", exact: true }).waitFor();
    await page
      .getByRole("button", { name: tr(lang, "memos.actions.edit", { title: "한국어 문법 정리" }) })
      .click();
    const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.updateTitle") });
    const tagField = modal.getByRole("combobox", { name: tr(lang, "memos.tags.label") });
    await tagField.click();
    await tagField.pressSequentially("#Grammar");
    await tagField.press("Enter");
    await tagField.pressSequentially("문법,oops");
    await tagField.press("Enter");
    const chips = modal.getByRole("list", { name: tr(lang, "memos.tags.label"), exact: true });
    await expect
      .poll(() => chips.getByRole("listitem").allTextContents())
      .toEqual(["#Grammar", "#문법", "#oops"]);
    await tagField.press("Backspace");
    // A tag that differs only in case is the same tag.
    await tagField.pressSequentially("grammar,");
    await expect
      .poll(() => chips.getByRole("listitem").allTextContents())
      .toEqual(["#Grammar", "#문법"]);
    await screenshot(page, `search-tag-chips-${viewport}-${lang}`);
    await modal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
    await modal.waitFor({ state: "detached" });
    const rowTags = page.getByRole("list", {
      name: tr(lang, "memos.tags.list", { title: "한국어 문법 정리" }),
    });
    await expect
      .poll(() => rowTags.getByRole("link").allTextContents())
      .toEqual(["#Grammar", "#문법"]);
    await waitForOutboxEmpty(page);

    // A Korean word with its particle, then an English word.
    await search(page, viewport, lang, "한국어를");
    await resultTitles(page, lang, ["한국어 문법 정리"]);
    const mark = page.locator(".memos-row-snippet mark").first();
    expect(await mark.textContent()).toBe("한국어를");
    await screenshot(page, `search-korean-${viewport}-${lang}`);
    await search(page, viewport, lang, "memory");
    await resultTitles(page, lang, ["Spaced repetition", "단어장 vocabulary"]);
    await search(page, viewport, lang, "한국어");
    const online = await resultTitles(page, lang, ["한국어 문법 정리", "단어장 vocabulary"]);
    // The title hit ranks first (issue #10 › Ranking).
    expect(online[0]).toBe("한국어 문법 정리");

    // The row actions of a folder list work on a result.
    await page
      .getByRole("button", {
        name: tr(lang, "memos.actions.review", { title: "단어장 vocabulary" }),
      })
      .click();
    await waitForOutboxEmpty(page);

    // A tag in the navigation opens the search with that tag.
    await openFromMenu(
      page,
      viewport,
      lang,
      tr(lang, "nav.tagCount", { tag: "Grammar", count: 1 }),
    );
    await page.waitForURL((url) => url.searchParams.get("tag") === "Grammar");
    await resultTitles(page, lang, ["한국어 문법 정리"]);
    await screenshot(page, `search-tag-${viewport}-${lang}`);
    // Typing keeps the tag filter until its chip is pressed.
    await page
      .getByRole("button", { name: tr(lang, "search.removeTagFilter", { tag: "Grammar" }) })
      .click();
    await page.waitForURL((url) => url.pathname === "/search" && !url.searchParams.has("tag"));

    // No result, in the UI's language.
    await search(page, viewport, lang, "없는단어");
    await page.getByText(tr(lang, "search.noResultsTitle"), { exact: true }).waitFor();

    // The server answers the same as the device.
    const queries = ["한국어를", "memory", "한국어", "#문법", "한국어 -memory", "어"];
    const serverAnswers: Record<string, string[]> = {};
    for (const query of queries) serverAnswers[query] = await serverSearch(context, query);
    expect(serverAnswers.한국어).toEqual(online);

    // Offline: the device's index gives the same results, in the same order.
    await waitForOfflineReady(page);
    await context.setOffline(true);
    for (const query of queries) {
      await search(page, viewport, lang, query);
      if ((serverAnswers[query] ?? []).length === 0) {
        await page.getByText(tr(lang, "search.noResultsTitle"), { exact: true }).waitFor();
        continue;
      }
      const titles = await resultTitles(page, lang, serverAnswers[query] ?? []);
      expect(titles).toEqual(serverAnswers[query]);
    }
    await page.getByText(tr(lang, "search.offline"), { exact: true }).waitFor();
    await screenshot(page, `search-offline-${viewport}-${lang}`);
    await context.setOffline(false);

    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });

  it("keeps every keystroke of fast typing while each one searches the device's index", async () => {
    const lang = "en";
    const { page, context, problems } = await newPage(stack.browser, {
      viewport: "desktop",
      lang,
      baseURL: stack.server.url,
    });
    await setUp(context, lang, "search-fast-typing@example.com");
    await page.goto("/search");
    await waitForOfflineReady(page);
    const field = page.getByRole("searchbox", { name: tr(lang, "search.field"), exact: true });
    await field.focus();
    // Each keystroke changes the address, which reaches the field a render later: an older
    // address arriving must not put its text back over what was typed since.
    const typed = "한국어 단어와 memory palace";
    await field.pressSequentially(typed, { delay: 5 });
    expect(await field.inputValue()).toBe(typed);
    await page.waitForURL((url) => url.searchParams.get("q") === typed);
    const list = page.getByRole("list", { name: tr(lang, "search.results"), exact: true });
    await expect.poll(() => list.getAttribute("data-query")).toBe(typed);
    await resultTitles(page, lang, ["단어장 vocabulary"]);
    expect(problems).toEqual([]);
  });
});
