import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type TestPage, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOutboxEmpty } from "./helpers/sync.js";
import { openFromMenu } from "./helpers/ui.js";

// Editing memos as a user sees it: the memo modal's validation (PRODUCT.md › Editing and deleting:
// title required, nothing sent), an update with the editor cleared (old contents kept, new title
// saved), delete with Cancel / OK, moving to another folder, a flash-card hint shown only on tap, a
// folder deleted with its memos, and the full-page /upsert-private-memo route. What a test is not
// about (the account, its folders, a starting memo) is set up through the API; the rest goes
// through the UI and is checked against the real server.

const cases: Array<[Viewport, Lang]> = [
  ["desktop", "ko"],
  ["phone", "en"],
];

type Word =
  | "folder"
  | "otherFolder"
  | "draft"
  | "first"
  | "renamed"
  | "moved"
  | "hint"
  | "page"
  | "pageRenamed"
  | "pageText"
  | "pageNewText";

const words: Record<Lang, Record<Word, string>> = {
  ko: {
    folder: "영어 단어",
    otherFolder: "복습 끝",
    draft: "사과는 apple",
    first: "과일 단어",
    renamed: "과일 단어 (수정)",
    moved: "옮길 메모",
    hint: "빨갛고 둥근 것",
    page: "전체 화면 메모",
    pageRenamed: "전체 화면 메모 (수정)",
    pageText: "처음 쓴 내용",
    pageNewText: "고쳐 쓴 내용",
  },
  en: {
    folder: "English words",
    otherFolder: "Done reviewing",
    draft: "apple is a fruit",
    first: "Fruit words",
    renamed: "Fruit words (edited)",
    moved: "Memo to move",
    hint: "red and round",
    page: "Full-page memo",
    pageRenamed: "Full-page memo (edited)",
    pageText: "first written text",
    pageNewText: "rewritten text",
  },
};

/** Screenshots once the sheets and alerts have finished sliding or fading in. */
function shooter(page: Page, viewport: Viewport, lang: Lang) {
  return async (name: string) => {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
    return screenshot(page, `memo-editing-${name}-${viewport}-${lang}`);
  };
}

