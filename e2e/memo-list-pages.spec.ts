import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// A folder's memo list reads 50 memos a page, shows a screenful of rows first and the rest of
// the page right after (issue #14, useRowsInSlices), and reads the next page when its end comes
// near the viewport, or by its "Load more" button.

const PASSWORD = "memo-list-pages-password-1";
const MEMOS = 65;

describe("a folder's memo list, page by page", () => {
  const stack = useMnemoStack();

  it.each([
    ["desktop", "ko"],
    ["phone", "en"],
  ] as Array<[Viewport, Lang]>)(
    "shows the first page whole, then the next as it scrolls (%s, %s)",
    async (viewport, lang) => {
      const { page, context } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      await createVerifiedUser(context, stack.server.url, stack.mailbox, {
        email: `pages-${viewport}-${lang}@example.com`,
        password: PASSWORD,
        name: "Pages",
        lang,
      });
      const { folder } = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
        title: "긴 목록 Long list",
      })) as { folder: { id: string } };
      for (let n = 1; n <= MEMOS; n += 1) {
        await createMemo(context, stack.server.url, {
          title: `메모 memo ${String(n).padStart(2, "0")}`,
          contents: "<p>x</p>",
          folderId: folder.id,
        });
      }
      const rows = page.locator(".memos-list > li");

      await page.goto(`/private-memos/${folder.id}`);
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(50);
      // The list's end is not near until every row of the page is there: no second page yet.
      await page.waitForTimeout(1_000);
      expect(await rows.count()).toBe(50);
      expect(await page.locator(".memos-row-title").first().textContent()).toBe("메모 memo 65");

      await page.locator(".memos-sentinel").scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(MEMOS);
      expect(await page.locator(".memos-row-title").last().textContent()).toBe("메모 memo 01");
      await expect
        .poll(() => page.getByRole("button", { name: tr(lang, "common.loadMore") }).count())
        .toBe(0);
    },
  );
});
