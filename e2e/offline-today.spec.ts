import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { pendingChanges, waitForCacheReady, waitForOfflineReady } from "./helpers/sync.js";

// Issue 12 › Gaps seen offline and at start: offline, the calendar and today are computed from
// the device's cache by the server's rule (they said "0 created" and showed an error card), and
// the scratch note shows its kept text with one offline message (it showed two errors).

const PASSWORD = "offline-today-password-1";

describe("offline today, calendar and scratch note", () => {
  const stack = useMnemoStack();

  async function signedIn(viewport: Viewport, lang: Lang, email: string) {
    const testPage = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    await createVerifiedUser(testPage.context, stack.server.url, stack.mailbox, {
      email,
      password: PASSWORD,
      name: "Offline",
      lang,
    });
    return testPage;
  }

  const layouts: Array<[Viewport, Lang]> = [
    ["desktop", "ko"],
    ["phone", "en"],
  ];

  it.each(layouts)(
    "counts today's and the month's memos from the cache offline (%s, %s)",
    async (viewport, lang) => {
      const { page, context, problems } = await signedIn(
        viewport,
        lang,
        `today-${viewport}@example.com`,
      );
      const ids: string[] = [];
      for (let index = 1; index <= 7; index += 1) {
        const memo = await createMemo(context, stack.server.url, {
          title: `오늘의 메모 ${index}`,
          contents: "<p>한국어 본문</p>",
        });
        ids.push(memo.id);
      }
      // One review on the server before going offline.
      await apiSend(context, stack.server.url, "POST", `/api/memos/${ids[0]}/reviews`, {
        opId: `offline-today-review-${viewport}`,
      });

      await page.goto("/today");
      const stat = (tone: string) => page.locator(`.today-stat-${tone} .today-stat-value`);
      await expect.poll(() => stat("created").textContent(), { timeout: 15_000 }).toBe("7");
      await expect.poll(() => stat("reviewed").textContent(), { timeout: 15_000 }).toBe("1");
      await waitForOfflineReady(page);
      await waitForCacheReady(page);

      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => stat("created").textContent(), { timeout: 15_000 }).toBe("7");
      await expect.poll(() => stat("reviewed").textContent(), { timeout: 15_000 }).toBe("1");
      expect(await page.getByText(tr(lang, "home.loadFailed")).count()).toBe(0);

      // A review made offline counts at once, from the outbox.
      await page.goto("/private-memos/root");
      await page
        .getByRole("button", { name: tr(lang, "memos.actions.review", { title: "오늘의 메모 2" }) })
        .click();
      // The press is written to the device's outbox asynchronously: navigating before it lands
      // can drop it (CI failed once that way on the phone layout).
      await expect.poll(() => pendingChanges(page), { timeout: 15_000 }).toBe(1);
      await page.goto("/today");
      await expect.poll(() => stat("reviewed").textContent(), { timeout: 15_000 }).toBe("2");
      await expect.poll(() => stat("created").textContent(), { timeout: 15_000 }).toBe("7");
      await screenshot(page, `offline-today-${viewport}-${lang}`);

      await page.goto("/private-calendar");
      await page
        .getByText(
          tr(lang, "calendar.monthSummary", { created: "7", reviewed: "2", completed: "0" }),
          { exact: true },
        )
        .waitFor();
      await screenshot(page, `offline-calendar-${viewport}-${lang}`);
      await context.setOffline(false);
      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
  );

  it.each(layouts)(
    "shows the kept scratch note and one offline message (%s, %s)",
    async (viewport, lang) => {
      const { page, context } = await signedIn(viewport, lang, `scratch-${viewport}@example.com`);
      await apiSend(context, stack.server.url, "PUT", "/api/text", {
        contents: "<p>Buy milk · 우유 사기</p>",
      });
      await page.goto("/text-editor");
      await page.getByText("Buy milk · 우유 사기").waitFor();
      await waitForOfflineReady(page);
      await waitForCacheReady(page);

      await context.setOffline(true);
      await page.reload();
      await page.getByText("Buy milk · 우유 사기").waitFor();
      await page.getByText(tr(lang, "text.offlineNotice"), { exact: true }).waitFor();
      // One message: no error dialog, no load-failed card, no edit button that cannot save.
      await page.waitForTimeout(500);
      expect(await page.getByRole("alertdialog").count()).toBe(0);
      expect(await page.getByText(tr(lang, "text.loadFailed")).count()).toBe(0);
      expect(await page.getByRole("link", { name: tr(lang, "text.editNote") }).count()).toBe(0);
      await screenshot(page, `offline-scratch-note-${viewport}-${lang}`);
      await context.setOffline(false);
    },
  );
});
