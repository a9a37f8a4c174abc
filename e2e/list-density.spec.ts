import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// Issue 12 › Dark mode and display: a compact list density in account settings, kept on the
// device like the theme; in compact mode clearly more memo rows fit on a phone screen (about
// 3½ memo cards fit at 390×844 before). The figures are printed for the report.

const PASSWORD = "list-density-password-1";

/** How many memo rows the first screen shows: visible parts of rows added up, and whole rows. */
function rowsOnScreen(page: Page): Promise<{ rows: number; whole: number; rowHeight: number }> {
  return page.evaluate(() => {
    const height = window.innerHeight;
    let rows = 0;
    let whole = 0;
    const boxes = [...document.querySelectorAll(".memos-row")].map((row) =>
      row.getBoundingClientRect(),
    );
    for (const box of boxes) {
      const visible = Math.max(0, Math.min(box.bottom, height) - Math.max(box.top, 0));
      rows += visible / box.height;
      if (box.top >= 0 && box.bottom <= height) whole += 1;
    }
    const rowHeight = boxes[0]?.height ?? 0;
    return { rows: Math.round(rows * 100) / 100, whole, rowHeight: Math.round(rowHeight) };
  });
}

describe("list density", () => {
  const stack = useMnemoStack();

  it.each([
    ["phone", "en"],
    ["desktop", "ko"],
  ] as Array<[Viewport, Lang]>)(
    "compact fits clearly more memo rows and is kept on the device (%s, %s)",
    async (viewport, lang) => {
      const { page, context } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      await createVerifiedUser(context, stack.server.url, stack.mailbox, {
        email: `density-${viewport}-${lang}@example.com`,
        password: PASSWORD,
        name: "Density",
        lang,
      });
      const body = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
        title: "단어장 Words",
        showReviewCount: true,
      })) as { folder: { id: string } };
      for (let index = 1; index <= 12; index += 1) {
        await createMemo(context, stack.server.url, {
          title: `단어 ${index} · word ${index}`,
          contents:
            "<p>기억하고 싶은 문장과 그 뜻을 적어 둡니다. A sentence worth remembering, with its " +
            "meaning and an example of how it is used in everyday speech.</p>",
          folderId: body.folder.id,
        });
      }
      const folderPath = `/private-memos/${body.folder.id}`;
      await page.goto(folderPath);
      await page.locator(".memos-row").nth(11).waitFor();
      const comfortable = await rowsOnScreen(page);
      await screenshot(page, `density-comfortable-${viewport}-${lang}`);

      await page.goto("/account-settings");
      const compactButton = page.getByRole("button", {
        name: tr(lang, "account.density.compact"),
        exact: true,
      });
      await compactButton.click();
      await expect
        .poll(() => compactButton.getAttribute("aria-pressed"), { timeout: 15_000 })
        .toBe("true");
      await page.goto(folderPath);
      await page.locator(".memos-row").nth(11).waitFor();
      const compact = await rowsOnScreen(page);
      await screenshot(page, `density-compact-${viewport}-${lang}`);
      console.log(
        `[list density ${viewport} ${lang}] rows on the first screen: comfortable ${comfortable.rows} ` +
          `(${comfortable.whole} whole, row ${comfortable.rowHeight} px), compact ${compact.rows} ` +
          `(${compact.whole} whole, row ${compact.rowHeight} px)`,
      );
      expect(compact.rowHeight).toBeLessThan(comfortable.rowHeight * 0.75);
      if (viewport === "phone") {
        expect(comfortable.rows).toBeLessThan(4.5);
        expect(compact.rows).toBeGreaterThanOrEqual(comfortable.rows * 1.6);
      }

      // Kept on the device: from the first frame after a reload.
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.dataset.density)).toBe("compact");
      await page.locator(".memos-row").first().waitFor();
      expect((await rowsOnScreen(page)).rowHeight).toBe(compact.rowHeight);
    },
  );
});
