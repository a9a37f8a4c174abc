import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type TestPage, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { pendingChanges, waitForOfflineReady, waitForOutboxEmpty } from "./helpers/sync.js";

// Issue 4's journeys: offline changes survive a reload and reach the server exactly once; two
// devices' offline reviews add up and concurrent edits keep both texts; a server killed while
// the outbox is sending loses and doubles nothing; and the phone layout, offline. Set-up (the
// account, folders, starting memos) goes through the API; every change under test is made in
// the UI, and the server's state is read back through the API.

const PASSWORD = "offline-journey-password-1";

interface ServerMemo {
  id: string;
  title: string;
  contents: string;
  reviewCount: number;
  completedCount: number;
  conflictOf: string | null;
}

/** Waits until sheets and alerts finished sliding or fading in, for a screenshot. */
function settled(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

describe("offline-first", () => {
  const stack = useMnemoStack();

  async function signedInPage(viewport: Viewport, lang: Lang, email: string): Promise<TestPage> {
    const testPage = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    await createVerifiedUser(testPage.context, stack.server.url, stack.mailbox, {
      email,
      password: PASSWORD,
      name: "Offline",
      lang,
    });
    return testPage;
  }

  /** A second device of the same user: its own browser context, signed in through the API. */
  async function secondDevice(lang: Lang, email: string): Promise<TestPage> {
    const testPage = await newPage(stack.browser, {
      viewport: "desktop",
      lang,
      baseURL: stack.server.url,
    });
    await apiSend(testPage.context, stack.server.url, "POST", "/api/auth/sign-in/email", {
      email,
      password: PASSWORD,
    });
    return testPage;
  }

  async function createFolder(context: BrowserContext, title: string): Promise<string> {
    const body = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
      title,
      enableCompletionFeature: true,
      showReviewCount: true,
    })) as { folder: { id: string } };
    return body.folder.id;
  }

  /** Every memo of a folder as the server lists it (no contents). */
  async function serverMemos(context: BrowserContext, folderId: string): Promise<ServerMemo[]> {
    const response = await context.request.get(
      `${stack.server.url}/api/folders/${folderId}/memos?limit=100`,
    );
    expect(response.status()).toBe(200);
    return ((await response.json()) as { memos: ServerMemo[] }).memos;
  }

  async function serverMemo(context: BrowserContext, memoId: string) {
    const response = await context.request.get(`${stack.server.url}/api/memos/${memoId}`);
    return {
      status: response.status(),
      memo: response.ok() ? ((await response.json()) as { memo: ServerMemo }).memo : null,
    };
  }

  const button = (page: Page, lang: Lang, key: string, title: string) =>
    page.getByRole("button", { name: tr(lang, key, { title }), exact: true });

  const memoLink = (page: Page, title: string) =>
    page.getByRole("link", { name: title, exact: true });

  /** Opens the memo modal of a row's edit button and saves a new title. */
  async function editTitle(page: Page, lang: Lang, from: string, to: string) {
    await button(page, lang, "memos.actions.edit", from).click();
    const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.updateTitle") });
    const title = modal.getByLabel(tr(lang, "memos.form.title"), { exact: true });
    await title.waitFor();
    await title.fill(to);
    await modal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
    await modal.waitFor({ state: "detached" });
  }

  /** The offline line of the sync status with `count` changes waiting. */
  const offlineLine = (page: Page, lang: Lang, count: number) =>
    page.getByText(tr(lang, "offline.offlineWaiting", { count }), { exact: true });

  it("1. offline changes survive a reload and reach the server exactly once", async () => {
    const lang: Lang = "en";
    const { page, context, problems } = await signedInPage("desktop", lang, "one@example.com");
    const folderId = await createFolder(context, "Offline folder");
    const ids: Record<string, string> = {};
    for (const title of [
      "Edit me",
      "Review B",
      "Review C",
      "Review D",
      "Complete me",
      "Delete me",
    ]) {
      ids[title] = (
        await createMemo(context, stack.server.url, { title, contents: "<p>x</p>", folderId })
      ).id;
    }

    await page.goto(`/private-memos/${folderId}`);
    await memoLink(page, "Delete me").waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);

    // Create one memo.
    await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
    const addModal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
    await addModal
      .getByLabel(tr(lang, "memos.form.title"), { exact: true })
      .fill("Written offline");
    const editor = addModal.getByRole("textbox", {
      name: tr(lang, "memos.form.contents"),
      exact: true,
    });
    await editor.click();
    await editor.pressSequentially("made without a network");
    await addModal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
    await addModal.waitFor({ state: "detached" });
    await memoLink(page, "Written offline").waitFor();

    // Edit another, review three, complete one, delete one.
    await editTitle(page, lang, "Edit me", "Edited offline");
    await memoLink(page, "Edited offline").waitFor();
    for (const title of ["Review B", "Review C", "Review D"]) {
      await button(page, lang, "memos.actions.review", title).click();
    }
    await button(page, lang, "memos.actions.complete", "Complete me").click();
    await button(page, lang, "memos.actions.delete", "Delete me").click();
    const confirm = page.getByRole("alertdialog", { name: tr(lang, "memos.delete.title") });
    await confirm.getByRole("button", { name: tr(lang, "common.delete"), exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await memoLink(page, "Delete me").waitFor({ state: "detached" });

    // Seven changes wait, shown to the user; the server has none of them yet.
    await offlineLine(page, lang, 7).waitFor();
    expect(await pendingChanges(page)).toBe(7);
    await screenshot(page, "offline-1-waiting-desktop-en");

    // A reload while offline: the service worker serves the app, the cache its data.
    await page.reload();
    await memoLink(page, "Written offline").waitFor();
    await memoLink(page, "Edited offline").waitFor();
    expect(await memoLink(page, "Delete me").count()).toBe(0);
    expect(await memoLink(page, "Edit me").count()).toBe(0);
    await offlineLine(page, lang, 7).waitFor();
    const completed = button(page, lang, "memos.actions.complete", "Complete me");
    expect(await completed.getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "offline-1-after-reload-desktop-en");

    // Online again: everything reaches the server, once.
    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    const memos = await serverMemos(context, folderId);
    expect(memos.filter((memo) => memo.title === "Written offline")).toHaveLength(1);
    const byId = new Map(memos.map((memo) => [memo.id, memo]));
    expect(byId.get(ids["Edit me"] ?? "")?.title).toBe("Edited offline");
    for (const title of ["Review B", "Review C", "Review D"]) {
      expect(byId.get(ids[title] ?? "")?.reviewCount).toBe(1);
    }
    expect(byId.get(ids["Complete me"] ?? "")?.completedCount).toBe(1);
    expect((await serverMemo(context, ids["Delete me"] ?? "")).status).toBe(404);
    expect(memos).toHaveLength(6);
    const created = memos.find((memo) => memo.title === "Written offline");
    expect((await serverMemo(context, created?.id ?? "")).memo?.contents).toContain(
      "made without a network",
    );
    await page.getByText(tr(lang, "offline.offlineWaiting", { count: 7 })).waitFor({
      state: "detached",
    });
    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });

  it("a change the server refuses is shown with its translated error, and its text is kept", async () => {
    const lang: Lang = "ko";
    const { page, context } = await signedInPage("desktop", lang, "refused@example.com");
    const folderId = await createFolder(context, "곧 지워질 폴더");
    await createMemo(context, stack.server.url, {
      title: "있던 메모",
      contents: "<p>x</p>",
      folderId,
    });
    await page.goto(`/private-memos/${folderId}`);
    await memoLink(page, "있던 메모").waitFor();
    await waitForOfflineReady(page);

    // Offline, a memo is written into the folder; meanwhile another device deletes the folder.
    await context.setOffline(true);
    await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
    const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
    await modal
      .getByLabel(tr(lang, "memos.form.title"), { exact: true })
      .fill("지워진 폴더의 메모");
    const editor = modal.getByRole("textbox", {
      name: tr(lang, "memos.form.contents"),
      exact: true,
    });
    await editor.click();
    await editor.pressSequentially("잃어버리면 안 되는 글");
    await modal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
    await modal.waitFor({ state: "detached" });
    await offlineLine(page, lang, 1).waitFor();
    const other = await secondDevice(lang, "refused@example.com");
    await apiSend(other.context, stack.server.url, "DELETE", `/api/folders/${folderId}`);

    // Online: the server refuses the memo (its folder is gone); the user is told why.
    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    const notice = page.getByText(tr(lang, "offline.rejected", { count: 1 }));
    await notice.waitFor();
    await page.getByRole("button", { name: tr(lang, "offline.showRejected"), exact: true }).click();
    const sheet = page.getByRole("dialog", { name: tr(lang, "offline.rejectedTitle") });
    await sheet.getByText(tr(lang, "errors.FOLDER_NOT_FOUND"), { exact: true }).waitFor();
    await sheet.getByText(`${tr(lang, "offline.op.memo.create")} · 지워진 폴더의 메모`).waitFor();
    await screenshot(page, "offline-refused-desktop-ko");

    // Nothing is lost: the text is saved as a new memo in the root folder.
    await sheet.getByRole("button", { name: tr(lang, "offline.saveAsNew"), exact: true }).click();
    await sheet.getByText(tr(lang, "offline.rejectedNone")).waitFor();
    await waitForOutboxEmpty(page);
    const rootMemos = await serverMemos(context, "root");
    const saved = rootMemos.find((memo) => memo.title === "지워진 폴더의 메모");
    expect(saved).toBeDefined();
    expect((await serverMemo(context, saved?.id ?? "")).memo?.contents).toContain(
      "잃어버리면 안 되는 글",
    );
    await other.context.close();
  });

  it("2. two devices offline: reviews add up and both edited texts are kept", async () => {
    const lang: Lang = "en";
    const email = "two@example.com";
    const first = await signedInPage("desktop", lang, email);
    const second = await secondDevice(lang, email);
    const folderId = await createFolder(first.context, "Shared between devices");
    const { id: memoId } = await createMemo(first.context, stack.server.url, {
      title: "Both edit me",
      contents: "<p>start</p>",
      folderId,
    });
    const before = (await serverMemo(first.context, memoId)).memo;

    for (const device of [first, second]) {
      await device.page.goto(`/private-memos/${folderId}`);
      await memoLink(device.page, "Both edit me").waitFor();
      await waitForOfflineReady(device.page);
      await device.context.setOffline(true);
    }
    for (const [device, title] of [
      [first, "Edited on the first device"],
      [second, "Edited on the second device"],
    ] as const) {
      await button(device.page, lang, "memos.actions.review", "Both edit me").click();
      await button(device.page, lang, "memos.actions.review", "Both edit me").click();
      await editTitle(device.page, lang, "Both edit me", title);
      await offlineLine(device.page, lang, 3).waitFor();
    }

    await first.context.setOffline(false);
    await waitForOutboxEmpty(first.page);
    await second.context.setOffline(false);
    await waitForOutboxEmpty(second.page);

    const after = (await serverMemo(first.context, memoId)).memo;
    expect(after?.reviewCount).toBe((before?.reviewCount ?? 0) + 4);
    // The later edit by server order wins; the earlier one is kept as a conflict copy.
    expect(after?.title).toBe("Edited on the second device");
    const memos = await serverMemos(first.context, folderId);
    const copies = memos.filter((memo) => memo.conflictOf === memoId);
    expect(copies.map((memo) => memo.title)).toEqual(["Edited on the first device"]);
    expect(memos).toHaveLength(2);

    // Both devices show both texts once they pulled; the copy is marked.
    for (const device of [first, second]) {
      await device.page.reload();
      await memoLink(device.page, "Edited on the second device").waitFor();
      await memoLink(device.page, "Edited on the first device").waitFor();
      await device.page
        .getByText(tr(lang, "offline.conflictCopy"), { exact: true })
        .first()
        .waitFor();
    }
    await screenshot(first.page, "offline-2-conflict-copy-desktop-en");
  });

  it("3. a server killed while the outbox is sending loses and doubles nothing", async () => {
    const lang: Lang = "en";
    const { page, context } = await signedInPage("desktop", lang, "three@example.com");
    const folderId = await createFolder(context, "Crash folder");
    const { id: memoId } = await createMemo(context, stack.server.url, {
      title: "Reviewed many times",
      contents: "<p>x</p>",
      folderId,
    });
    await page.goto(`/private-memos/${folderId}`);
    await memoLink(page, "Reviewed many times").waitFor();
    await waitForOfflineReady(page);

    // More than one batch (the outbox sends up to 100 changes per request).
    const reviews = 120;
    await context.setOffline(true);
    const review = button(page, lang, "memos.actions.review", "Reviewed many times");
    for (let index = 0; index < reviews; index += 1) await review.click();
    await offlineLine(page, lang, reviews).waitFor();

    // Back online; kill the server as soon as the first batch was answered, while the rest is
    // being sent.
    let answered = 0;
    page.on("response", (response) => {
      if (response.url().includes("/api/sync/ops")) answered += 1;
    });
    await context.setOffline(false);
    await expect.poll(() => answered, { timeout: 30_000, interval: 1 }).toBeGreaterThan(0);
    await stack.server.kill();
    const leftWhenKilled = await pendingChanges(page);
    expect(leftWhenKilled).toBeGreaterThan(0);
    await stack.server.restart();

    await waitForOutboxEmpty(page);
    const memo = (await serverMemo(context, memoId)).memo;
    expect(memo?.reviewCount).toBe(reviews);
    // The reviews, one row each, whatever was retried.
    const detail = (await (
      await context.request.get(`${stack.server.url}/api/memos/${memoId}`)
    ).json()) as { memo: { reviewedDates: number[] } };
    expect(detail.memo.reviewedDates).toHaveLength(reviews);
  });

  it("5. phone 390×844: slide-out menu, home, folder, memo modal and the offline state", async () => {
    const lang: Lang = "ko";
    const { page, context } = await signedInPage("phone", lang, "phone@example.com");
    const folderId = await createFolder(context, "휴대폰 폴더");
    for (const title of ["사과는 apple", "바나나는 banana"]) {
      await createMemo(context, stack.server.url, { title, contents: "<p>과일</p>", folderId });
    }
    await page.goto("/home");
    await page.getByText("사과는 apple", { exact: true }).waitFor();
    await waitForOfflineReady(page);
    await screenshot(page, "offline-5-home-phone-ko");

    await page
      .getByRole("button", { name: tr(lang, "shell.openMenu") })
      .first()
      .click();
    const navigation = page.getByRole("navigation", { name: tr(lang, "shell.navigation") });
    await navigation
      .getByRole("link", { name: tr(lang, "nav.manageFolders"), exact: true })
      .click();
    await page.getByRole("link", { name: "휴대폰 폴더" }).first().click();
    await memoLink(page, "바나나는 banana").waitFor();
    await screenshot(page, "offline-5-folder-phone-ko");

    await context.setOffline(true);
    await button(page, lang, "memos.actions.review", "사과는 apple").click();
    await offlineLine(page, lang, 1).waitFor();
    await screenshot(page, "offline-5-offline-phone-ko");

    await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
    const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
    await modal.getByLabel(tr(lang, "memos.form.title"), { exact: true }).fill("오프라인 메모");
    // The editor's code comes from the service worker's cache while offline.
    await modal
      .getByRole("textbox", { name: tr(lang, "memos.form.contents"), exact: true })
      .waitFor();
    await settled(page);
    await screenshot(page, "offline-5-memo-modal-phone-ko");
    await modal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
    await modal.waitFor({ state: "detached" });
    await offlineLine(page, lang, 2).waitFor();

    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    const titles = (await serverMemos(context, folderId)).map((memo) => memo.title).sort();
    expect(titles).toEqual(["바나나는 banana", "사과는 apple", "오프라인 메모"].sort());
  });
});
