import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOutboxEmpty } from "./helpers/sync.js";

// Issue 12 §1 "Undo" (PRODUCT.md › Undo): a review from the home list, a priority change, a
// completion and a move each offer Undo for 5 s; the Undo button (or Ctrl+Z on desktop) queues
// the inverse change, and the server, read over HTTP once the outbox is empty, is as before.
// Set-up goes through the API; what is tested goes through the UI.

const PASSWORD = "undo-journey-password-1";

interface ServerMemo {
  reviewCount: number;
  completedCount: number;
  priority: number;
  folderId: string;
}

describe("Undo after a change (issue 12 §1)", () => {
  const stack = useMnemoStack();

  async function serverMemo(context: BrowserContext, memoId: string): Promise<ServerMemo> {
    const response = await context.request.get(`${stack.server.url}/api/memos/${memoId}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { memo: ServerMemo }).memo;
  }

  /** The Undo button of the toast that says `message`. */
  function undoButton(page: Page, lang: Lang, message: string) {
    return page
      .getByRole("status")
      .filter({ hasText: message })
      .getByRole("button", { name: tr(lang, "common.undo"), exact: true });
  }

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])(
    "takes back a review, a priority change, a completion and a move (%s, %s)",
    async (viewport, lang) => {
      const { page, context, problems } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      await createVerifiedUser(context, stack.server.url, stack.mailbox, {
        email: `undo-${viewport}-${lang}@example.com`,
        password: PASSWORD,
        name: "Undo",
        lang,
      });
      const w =
        lang === "ko"
          ? { from: "처음 폴더", to: "옮길 폴더", title: "되돌릴 메모" }
          : { from: "First folder", to: "Other folder", title: "Memo to undo" };
      const folderOf = async (title: string) =>
        (
          (await apiSend(context, stack.server.url, "POST", "/api/folders", {
            title,
            enableCompletionFeature: true,
          })) as { folder: { id: string } }
        ).folder.id;
      const fromId = await folderOf(w.from);
      const toId = await folderOf(w.to);
      const { id: memoId } = await createMemo(context, stack.server.url, {
        title: w.title,
        contents: `<p>${w.title}</p>`,
        folderId: fromId,
      });

      // 1. A review from the home list; once the server has it, Undo takes it back there too.
      await page.goto("/home");
      const list = page.getByRole("list", { name: tr(lang, "home.listTitle"), exact: true });
      await list
        .getByRole("button", { name: tr(lang, "home.reviewButtonLabel", { title: w.title }) })
        .click();
      const reviewed = undoButton(page, lang, tr(lang, "memos.undo.reviewed"));
      await reviewed.waitFor();
      await waitForOutboxEmpty(page, 4_000);
      expect((await serverMemo(context, memoId)).reviewCount).toBe(1);
      await screenshot(page, `undo-review-toast-${viewport}-${lang}`);
      await reviewed.click();
      await reviewed.waitFor({ state: "detached" });
      await list
        .getByText(tr(lang, "home.reviewedToday"), { exact: true })
        .waitFor({ state: "detached" });
      await waitForOutboxEmpty(page);
      expect((await serverMemo(context, memoId)).reviewCount).toBe(0);

      // 2. Two steps of priority are one streak: Ctrl+Z (desktop) or Undo (phone) goes back to 0.
      await page.goto(`/private-memos/${fromId}`);
      const stepper = page.getByRole("group", {
        name: tr(lang, "memos.actions.priorityGroup", { title: w.title }),
      });
      const raise = (value: number) =>
        stepper.getByRole("button", {
          name: tr(lang, "memos.actions.priorityUp", { title: w.title, value }),
        });
      await raise(0).click();
      await raise(1).click();
      const priorityUndo = undoButton(page, lang, tr(lang, "memos.undo.priority", { value: 2 }));
      await priorityUndo.waitFor();
      await waitForOutboxEmpty(page);
      expect((await serverMemo(context, memoId)).priority).toBe(2);
      if (viewport === "desktop") await page.keyboard.press("Control+z");
      else await priorityUndo.click();
      await priorityUndo.waitFor({ state: "detached" });
      await raise(0).waitFor();
      await waitForOutboxEmpty(page);
      expect((await serverMemo(context, memoId)).priority).toBe(0);

      // 3. A completion, sent, then taken back by its opId.
      const check = page.getByRole("button", {
        name: tr(lang, "memos.actions.complete", { title: w.title }),
      });
      await check.click();
      const completed = undoButton(page, lang, tr(lang, "memos.undo.completed"));
      await completed.waitFor();
      await waitForOutboxEmpty(page, 4_000);
      expect((await serverMemo(context, memoId)).completedCount).toBe(1);
      await completed.click();
      await expect.poll(() => check.getAttribute("aria-pressed")).toBe("false");
      await waitForOutboxEmpty(page);
      expect((await serverMemo(context, memoId)).completedCount).toBe(0);

      // 4. A move: Undo brings the memo back to its folder.
      await page
        .getByRole("button", { name: tr(lang, "memos.actions.move", { title: w.title }) })
        .click();
      const moveDialog = page.getByRole("dialog", { name: tr(lang, "memos.move.title") });
      await moveDialog.getByRole("button", { name: w.to, exact: true }).click();
      await moveDialog.waitFor({ state: "detached" });
      const moved = undoButton(page, lang, tr(lang, "memos.undo.moved", { folder: w.to }));
      await moved.waitFor();
      await screenshot(page, `undo-move-toast-${viewport}-${lang}`);
      await waitForOutboxEmpty(page, 4_000);
      expect((await serverMemo(context, memoId)).folderId).toBe(toId);
      await moved.click();
      await page.getByRole("link", { name: w.title, exact: true }).waitFor();
      await waitForOutboxEmpty(page);
      expect((await serverMemo(context, memoId)).folderId).toBe(fromId);

      // 5. In the review session Ctrl+Z belongs to the session: an Undo toast from before stays.
      if (viewport === "desktop") {
        await raise(0).click();
        const raised = undoButton(page, lang, tr(lang, "memos.undo.priority", { value: 1 }));
        await raised.waitFor();
        await page.getByRole("link", { name: tr(lang, "review.startFolder"), exact: true }).click();
        await page.locator("#review-card-title").getByText(w.title).waitFor();
        expect(await raised.isVisible()).toBe(true);
        await page.keyboard.press("Control+z");
        expect(await raised.isVisible()).toBe(true);
        await waitForOutboxEmpty(page);
        expect((await serverMemo(context, memoId)).priority).toBe(1);
      }

      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
  );
});
