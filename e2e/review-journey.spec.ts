import { describe, expect, it } from "vitest";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { waitForLink } from "./helpers/mailbox.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { openFromMenu, signInThroughUi } from "./helpers/ui.js";

// Journey 1: sign up → verify by the mailed link → sign in → a category folder → a memo with bold
// text → three reviews (count and review_count_desc order change) → complete → priority + 1 →
// home (without the completed memo) → on today's calendar day → sign out. At both sizes, in
// Korean and English.

describe("a new user's first memo, from sign-up to review", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("signs up, reviews, completes and signs out (%s, %s)", async (viewport, lang) => {
    const { page, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    const shot = (name: string) => screenshot(page, `journey-${name}-${viewport}-${lang}`);
    const email = `learner-${viewport}-${lang}@example.com`;
    const password = "correct horse 42";
    const folderTitle = lang === "ko" ? "영어 단어" : "English words";
    const olderTitle = lang === "ko" ? "첫 번째 메모" : "First memo";
    const memoTitle = lang === "ko" ? "굵은 메모" : "Bold memo";
    const boldText = lang === "ko" ? "중요한 단어" : "important word";

    // Sign up, with the verification mail's link.
    await page.goto("/signup");
    await page.getByLabel(tr(lang, "auth.fields.email")).fill(email);
    await shot("signup");
    await page.getByLabel(tr(lang, "auth.fields.password"), { exact: true }).fill(password);
    await page.getByRole("button", { name: tr(lang, "auth.signup.submit") }).click();
    const success = page.getByRole("alertdialog");
    await success.getByText(tr(lang, "auth.signup.successTitle")).waitFor();
    await success.getByRole("button", { name: tr(lang, "common.ok") }).click();
    await page.getByRole("alertdialog").getByText(tr(lang, "auth.signup.verifyTitle")).waitFor();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "common.ok") })
      .click();
    await page.waitForURL(/\/verify-email/);
    await page.getByText(tr(lang, "auth.verify.heading")).waitFor();
    await shot("verify-email");
    const link = await waitForLink(stack.mailbox, email, { link: /verify-email/ });
    await page.goto(link);
    await page.getByText(tr(lang, "auth.verify.verifiedHeading")).waitFor();

    // Sign in.
    await signInThroughUi(page, lang, email, password);
    await shot("home-empty");

    // A category folder, then its memos.
    await openFromMenu(page, viewport, lang, tr(lang, "nav.manageFolders"));
    await page.getByRole("button", { name: tr(lang, "folders.list.add"), exact: true }).click();
    const folderDialog = page.getByRole("dialog");
    await folderDialog.getByLabel(tr(lang, "folders.form.name")).fill(folderTitle);
    expect(
      await folderDialog
        .getByRole("switch", { name: tr(lang, "folders.form.isCategory") })
        .isChecked(),
    ).toBe(true);
    await folderDialog.getByRole("button", { name: tr(lang, "common.save") }).click();
    await folderDialog.waitFor({ state: "detached" });
    await shot("folders");
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(`^${folderTitle}`) })
      .first()
      .click();
    await page.waitForURL(/\/private-memos\//);
    const memosUrl = page.url();

    // Folder settings: show review counts, enable completion.
    await page.getByRole("link", { name: tr(lang, "memos.list.folderSettings") }).click();
    await page.getByRole("switch", { name: tr(lang, "folders.settings.showReviewCount") }).check();
    await page
      .getByRole("switch", { name: tr(lang, "folders.settings.enableCompletionFeature") })
      .check();
    await page.getByRole("button", { name: tr(lang, "common.save") }).click();
    await page.getByText(tr(lang, "common.saved")).first().waitFor();
    await page.goto(memosUrl);

    // Two memos: a plain one, then one with bold text typed through the toolbar.
    for (const [title, isBold] of [
      [olderTitle, false],
      [memoTitle, true],
    ] as const) {
      await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
      const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
      await modal.getByLabel(tr(lang, "memos.form.title"), { exact: true }).fill(title);
      const editor = modal.getByRole("textbox", { name: tr(lang, "memos.form.contents") });
      await editor.click();
      if (isBold) await modal.getByRole("button", { name: tr(lang, "memos.editor.bold") }).click();
      await editor.pressSequentially(isBold ? boldText : "plain text");
      if (isBold) await shot("memo-modal");
      await modal.getByRole("button", { name: tr(lang, "common.save") }).click();
      await modal.waitFor({ state: "detached" });
      await page.getByRole("link", { name: title, exact: true }).waitFor();
    }

    const rowTitles = () =>
      page
        .getByRole("list", { name: tr(lang, "memos.list.listLabel", { folder: folderTitle }) })
        .getByRole("link")
        .allTextContents();
    const sortBy = page.getByLabel(tr(lang, "memos.list.sort"), { exact: true });
    await sortBy.selectOption("review_count_desc");
    await page.waitForURL(/sort=review_count_desc/);
    const isBefore = async (first: string, second: string) => {
      const titles = await rowTitles();
      return titles.includes(first) && titles.indexOf(first) < titles.indexOf(second);
    };
    // Neither reviewed: the tie keeps the newer memo first.
    await expect.poll(() => isBefore(memoTitle, olderTitle)).toBe(true);

    // Three reviews: the count shows 3 and, reviewed today, the memo moves behind the other one.
    const review = page.getByRole("button", {
      name: tr(lang, "memos.actions.review", { title: memoTitle }),
    });
    for (let count = 1; count <= 3; count++) {
      await review.click();
      await page.getByText(tr(lang, "memos.list.reviewCount", { count })).waitFor();
    }
    await expect.poll(() => isBefore(olderTitle, memoTitle)).toBe(true);
    await shot("memos-reviewed");

    // Complete it and raise its priority.
    const complete = page.getByRole("button", {
      name: tr(lang, "memos.actions.complete", { title: memoTitle }),
    });
    await complete.click();
    await expect.poll(() => complete.getAttribute("aria-pressed")).toBe("true");
    await page
      .getByRole("button", {
        name: tr(lang, "memos.actions.priorityUp", { title: memoTitle, value: 0 }),
        exact: true,
      })
      .click();
    // The button says the value it changes (issue 12 §3): 1 now.
    await page
      .getByRole("button", {
        name: tr(lang, "memos.actions.priorityUp", { title: memoTitle, value: 1 }),
        exact: true,
      })
      .waitFor();

    // The memo's own page: bold text, 3 reviews, completed, priority 1.
    await page.getByRole("link", { name: memoTitle, exact: true }).click();
    await page.waitForURL(/view-private-memo/);
    expect(await page.locator(".rich-text strong").first().textContent()).toBe(boldText);
    await page.getByText(tr(lang, "memos.view.reviewDates", { count: 3 })).waitFor();
    await page.getByText(tr(lang, "memos.view.completedDates", { count: 1 })).waitFor();
    await shot("memo-view");

    // Home: the completed memo has left the review list (a folder with the completion feature,
    // issue 12 › The review list tells the truth); the other one is there, counted.
    await openFromMenu(page, viewport, lang, tr(lang, "nav.home"));
    await page
      .getByRole("button", { name: tr(lang, "home.reviewButtonLabel", { title: olderTitle }) })
      .waitFor();
    await page.getByText(tr(lang, "home.listSummary", { count: 1 }), { exact: true }).waitFor();
    expect(
      await page
        .getByRole("button", { name: tr(lang, "home.reviewButtonLabel", { title: memoTitle }) })
        .count(),
    ).toBe(0);
    await shot("home");

    // The calendar's today: two memos created, three reviews, one completion.
    await openFromMenu(page, viewport, lang, tr(lang, "nav.calendar"));
    const today = page.locator('[aria-current="date"]');
    await today.waitFor();
    // Its name (the full date and the counts) is read from hidden text, not an aria-label.
    await expect
      .poll(async () => (await today.locator(".visually-hidden").textContent()) ?? "")
      .toMatch(/3/);
    await today.click();
    await page.getByRole("link", { name: memoTitle }).first().waitFor();
    await shot("calendar");

    // Sign out: back to the login screen, and private pages are closed.
    await openFromMenu(page, viewport, lang, tr(lang, "shell.logout"));
    await page.waitForURL(/\/login/);
    await page.goto(memosUrl);
    await page.waitForURL(/\/login/);
    // Signing in again as the same user lands on home again.
    await signInThroughUi(page, lang, email, password);

    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
