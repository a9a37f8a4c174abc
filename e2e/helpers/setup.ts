// Runs before every e2e spec file (vitest.config.ts `setupFiles`): when a test fails it saves a
// screenshot of every open page and prints what each running server logged; after the file it
// closes whatever the spec left open, so no server or browser outlives its file.
import { basename } from "node:path";
import { afterAll, beforeEach } from "vitest";
import { closeAllBrowsers, openTestPages, screenshot } from "./browser.js";
import { closeAllMailboxes } from "./mailbox.js";
import { closeAllServers, openServers } from "./server.js";

beforeEach(({ task, onTestFailed }) => {
  const openBefore = new Set(openTestPages());
  onTestFailed(async () => {
    // The pages this test opened; when it opened none, the ones it used from beforeAll.
    const opened = openTestPages().filter((p) => !openBefore.has(p));
    const pages = opened.length > 0 ? opened : openTestPages();
    for (const [index, { page, problems }] of pages.entries()) {
      const file = basename(task.file.name, ".spec.ts");
      const name = `failed-${file}-${task.name}${pages.length > 1 ? `-${index + 1}` : ""}`;
      const saved = await screenshot(page, name).catch((error: Error) => error.message);
      const lines = problems.map((p) => `  ${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ""}`);
      process.stderr.write(
        `\n[e2e] page ${page.url()} → ${saved}\n${lines.length > 0 ? `${lines.join("\n")}\n` : ""}`,
      );
    }
    for (const server of openServers()) {
      process.stderr.write(`\n[e2e] output of the server on ${server.url}:\n${server.output()}\n`);
    }
  });
});

afterAll(async () => {
  await closeAllBrowsers();
  await closeAllServers();
  await closeAllMailboxes();
});
