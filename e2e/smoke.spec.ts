import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Lang,
  launchChromium,
  newPage,
  screenshot,
  type Viewport,
} from "./helpers/browser.js";
import { type Mailbox, startMailbox } from "./helpers/mailbox.js";
import { type MnemoServer, startMnemo } from "./helpers/server.js";

describe("the built app served by the built server", () => {
  let mailbox: Mailbox;
  let server: MnemoServer;
  let browser: Browser;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startMnemo({ smtpUrl: mailbox.url });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await mailbox?.stop();
  });

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("opens the app shell and reaches the API from the page (%s, %s)", async (viewport, lang) => {
    const { page, problems } = await newPage(browser, { viewport, lang, baseURL: server.url });

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
