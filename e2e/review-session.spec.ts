import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOfflineReady, waitForOutboxEmpty } from "./helpers/sync.js";

// Issue 9's review session: an FSRS folder on home with five memos and a keyboard-only session
// from home's "Start review (N)" (Space shows the contents, digits grade, u undoes, Esc leaves)
// with each grade's interval on its button, the summary, and today's heatmap cell; then a second
// FSRS folder reviewed offline, whose reviews reach the server exactly once. Set-up goes through
// the API; the sessions go through the keyboard; the server's memos are read back.

const PASSWORD = "review-session-password-1";

interface ServerMemo {
  id: string;
  title: string;
  reviewCount: number;
  reviewedDates: number[];
  fsrs: { state: string; reps: number; lapses: number } | null;
}

interface TimedWindow {
  nextMemoMs: number[];
}

/**
 * In the page: from each grade key's press to the frame that shows the next memo's title (or the
 * summary), in ms, into `window.nextMemoMs`.
 */
function recordNextMemoTimes() {
  const timed = window as unknown as TimedWindow;
  timed.nextMemoMs = [];
  let pressedAt: number | null = null;
  const titleNow = () => document.querySelector("#review-card-title")?.textContent ?? null;
  let shown = titleNow();
  document.addEventListener(
    "keydown",
    (event) => {
      if (["1", "2", "3", "4"].includes(event.key)) pressedAt = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    const title = titleNow();
    const isNext = title !== shown || document.querySelector(".review-summary") !== null;
    shown = title;
    if (pressedAt === null || !isNext) return;
    const start = pressedAt;
    pressedAt = null;
    requestAnimationFrame(() => timed.nextMemoMs.push(performance.now() - start));
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A touch swipe across the memo card (phones: left is Again, right is Good). */
async function swipe(page: Page, direction: "left" | "right") {
  const card = page.locator(".review-card");
  const box = await card.boundingBox();
  if (!box) throw new Error("no review card to swipe");
  const y = box.y + box.height / 2;
  const [from, to] = direction === "right" ? [box.x + 40, box.x + 260] : [box.x + 260, box.x + 40];
  const touch = { pointerType: "touch", pointerId: 7, isPrimary: true, clientY: y };
  await card.dispatchEvent("pointerdown", { ...touch, clientX: from });
  await card.dispatchEvent("pointerup", { ...touch, clientX: to });
}

describe("the review session", () => {
  const stack = useMnemoStack();

  async function fsrsFolder(
    context: BrowserContext,
    title: string,
    titles: string[],
    showAtHomeReviewList: boolean,
    isFsrs: boolean,
  ) {
    const folder = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
      title,
      showAtHomeReviewList,
    })) as { folder: { id: string } };
    const folderId = folder.folder.id;
    if (isFsrs) {
      await apiSend(context, stack.server.url, "PATCH", `/api/folders/${folderId}`, {
        scheduler: "fsrs",
        desiredRetention: 0.9,
      });
    }
    const memos: { id: string; title: string }[] = [];
    for (const memoTitle of titles) {
      const memo = await createMemo(context, stack.server.url, {
        folderId,
        title: memoTitle,
        contents: `<p>${memoTitle}: <strong>answer</strong></p>`,
      });
      memos.push({ id: memo.id, title: memoTitle });
    }
    return { folderId, memos };
  }

  async function serverMemo(context: BrowserContext, memoId: string): Promise<ServerMemo> {
    const response = await context.request.get(`${stack.server.url}/api/memos/${memoId}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { memo: ServerMemo }).memo;
  }

  /** The memo title the session shows now. */
  const cardTitle = (page: Page) => page.locator("#review-card-title");
  const contents = (page: Page) => page.locator(".review-card-contents strong");
  const progress = (page: Page, lang: Lang, current: number, total: number) =>
    page.getByText(tr(lang, "review.progress", { current, total }), { exact: true });

  /** Today's heatmap cell on the stats screen, once it counts `count` reviews. */
  async function expectTodayCount(page: Page, count: number) {
    await page.goto("/stats");
    const today = page.locator('.stats-heatmap [aria-current="date"]');
    await today.waitFor();
    await expect.poll(() => today.getAttribute("data-count")).toBe(String(count));
  }

  it.each<[Viewport, Lang]>([
    ["desktop", "en"],
    ["phone", "ko"],
  ])("grades five memos by keyboard, online then offline (%s, %s)", async (viewport, lang) => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    const shot = (name: string) => screenshot(page, `review-${name}-${viewport}-${lang}`);
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email: `session-${viewport}-${lang}@example.com`,
      password: PASSWORD,
      name: "Reviewer",
      lang,
    });
    const online = await fsrsFolder(
      context,
      lang === "ko" ? "단어장" : "Vocabulary",
      lang === "ko"
        ? ["사과", "바나나", "체리", "포도", "레몬"]
        : ["Apple", "Banana", "Cherry", "Grape", "Lemon"],
      true,
      false,
    );
    const offline = await fsrsFolder(
      context,
      lang === "ko" ? "한자" : "Kanji",
      lang === "ko"
        ? ["山", "川", "木", "火", "水"]
        : ["mountain", "river", "tree", "fire", "water"],
      false,
      true,
    );

    // The folder on home becomes an FSRS folder in its settings, with 85 % desired retention.
    await page.goto(`/folder-settings?folderId=${online.folderId}`);
    await page
      .getByLabel(tr(lang, "folders.settings.scheduler"), { exact: true })
      .selectOption("fsrs");
    const retention = page.getByLabel(tr(lang, "folders.settings.desiredRetention"), {
      exact: true,
    });
    expect(await retention.inputValue()).toBe("90");
    await retention.fill("85");
    await shot("folder-settings");
    await page.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
    await page.getByText(tr(lang, "common.saved")).first().waitFor();
    await waitForOutboxEmpty(page);
    const saved = await context.request.get(`${stack.server.url}/api/folders/${online.folderId}`);
    expect((await saved.json()).folder).toMatchObject({
      scheduler: "fsrs",
      desiredRetention: 0.85,
    });

    // Esc leaves a session for where it started (here the folder's list), reviewing nothing.
    await page.goto(`/review?folderId=${offline.folderId}`);
    await cardTitle(page).waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/private-memos\//);

    // Home offers the session with its count (the five new memos of the folder on home).
    await page.goto("/home");
    const start = page.getByRole("link", { name: tr(lang, "review.start", { count: 5 }) });
    await start.waitFor();
    await shot("home");
    await start.click();
    await page.waitForURL(/\/review$/);

    // The title first; Space shows the contents and the grades with their intervals: a new
    // memo graded Good comes back in 10 minutes (FSRS-6's second learning step).
    await cardTitle(page).waitFor();
    await shot("title");
    expect(await page.locator(".review-card-contents").count()).toBe(0);
    await page.keyboard.press("Space");
    await contents(page).waitFor();
    const good = page.getByRole("button", {
      // Named by what it shows: the interval, then the grade (WCAG 2.5.3).
      name: new RegExp(
        `^${tr(lang, "review.interval.minute", { count: 10 })}\\s*${tr(lang, "review.grades.3")}$`,
      ),
    });
    await good.waitFor();
    const again = page.getByRole("button", {
      // Named by what it shows: the interval, then the grade (WCAG 2.5.3).
      name: new RegExp(
        `^${tr(lang, "review.interval.minute", { count: 1 })}\\s*${tr(lang, "review.grades.1")}$`,
      ),
    });
    await again.waitFor();
    await shot("grades");

    // Space → 3, Space → 1, u (back to the second memo, contents shown), 4, then 2, Enter, 1.
    const seen = [(await cardTitle(page).textContent()) ?? ""];
    await page.keyboard.press("3");
    await progress(page, lang, 2, 5).waitFor();
    seen.push((await cardTitle(page).textContent()) ?? "");
    await page.keyboard.press("Space");
    await contents(page).waitFor();
    await page.keyboard.press("1");
    await progress(page, lang, 3, 5).waitFor();
    await page.keyboard.press("u");
    await progress(page, lang, 2, 5).waitFor();
    expect(await cardTitle(page).textContent()).toBe(seen[1]);
    await contents(page).waitFor();
    await page.keyboard.press("4");
    for (const [index, key] of [
      [3, "2"],
      [4, "Enter"],
      [5, "1"],
    ] as const) {
      await progress(page, lang, index, 5).waitFor();
      seen.push((await cardTitle(page).textContent()) ?? "");
      await page.keyboard.press("Space");
      await contents(page).waitFor();
      await page.keyboard.press(key);
    }

    // The summary: five reviewed, one Again, the next due in a minute (the last memo's Again).
    await page.getByRole("heading", { name: tr(lang, "review.summary.title") }).waitFor();
    await shot("summary");
    const figures = await page.locator(".review-summary-figure dd").allTextContents();
    expect(figures[0]).toBe("5");
    expect(figures[2]).toBe("1");
    expect(figures[3]).toContain(tr(lang, "review.interval.minute", { count: 1 }));

    // The server has one review per memo, with its grade (the undone Again is gone).
    await waitForOutboxEmpty(page);
    const byTitle = new Map(online.memos.map((memo) => [memo.title, memo.id]));
    const states: Record<string, { state: string; reps: number }> = {};
    for (const title of seen) {
      const memo = await serverMemo(context, byTitle.get(title) ?? "");
      expect(memo.reviewCount, title).toBe(1);
      states[title] = { state: memo.fsrs?.state ?? "", reps: memo.fsrs?.reps ?? 0 };
    }
    // Easy sends a new memo straight to the review phase; the others are still learning.
    expect(states[seen[1] ?? ""]).toEqual({ state: "review", reps: 1 });
    expect(states[seen[0] ?? ""]).toEqual({ state: "learning", reps: 1 });
    await expectTodayCount(page, 5);
    await shot("stats");

    // The folder's list shows each memo's recall as a bar with its percent when the folder
    // shows sorting values, lowest recall first.
    await apiSend(context, stack.server.url, "PATCH", `/api/folders/${online.folderId}`, {
      showSortingValues: true,
    });
    await page.goto(`/private-memos/${online.folderId}?sort=retrievability`);
    await expect.poll(() => page.locator(".memos-recall").count()).toBe(5);
    await shot("recall");

    // Offline: the second folder's session from the device's cache, sent once back online.
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.goto(`/review?folderId=${offline.folderId}`);
    await cardTitle(page).waitFor();
    await page.evaluate(recordNextMemoTimes);
    for (let index = 1; index <= 5; index++) {
      await progress(page, lang, index, 5).waitFor();
      await page.keyboard.press("Space");
      await contents(page).waitFor();
      if (viewport === "phone" && index === 5) await swipe(page, "right");
      else await page.keyboard.press("3");
    }
    await page.getByRole("heading", { name: tr(lang, "review.summary.title") }).waitFor();
    await shot("summary-offline");
    // Each grade showed the next memo (or the summary) within 50 ms, offline (median).
    const times = await page.evaluate(() => (window as unknown as TimedWindow).nextMemoMs);
    console.log(
      `next memo after a grade, offline (${viewport}): ${times.map((ms) => ms.toFixed(1)).join(", ")} ms`,
    );
    expect(times).toHaveLength(viewport === "phone" ? 4 : 5);
    expect(median(times)).toBeLessThanOrEqual(50);
    // Offline statistics: the server's last answer (5 today) plus the 5 reviews not sent yet.
    await expectTodayCount(page, 10);
    await shot("stats-offline");
    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    for (const memo of offline.memos) {
      const stored = await serverMemo(context, memo.id);
      expect(stored.reviewCount, memo.title).toBe(1);
      expect(stored.fsrs?.reps, memo.title).toBe(1);
    }
    await expectTodayCount(page, 10);

    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
