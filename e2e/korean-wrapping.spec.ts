import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";

// Issue 12 §5: Korean text does not break inside words in either interface language. A long
// Korean title and body (memos may be Korean under the English interface) wrap over several
// lines, and every line ends at a space: measured on the laid-out characters.

const TITLE =
  "대한민국의 수도는 서울특별시이며 한강이 도시의 한가운데를 가로지르고 조선시대부터 " +
  "오랫동안 나라의 중심지였으므로 궁궐과 성곽이 곳곳에 남아있습니다";
const BODY = `${TITLE} ${TITLE}`;

/**
 * Where the element's text breaks into lines: for each break, whether a space lies between the
 * last character of one line and the first of the next. Also how many lines there are.
 */
async function lineBreaks(element: Locator): Promise<{ lines: number; inWord: string[] }> {
  return element.evaluate((node) => {
    const chars: Array<{ char: string; top: number }> = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const data = text.textContent ?? "";
      for (let index = 0; index < data.length; index += 1) {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const rect = range.getClientRects()[0];
        chars.push({ char: data[index] ?? "", top: rect ? rect.top : Number.NaN });
      }
    }
    let lines = 1;
    const inWord: string[] = [];
    let previous: { index: number; top: number } | null = null;
    chars.forEach(({ char, top }, index) => {
      if (/\s/.test(char) || Number.isNaN(top)) return;
      if (previous && top > previous.top + 2) {
        lines += 1;
        const between = chars.slice(previous.index + 1, index).map((c) => c.char);
        if (!between.some((c) => /\s/.test(c))) {
          inWord.push(`${chars[previous.index]?.char}|${char}`);
        }
      }
      previous = { index, top };
    });
    return { lines, inWord };
  });
}

describe("Korean text wraps between words (issue 12 §5)", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("a long Korean title and body break only at spaces (%s, %s)", async (viewport, lang) => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email: `wrap-${viewport}-${lang}@example.com`,
      password: "korean-wrapping-password-1",
      name: "줄바꿈",
      lang,
    });
    const memo = await createMemo(context, stack.server.url, {
      title: TITLE,
      contents: `<p>${BODY}</p>`,
    });

    await page.goto("/home");
    const homeTitle = page.locator(".home-review-title", { hasText: TITLE.slice(0, 10) });
    await homeTitle.waitFor();
    const home = await lineBreaks(homeTitle);
    expect(home.lines).toBeGreaterThan(1);
    expect(home.inWord).toEqual([]);
    await screenshot(page, `korean-wrapping-home-${viewport}-${lang}`);

    await page.goto(`/view-private-memo?memoId=${encodeURIComponent(memo.id)}`);
    const contents = page.locator(".memos-view-contents");
    await contents.getByText(TITLE.slice(0, 10)).first().waitFor();
    const body = await lineBreaks(contents);
    expect(body.lines).toBeGreaterThan(2);
    expect(body.inWord).toEqual([]);
    await screenshot(page, `korean-wrapping-memo-${viewport}-${lang}`);

    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
