import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// Issue 12 › Gaps seen offline and at start: the sort mode chosen in a folder's list is
// remembered per folder (PRODUCT.md › Sort modes: on the device, over the folder's own mode).

const PASSWORD = "folder-sort-password-1";

describe("a folder list's sort mode", () => {
  const stack = useMnemoStack();

  async function folderWithMemos(context: BrowserContext, title: string, memos: string[]) {
    const body = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
      title,
    })) as { folder: { id: string } };
    for (const memo of memos) {
      await createMemo(context, stack.server.url, {
        title: memo,
        contents: "<p>x</p>",
        folderId: body.folder.id,
      });
    }
    return body.folder.id;
  }

  const titles = (page: Page) => page.locator(".memos-row-title").allTextContents();

  it.each([
    ["desktop", "ko"],
    ["phone", "en"],
  ] as Array<[Viewport, Lang]>)("is remembered per folder (%s, %s)", async (viewport, lang) => {
    const { page, context } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email: `sort-${viewport}-${lang}@example.com`,
      password: PASSWORD,
      name: "Sort",
      lang,
    });
    const newestFirst = ["셋째 third", "둘째 second", "첫째 first"];
    const sorted = await folderWithMemos(context, "정렬 Sorted", [...newestFirst].reverse());
    const other = await folderWithMemos(context, "그대로 Other", ["가 a", "나 b"]);
    const sortSelect = page.getByLabel(tr(lang, "memos.list.sort"), { exact: true });

    await page.goto(`/private-memos/${sorted}`);
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual(newestFirst);
    await sortSelect.selectOption("oldest");
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual([...newestFirst].reverse());

    // Away and back (no ?sort= in the address), and after a reload: still oldest first.
    await page.goto("/home");
    await page.goto(`/private-memos/${sorted}`);
    await expect.poll(() => sortSelect.inputValue(), { timeout: 15_000 }).toBe("oldest");
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual([...newestFirst].reverse());
    await page.reload();
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual([...newestFirst].reverse());

    // Per folder: the other folder keeps its own mode.
    await page.goto(`/private-memos/${other}`);
    await expect.poll(() => sortSelect.inputValue(), { timeout: 15_000 }).toBe("latest");
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual(["나 b", "가 a"]);

    // Choosing the folder's own mode again forgets the choice.
    await page.goto(`/private-memos/${sorted}`);
    await expect.poll(() => sortSelect.inputValue(), { timeout: 15_000 }).toBe("oldest");
    await sortSelect.selectOption("latest");
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual(newestFirst);
    await page.goto("/home");
    await page.goto(`/private-memos/${sorted}`);
    await expect.poll(() => sortSelect.inputValue(), { timeout: 15_000 }).toBe("latest");
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual(newestFirst);
  });
});