describe("editing memos and folders", () => {
  const stack = useMnemoStack();

  /** A fresh page whose context is signed in as a new verified user. */
  async function signedInPage(viewport: Viewport, lang: Lang, name: string): Promise<TestPage> {
    const testPage = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    await createVerifiedUser(testPage.context, stack.server.url, stack.mailbox, {
      email: `${name}-${viewport}-${lang}@example.com`,
      password: "memo-editor-password-1",
      name: "Editor",
      lang,
    });
    return testPage;
  }

  async function createFolder(
    context: BrowserContext,
    input: { title: string; enableFlashCardFeature?: boolean },
  ): Promise<string> {
    const body = (await apiSend(context, stack.server.url, "POST", "/api/folders", input)) as {
      folder: { id: string };
    };
    return body.folder.id;
  }

  /** The folder's memos as the stack.server lists them (GET /api/folders/:id/memos). */
  async function memosOf(context: BrowserContext, folderId: string) {
    const response = await context.request.get(
      `${stack.server.url}/api/folders/${folderId}/memos?limit=100`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { memos: Array<{ id: string; title: string }> };
    return body.memos;
  }

  /** GET /api/memos/:id: the status, and the memo when there is one. */
  async function fetchMemo(context: BrowserContext, memoId: string) {
    const response = await context.request.get(`${stack.server.url}/api/memos/${memoId}`);
    const memo =
      response.status() === 200
        ? ((await response.json()) as { memo: { title: string; contents: string } }).memo
        : null;
    return { status: response.status(), memo };
  }

  const noPageErrors = ({ problems }: TestPage) =>
    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);

  /** The memo list of a folder, found by its accessible name. */
  const memoList = (page: Page, lang: Lang, folderTitle: string) =>
    page.getByRole("list", { name: tr(lang, "memos.list.listLabel", { folder: folderTitle }) });

  const memoLink = (scope: Page | Locator, title: string) =>
    scope.getByRole("link", { name: title, exact: true });

  const editorOf = (scope: Page | Locator, lang: Lang) =>
    scope.getByRole("textbox", { name: tr(lang, "memos.form.contents"), exact: true });

  const titleInputOf = (scope: Page | Locator, lang: Lang) =>
    scope.getByLabel(tr(lang, "memos.form.title"), { exact: true });

  it.each(cases)(
    "memo modal: title required, cleared editor keeps contents, delete asks first (%s, %s)",
    async (viewport, lang) => {
      const w = words[lang];
      const user = await signedInPage(viewport, lang, "modal");
      const { page, context } = user;
      const shot = shooter(page, viewport, lang);
      const folderId = await createFolder(context, { title: w.folder });
      // Memo creates the page sends: the outbox sends changes in batches (POST /api/sync/ops).
      const memoPosts: string[] = [];
      page.on("request", (request) => {
        if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/sync/ops") {
          return;
        }
        const { ops } = request.postDataJSON() as { ops: Array<{ kind: string; opId: string }> };
        for (const op of ops) if (op.kind === "memo.create") memoPosts.push(op.opId);
      });

      await page.goto(`/private-memos/${folderId}`);
      await page.getByText(tr(lang, "memos.list.empty")).waitFor();
      expect(await memosOf(context, folderId)).toHaveLength(0);

      // 1. Save with contents but no title: the field error, nothing sent, the text stays.
      await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
      const addModal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
      const addEditor = editorOf(addModal, lang);
      await addEditor.click();
      await addEditor.pressSequentially(w.draft);
      await addModal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      const titleError = addModal.getByRole("alert");
      await titleError.waitFor();
      expect(await titleError.textContent()).toBe(tr(lang, "memos.form.titleRequired"));
      const addTitle = titleInputOf(addModal, lang);
      expect(await addTitle.getAttribute("aria-invalid")).toBe("true");
      // The focus goes to the field to fix.
      expect(await addTitle.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await addEditor.textContent()).toBe(w.draft);
      await shot("title-required");
      expect(memoPosts).toEqual([]);
      expect(await memosOf(context, folderId)).toHaveLength(0);

      // With a title it saves, the typed contents included.
      await addTitle.fill(w.first);
      expect(await addModal.getByRole("alert").count()).toBe(0);
      await addModal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      await addModal.waitFor({ state: "detached" });
      const list = memoList(page, lang, w.folder);
      await memoLink(list, w.first).waitFor();
      await waitForOutboxEmpty(page);
      expect(memoPosts).toHaveLength(1);
      const [created] = await memosOf(context, folderId);
      expect(created?.title).toBe(w.first);
      const memoId = created?.id ?? "";
      expect((await fetchMemo(context, memoId)).memo?.contents).toContain(w.draft);

      // 2. Update with the editor cleared: the new title is saved, the contents stay.
      await page
        .getByRole("button", {
          name: tr(lang, "memos.actions.edit", { title: w.first }),
          exact: true,
        })
        .click();
      const updateModal = page.getByRole("dialog", { name: tr(lang, "memos.form.updateTitle") });
      await updateModal
        .getByRole("heading", { name: tr(lang, "memos.form.updateTitle"), exact: true })
        .waitFor();
      const updateTitle = titleInputOf(updateModal, lang);
      await expect.poll(() => updateTitle.inputValue()).toBe(w.first);
      const updateEditor = editorOf(updateModal, lang);
      await expect.poll(() => updateEditor.textContent()).toBe(w.draft);
      await updateModal.getByText(tr(lang, "memos.form.emptyKeepsContents")).waitFor();
      await updateEditor.click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Backspace");
      await expect.poll(() => updateEditor.textContent()).toBe("");
      await updateTitle.fill(w.renamed);
      await shot("update-cleared-editor");
      await updateModal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      await updateModal.waitFor({ state: "detached" });
      await memoLink(list, w.renamed).waitFor();
      expect(await memoLink(list, w.first).count()).toBe(0);

      await memoLink(list, w.renamed).click();
      await page.waitForURL(/\/view-private-memo\?memoId=/);
      await page.getByRole("heading", { name: w.renamed, exact: true }).waitFor();
      const contents = page.getByRole("region", { name: tr(lang, "memos.form.contents") });
      await contents.getByText(w.draft).waitFor();
      expect(await page.getByText(tr(lang, "memos.view.noContents")).count()).toBe(0);
      const saved = (await fetchMemo(context, memoId)).memo;
      expect(saved?.title).toBe(w.renamed);
      expect(saved?.contents).toContain(w.draft);
      await shot("view-after-update");

      // 3. Delete from the list: Cancel keeps the memo, OK deletes it.
      await page.goto(`/private-memos/${folderId}`);
      const deleteButton = page.getByRole("button", {
        name: tr(lang, "memos.actions.delete", { title: w.renamed }),
        exact: true,
      });
      await deleteButton.click();
      const confirm = page.getByRole("alertdialog", { name: tr(lang, "memos.delete.title") });
      await confirm.getByText(tr(lang, "memos.delete.message", { title: w.renamed })).waitFor();
      await shot("delete-confirm");
      await confirm.getByRole("button", { name: tr(lang, "common.cancel"), exact: true }).click();
      await confirm.waitFor({ state: "detached" });
      expect(await memoLink(list, w.renamed).isVisible()).toBe(true);
      expect((await fetchMemo(context, memoId)).status).toBe(200);

      await deleteButton.click();
      await confirm.getByRole("button", { name: tr(lang, "common.delete"), exact: true }).click();
      await confirm.waitFor({ state: "detached" });
      await page.getByText(tr(lang, "memos.delete.done")).first().waitFor();
      await page.getByText(tr(lang, "memos.list.empty")).waitFor();
      expect(await memoLink(page, w.renamed).count()).toBe(0);
      expect((await fetchMemo(context, memoId)).status).toBe(404);
      expect(await memosOf(context, folderId)).toHaveLength(0);

      noPageErrors(user);
    },
  );

  it.each(cases)(
    "move to another folder, flash-card hint on tap, folder deleted with its memos (%s, %s)",
    async (viewport, lang) => {
      const w = words[lang];
      const user = await signedInPage(viewport, lang, "folders");
      const { page, context } = user;
      const shot = shooter(page, viewport, lang);
      const fromId = await createFolder(context, { title: w.folder });
      const toId = await createFolder(context, { title: w.otherFolder });
      const memo = await createMemo(context, stack.server.url, {
        folderId: fromId,
        title: w.moved,
        contents: `<p>${w.draft}</p>`,
      });
      await apiSend(context, stack.server.url, "PATCH", `/api/memos/${memo.id}`, {
        flashCardHint: w.hint,
      });

      // 4. Move it: it leaves the first folder's list and shows in the other's.
      await page.goto(`/private-memos/${fromId}`);
      await memoLink(memoList(page, lang, w.folder), w.moved).waitFor();
      await page
        .getByRole("button", {
          name: tr(lang, "memos.actions.move", { title: w.moved }),
          exact: true,
        })
        .click();
      const moveDialog = page.getByRole("dialog", { name: tr(lang, "memos.move.title") });
      await moveDialog.getByText(tr(lang, "memos.move.intro", { title: w.moved })).waitFor();
      const current = moveDialog.getByRole("button", {
        name: `${w.folder} ${tr(lang, "memos.move.current")}`,
      });
      expect(await current.isDisabled()).toBe(true);
      expect(await current.getAttribute("aria-current")).toBe("true");
      await moveDialog
        .getByRole("button", { name: tr(lang, "folders.rootTitle"), exact: true })
        .waitFor();
      await shot("move-dialog");
      await moveDialog.getByRole("button", { name: w.otherFolder, exact: true }).click();
      await moveDialog.waitFor({ state: "detached" });
      await page
        .getByText(tr(lang, "memos.undo.moved", { folder: w.otherFolder }))
        .first()
        .waitFor();
      await page.getByText(tr(lang, "memos.list.empty")).waitFor();
      expect(await memoLink(page, w.moved).count()).toBe(0);
      expect(await memosOf(context, fromId)).toHaveLength(0);
      expect((await memosOf(context, toId)).map((m) => m.id)).toEqual([memo.id]);

      await page.goto(`/private-memos/${toId}`);
      const toList = memoList(page, lang, w.otherFolder);
      await memoLink(toList, w.moved).waitFor();

      // 5. Flash cards off: no hint control at all. On (folder settings): the hint only on tap.
      const hintButton = toList.getByRole("button", {
        name: tr(lang, "memos.actions.hint", { title: w.moved }),
        exact: true,
      });
      expect(await hintButton.count()).toBe(0);
      expect(await page.getByText(w.hint).count()).toBe(0);
      await page.getByRole("link", { name: tr(lang, "memos.list.folderSettings") }).click();
      await page.waitForURL(/\/folder-settings\?folderId=/);
      const flashCards = page.getByRole("switch", {
        name: tr(lang, "folders.settings.enableFlashCardFeature"),
      });
      expect(await flashCards.isChecked()).toBe(false);
      await flashCards.check();
      await page.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      await page.getByText(tr(lang, "common.saved")).first().waitFor();
      await page.getByRole("button", { name: tr(lang, "common.back") }).click();
      await page.waitForURL(new RegExp(`/private-memos/${toId}`));
      await hintButton.waitFor();
      expect(await hintButton.getAttribute("aria-expanded")).toBe("false");
      expect(await hintButton.textContent()).toBe(tr(lang, "memos.hint.show"));
      expect(await page.getByText(w.hint).count()).toBe(0);
      await shot("hint-hidden");
      await hintButton.click();
      await expect.poll(() => hintButton.getAttribute("aria-expanded")).toBe("true");
      expect(await toList.getByText(w.hint, { exact: true }).isVisible()).toBe(true);
      expect(await hintButton.textContent()).toBe(tr(lang, "memos.hint.hide"));
      await shot("hint-shown");
      await hintButton.click();
      await expect.poll(() => hintButton.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByText(w.hint).count()).toBe(0);

      // 6. Delete the folder (edit mode → delete → confirm): its memo goes with it.
      await openFromMenu(page, viewport, lang, tr(lang, "nav.manageFolders"));
      await page.waitForURL(/\/private-folders$/);
      const folders = page
        .getByRole("main")
        .getByRole("list", { name: tr(lang, "folders.list.title") });
      await folders.getByText(w.otherFolder, { exact: true }).waitFor();
      await page.getByRole("button", { name: tr(lang, "common.edit"), exact: true }).click();
      const deleteFolder = page.getByRole("button", {
        name: tr(lang, "folders.list.delete", { title: w.otherFolder }),
        exact: true,
      });
      await deleteFolder.click();
      const confirm = page.getByRole("alertdialog", { name: tr(lang, "folders.delete.title") });
      // It says what goes with the folder: its one memo (counted on the device).
      const contents = tr(lang, "folders.delete.memos", { count: 1 });
      await confirm
        .getByText(tr(lang, "folders.delete.messageCounted", { title: w.otherFolder, contents }))
        .waitFor();
      await shot("folder-delete-confirm");
      // Cancel first: nothing goes.
      await confirm.getByRole("button", { name: tr(lang, "common.cancel"), exact: true }).click();
      await confirm.waitFor({ state: "detached" });
      expect((await fetchMemo(context, memo.id)).status).toBe(200);
      await deleteFolder.click();
      await confirm.getByRole("button", { name: tr(lang, "common.delete"), exact: true }).click();
      await confirm.waitFor({ state: "detached" });
      await page.getByText(tr(lang, "folders.delete.done")).first().waitFor();
      await folders.getByText(w.otherFolder, { exact: true }).waitFor({ state: "detached" });
      expect(await folders.getByText(w.folder, { exact: true }).isVisible()).toBe(true);
      // The delete went through the outbox: the page shows it before the server has it.
      await waitForOutboxEmpty(page);
      expect((await fetchMemo(context, memo.id)).status).toBe(404);
      expect((await context.request.get(`${stack.server.url}/api/folders/${toId}`)).status()).toBe(
        404,
      );
      await shot("folder-deleted");

      noPageErrors(user);
    },
  );

  it.each(cases)(
    "Enter in the title goes to the editor, never saves; not while composing (%s, %s)",
    async (viewport, lang) => {
      const w = words[lang];
      const user = await signedInPage(viewport, lang, "enter");
      const { page, context } = user;
      const folderId = await createFolder(context, { title: w.folder });
      await page.goto(`/private-memos/${folderId}`);
      await page.getByText(tr(lang, "memos.list.empty")).waitFor();
      await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
      const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
      const title = titleInputOf(modal, lang);
      const editor = editorOf(modal, lang);
      await editor.waitFor();
      const isFocused = (locator: Locator) =>
        locator.evaluate((element) => element === document.activeElement);

      // Enter while an IME composes (Korean): the composition's own, the focus stays.
      await title.click();
      await page.keyboard.type(w.first);
      for (const init of [
        { isComposing: true, keyCode: 13 },
        { isComposing: false, keyCode: 229 },
      ]) {
        await title.evaluate((input, eventInit) => {
          input.dispatchEvent(
            new KeyboardEvent("keydown", { key: "Enter", bubbles: true, ...eventInit }),
          );
        }, init);
        expect(await isFocused(title)).toBe(true);
      }

      // Enter: the focus moves into the editor, nothing is saved.
      await page.keyboard.press("Enter");
      await expect.poll(() => isFocused(editor)).toBe(true);
      expect(await modal.isVisible()).toBe(true);
      expect(await modal.getByRole("alert").count()).toBe(0);
      expect(await title.inputValue()).toBe(w.first);
      await page.keyboard.type(w.draft);
      expect(await editor.textContent()).toBe(w.draft);
      expect(await memosOf(context, folderId)).toHaveLength(0);

      // Save saves both.
      await modal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      await modal.waitFor({ state: "detached" });
      await memoLink(memoList(page, lang, w.folder), w.first).waitFor();
      await waitForOutboxEmpty(page);
      const memos = await memosOf(context, folderId);
      expect(memos.map((memo) => memo.title)).toEqual([w.first]);
      expect((await fetchMemo(context, memos[0]?.id ?? "")).memo?.contents).toContain(w.draft);

      noPageErrors(user);
    },
  );

  it.each(cases)(
    "the full-page /upsert-private-memo creates and edits a memo (%s, %s)",
    async (viewport, lang) => {
      const w = words[lang];
      const user = await signedInPage(viewport, lang, "page");
      const { page, context } = user;
      const shot = shooter(page, viewport, lang);
      const folderId = await createFolder(context, { title: w.folder });

      // 7a. ?folderId=: the Add page creates the memo in that folder and returns to its list.
      await page.goto(`/upsert-private-memo?folderId=${folderId}`);
      await page
        .getByRole("heading", { level: 1, name: tr(lang, "memos.form.addTitle"), exact: true })
        .waitFor();
      // The folder is given: no folder picker.
      expect(await page.getByLabel(tr(lang, "memos.form.folder"), { exact: true }).count()).toBe(0);
      await titleInputOf(page, lang).fill(w.page);
      const editor = editorOf(page, lang);
      await editor.click();
      await editor.pressSequentially(w.pageText);
      await shot("upsert-page-add");
      await page.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      await page.waitForURL(new RegExp(`/private-memos/${folderId}$`));
      await memoLink(memoList(page, lang, w.folder), w.page).waitFor();
      const memos = await memosOf(context, folderId);
      expect(memos.map((m) => m.title)).toEqual([w.page]);
      const memoId = memos[0]?.id ?? "";
      expect((await fetchMemo(context, memoId)).memo?.contents).toContain(w.pageText);

      // 7b. ?memoId=: the Update page edits it and opens the memo.
      await page.goto(`/upsert-private-memo?memoId=${memoId}`);
      await page
        .getByRole("heading", { level: 1, name: tr(lang, "memos.form.updateTitle"), exact: true })
        .waitFor();
      const title = titleInputOf(page, lang);
      await expect.poll(() => title.inputValue()).toBe(w.page);
      await expect.poll(() => editor.textContent()).toBe(w.pageText);
      await title.fill(w.pageRenamed);
      await editor.click();
      await page.keyboard.press("ControlOrMeta+A");
      await editor.pressSequentially(w.pageNewText);
      await expect.poll(() => editor.textContent()).toBe(w.pageNewText);
      await shot("upsert-page-update");
      await page.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      await page.waitForURL(new RegExp(`/view-private-memo\\?memoId=${memoId}$`));
      await page.getByRole("heading", { name: w.pageRenamed, exact: true }).waitFor();
      const contents = page.getByRole("region", { name: tr(lang, "memos.form.contents") });
      await contents.getByText(w.pageNewText).waitFor();
      expect(await contents.getByText(w.pageText).count()).toBe(0);
      // The save went through the outbox: the page shows it before the server has it.
      await waitForOutboxEmpty(page);
      const saved = (await fetchMemo(context, memoId)).memo;
      expect(saved?.title).toBe(w.pageRenamed);
      expect(saved?.contents).toContain(w.pageNewText);
      expect(saved?.contents).not.toContain(w.pageText);
      expect(await memosOf(context, folderId)).toHaveLength(1);

      noPageErrors(user);
    },
  );

  it.each(cases)(
    "memo modal: closing with changes asks to discard them first (%s, %s)",
    async (viewport, lang) => {
      const w = words[lang];
      const user = await signedInPage(viewport, lang, "discard");
      const { page, context } = user;
      const shot = shooter(page, viewport, lang);
      const folderId = await createFolder(context, { title: w.folder });
      const memo = await createMemo(context, stack.server.url, {
        folderId,
        title: w.first,
        contents: `<p>${w.draft}</p>`,
      });
      await page.goto(`/private-memos/${folderId}`);
      await memoLink(memoList(page, lang, w.folder), w.first).waitFor();
      const editButton = page.getByRole("button", {
        name: tr(lang, "memos.actions.edit", { title: w.first }),
        exact: true,
      });
      const sheet = page.getByRole("dialog", { name: tr(lang, "memos.form.updateTitle") });
      const question = page.getByRole("alertdialog", { name: tr(lang, "memos.form.discardTitle") });

      // Esc with a changed title: the question shows and the sheet stays.
      await editButton.click();
      const titleInput = titleInputOf(sheet, lang);
      await titleInput.fill(w.renamed);
      await page.keyboard.press("Escape");
      await question.waitFor();
      await shot("discard-question");
      expect(await sheet.count()).toBe(1);
      // Keep editing: back in the form with the text intact.
      await question
        .getByRole("button", { name: tr(lang, "memos.form.keepEditing"), exact: true })
        .click();
      await question.waitFor({ state: "detached" });
      expect(await titleInput.inputValue()).toBe(w.renamed);
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );

      // ✕: the question again; Discard closes and nothing reaches the server.
      await sheet.getByRole("button", { name: tr(lang, "common.close"), exact: true }).click();
      await question.waitFor();
      await question
        .getByRole("button", { name: tr(lang, "memos.form.discard"), exact: true })
        .click();
      await sheet.waitFor({ state: "detached" });
      expect(await question.count()).toBe(0);
      await waitForOutboxEmpty(page);
      expect((await fetchMemo(context, memo.id)).memo?.title).toBe(w.first);

      // A click on the backdrop (on a phone the sheet fills the screen: ✕ instead) with a changed
      // title asks too; Esc on the question keeps editing.
      await editButton.click();
      await titleInput.fill(w.renamed);
      if (viewport === "desktop") await page.mouse.click(2, 2);
      else await sheet.getByRole("button", { name: tr(lang, "common.close"), exact: true }).click();
      await question.waitFor();
      await page.keyboard.press("Escape");
      await question.waitFor({ state: "detached" });
      expect(await titleInput.inputValue()).toBe(w.renamed);
      // Back to what it opened with: no longer a change, Esc closes at once.
      await titleInput.fill(w.first);
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "detached" });
      expect(await question.count()).toBe(0);

      // No change at all: Esc closes at once.
      await editButton.click();
      await titleInput.waitFor();
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "detached" });
      expect(await question.count()).toBe(0);
      expect((await fetchMemo(context, memo.id)).memo?.title).toBe(w.first);
      noPageErrors(user);
    },
  );
});
