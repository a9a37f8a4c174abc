import { describe, expect, it } from "vitest";
import { apiSend, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { openFromMenu } from "./helpers/ui.js";

// Issue 12 §1 "a draft is kept until the user discards it": leaving the full-page memo form
// without saving keeps what was typed (the sync status offers to continue it, after a reload
// too, and the form comes back with it); discarding the changes in the sheet deletes the draft.

const cases: Array<[Viewport, Lang]> = [
  ["desktop", "ko"],
  ["phone", "en"],
];

const words: Record<Lang, { folder: string; kept: string; dropped: string }> = {
  ko: { folder: "초안 폴더", kept: "쓰다 만 메모", dropped: "버릴 메모" },
  en: { folder: "Draft folder", kept: "Half-written memo", dropped: "Memo to throw away" },
};

describe("memo drafts (issue 12 §1)", () => {
  const stack = useMnemoStack();

  it.each(cases)("are kept until saved or discarded (%s, %s)", async (viewport, lang) => {
    const testPage = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    const { page, context } = testPage;
    const w = words[lang];
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email: `drafts-${viewport}@example.com`,
      password: "drafts-password-1",
      name: "Drafts",
      lang,
    });
    const folder = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
      title: w.folder,
    })) as { folder: { id: string } };

    // 1. Type a title in the full-page form, then leave it for home without saving.
    await page.goto(`/upsert-private-memo?folderId=${folder.folder.id}`);
    const title = page.getByLabel(tr(lang, "memos.form.title"), { exact: true });
    await title.fill(w.kept);
    await openFromMenu(page, viewport, lang, tr(lang, "nav.home"));
    await page.waitForURL(/\/home/);
    const left = page.getByText(tr(lang, "offline.draftLeft", { title: w.kept }));
    await left.waitFor();
    // Still offered after a reload; Continue brings the form back with the title.
    await page.reload();
    await left.waitFor();
    await screenshot(page, `draft-left-${viewport}-${lang}`);
    await page.getByRole("link", { name: tr(lang, "offline.draftContinue"), exact: true }).click();
    await page.getByText(tr(lang, "offline.draftRestored")).first().waitFor();
    await expect
      .poll(() => page.getByLabel(tr(lang, "memos.form.title"), { exact: true }).inputValue())
      .toBe(w.kept);

    // 2. In the sheet of another folder (a new memo's draft is one per folder): type, close,
    // Discard: no draft is left behind.
    await page.goto("/private-memos/root");
    await page.getByRole("button", { name: tr(lang, "memos.list.add"), exact: true }).click();
    const sheet = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
    await sheet.getByLabel(tr(lang, "memos.form.title"), { exact: true }).fill(w.dropped);
    // Past the 300 ms after which a keystroke is kept.
    await page.waitForTimeout(600);
    await page.keyboard.press("Escape");
    const ask = page.getByRole("alertdialog", { name: tr(lang, "memos.form.discardTitle") });
    await ask.getByRole("button", { name: tr(lang, "memos.form.discard"), exact: true }).click();
    await sheet.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading").first().waitFor();
    // The first draft is still offered (never saved nor discarded); the discarded one is not.
    await left.waitFor();
    expect(await page.getByText(tr(lang, "offline.draftLeft", { title: w.dropped })).count()).toBe(
      0,
    );
    expect(testPage.problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
