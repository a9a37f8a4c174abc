import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./browser.js";
import { type Mailbox, startMailbox } from "./mailbox.js";
import { type MnemoServer, type StartMnemoOptions, startMnemo } from "./server.js";

/** What a spec file drives: the real server, the SMTP sink it mails to, and Chromium. */
export interface MnemoStack {
  mailbox: Mailbox;
  server: MnemoServer;
  browser: Browser;
}

export interface MnemoStackOptions extends Omit<StartMnemoOptions, "smtpUrl"> {
  /** The full Chromium instead of the headless shell (see launchChromium). */
  fullBrowser?: boolean;
}

/**
 * Starts one stack for the calling spec file (in beforeAll) and closes it afterwards; its fields
 * are set once beforeAll has run. `options` go to startMnemo (e.g. extra environment).
 */
export function useMnemoStack({ fullBrowser, ...options }: MnemoStackOptions = {}): MnemoStack {
  const stack = {} as MnemoStack;
  beforeAll(async () => {
    stack.mailbox = await startMailbox();
    stack.server = await startMnemo({ ...options, smtpUrl: stack.mailbox.url });
    stack.browser = await launchChromium({ fullBrowser });
  });
  afterAll(async () => {
    await stack.browser?.close();
    await stack.server?.close();
    await stack.mailbox?.stop();
  });
  return stack;
}
