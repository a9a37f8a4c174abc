import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOutboxEmpty } from "./helpers/sync.js";
import { openFromMenu } from "./helpers/ui.js";

// PRODUCT.md › Trash as a user meets it: a deleted memo comes back with the toast's Undo; a
// deleted memo is restored from the trash screen into its folder; a folder's delete says how many
// memos go to the trash; emptying the trash asks first. Accounts, folders and memos are set up
// through the API; the journeys go through the UI and are checked against the real server.

const cases: Array<[Viewport, Lang]> = [
  ["desktop", "ko"],
  ["phone", "en"],
];

const words: Record<Lang, { folder: string; other: string; memo: string; kept: string }> = {
  ko: { folder: "영어 단어", other: "지울 폴더", memo: "사과 apple", kept: "바나나" },
  en: { folder: "English words", other: "Folder to delete", memo: "Apple", kept: "Banana" },
};

describe("the trash", () => {
  const stack = useMnemoStack();

  async function trashOnServer(context: BrowserContext) {
    const response = await context.request.get(`${stack.server.url}/api/trash`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { items: Array<{ id: string }> }).items.map((i) => i.id);
  }

  async function folderOf(context: BrowserContext, memoId: string) {
    const response = await context.request.get(`${stack.server.url}/api/memos/${memoId}`);
    if (response.status() !== 200) return null;
    return ((await response.json()) as { memo: { folderId: string } }).memo.folderId;
  }

  async function deleteFromList(page: Page, lang: Lang, title: string) {
    await page
      .getByRole("button", { name: tr(lang, "memos.actions.delete", { title }), exact: true })
      .click();
    const confirm = page.getByRole("alertdialog", { name: tr(lang, "memos.delete.title") });
    await confirm.getByRole("button", { name: tr(lang, "common.delete"), exact: true }).click();
    await confirm.waitFor({ state: "detached" });
  }

  it.each(cases)("undo, restore, folder delete count, empty (%s, %s)", async (viewport, lang) => {
    const w = words[lang];
    const testPage = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    const { page, context } = testPage;
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email: `trash-${viewport}-${lang}@example.com`,
      password: "trash-password-1",
      name: "Mina",
      lang,
    });
    const post = (path: string, body: unknown) =>
      apiSend(context, stack.server.url, "POST", path, body);
    const folderId = (
      (await post("/api/folders", { title: w.folder })) as { folder: { id: string } }
    ).folder.id;
    const otherId = ((await post("/api/folders", { title: w.other })) as { folder: { id: string } })
      .folder.id;
    const memo = await createMemo(context, stack.server.url, {
      folderId,
      title: w.memo,
      contents: "<p>1</p>",
    });
    await createMemo(context, stack.server.url, { folderId, title: w.kept, contents: "<p>2</p>" });
    for (const title of ["a", "b"]) {
      await createMemo(context, stack.server.url, { folderId: otherId, title, contents: "" });
    }

    // 1. Delete a memo from the list, then Undo in the toast: it is back, on the server too.
    await page.goto(`/private-memos/${folderId}`);
    const memoLink = page.getByRole("link", { name: w.memo, exact: true });
    await memoLink.waitFor();
    await deleteFromList(page, lang, w.memo);
    await memoLink.waitFor({ state: "detached" });
    await page.getByText(tr(lang, "memos.delete.done")).first().waitFor();
    await page.getByRole("button", { name: tr(lang, "common.undo"), exact: true }).click();
    await memoLink.waitFor();
    await waitForOutboxEmpty(page);
    expect(await folderOf(context, memo.id)).toBe(folderId);

    // 2. Delete it again, open the trash from the menu, restore it: back in its folder.
    await deleteFromList(page, lang, w.memo);
    await memoLink.waitFor({ state: "detached" });
    await openFromMenu(page, viewport, lang, tr(lang, "nav.trash"));
    await page.waitForURL(/\/trash$/);
    const restore = page.getByRole("button", {
      name: tr(lang, "trash.restoreLabel", { title: w.memo }),
      exact: true,
    });
    await restore.waitFor();
    await screenshot(page, `trash-memo-${viewport}-${lang}`);
    await restore.click();
    await restore.waitFor({ state: "detached" });
    // Back in the app (no reload): the folder's list shows it again.
    await page.goBack();
    await memoLink.waitFor();
    await waitForOutboxEmpty(page);
    expect(await folderOf(context, memo.id)).toBe(folderId);
    expect(await trashOnServer(context)).toEqual([]);

    // 3. Delete a folder: the confirmation says its two memos go to the trash.
    await openFromMenu(page, viewport, lang, tr(lang, "nav.manageFolders"));
    await page.waitForURL(/\/private-folders$/);
    await page.getByRole("button", { name: tr(lang, "common.edit"), exact: true }).click();
    await page
      .getByRole("button", {
        name: tr(lang, "folders.list.delete", { title: w.other }),
        exact: true,
      })
      .click();
    const confirm = page.getByRole("alertdialog", { name: tr(lang, "folders.delete.title") });
    const contents = tr(lang, "folders.delete.memos", { count: 2 });
    await confirm
      .getByText(tr(lang, "folders.delete.messageCounted", { title: w.other, contents }))
      .waitFor();
    await confirm.getByRole("button", { name: tr(lang, "common.delete"), exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    // Its toast's Undo brings the folder and its memos back out of the trash.
    const deleteOther = page.getByRole("button", {
      name: tr(lang, "folders.list.delete", { title: w.other }),
      exact: true,
    });
    await deleteOther.waitFor({ state: "detached" });
    await page
      .getByRole("status")
      .getByRole("button", { name: tr(lang, "common.undo"), exact: true })
      .click();
    // Back in the list first: the restore is queued then (an empty outbox before it proved
    // nothing, and the check below raced the Undo).
    await deleteOther.waitFor();
    await waitForOutboxEmpty(page);
    expect(await trashOnServer(context)).toEqual([]);
    const restored = await context.request.get(`${stack.server.url}/api/folders/${otherId}/memos`);
    expect(restored.status()).toBe(200);
    expect(((await restored.json()) as { memos: unknown[] }).memos).toHaveLength(2);
    // Deleted again, it stays in the trash.
    await deleteOther.click();
    await confirm.getByRole("button", { name: tr(lang, "common.delete"), exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await waitForOutboxEmpty(page);
    expect(await trashOnServer(context)).toEqual([otherId]);

    // 4. Empty the trash (asked first): it is empty, on the server too.
    await openFromMenu(page, viewport, lang, tr(lang, "nav.trash"));
    await page
      .getByRole("button", {
        name: tr(lang, "trash.restoreLabel", { title: w.other }),
        exact: true,
      })
      .waitFor();
    await page.getByRole("button", { name: tr(lang, "trash.empty.button"), exact: true }).click();
    const emptyConfirm = page.getByRole("alertdialog", { name: tr(lang, "trash.empty.title") });
    await emptyConfirm.getByText(tr(lang, "trash.empty.message", { count: 1 })).waitFor();
    await screenshot(page, `trash-empty-confirm-${viewport}-${lang}`);
    await emptyConfirm
      .getByRole("button", { name: tr(lang, "trash.empty.confirm"), exact: true })
      .click();
    await page.getByText(tr(lang, "trash.emptyState")).waitFor();
    expect(await trashOnServer(context)).toEqual([]);
    expect(testPage.problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
