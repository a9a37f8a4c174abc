import { describe, expect, it } from "vitest";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";

describe("the built app served by the built server", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("opens the app shell and reaches the API from the page (%s, %s)", async (viewport, lang) => {
    const { page, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });

    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(await response?.text()).toContain('<div id="root">');
    // The bundle ran: React rendered something into the shell.
    await page.locator("#root > *").first().waitFor();

    const health = await page.evaluate(async () => {
      const answer = await fetch("/api/health");
      return { status: answer.status, body: await answer.json() };
    });
    expect(health).toEqual({ status: 200, body: { ok: true } });

    await page.waitForLoadState("networkidle");
    await screenshot(page, `smoke-${viewport}-${lang}`);
    expect(problems.filter((p) => p.kind === "pageerror")).toEqual([]);
  });
});
