import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import {
  type Lang,
  newPage,
  screenshot,
  type Viewport,
  waitForNetworkQuiet,
} from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr, untranslatedKeyPattern } from "./helpers/strings.js";

// Every route of PRODUCT.md › Screens opens as an admin with some data: it renders its own screen
// (a heading, not the not-found page), throws nothing, and is screenshotted for a human to look at.

const OWNER_EMAIL = "owner@example.com";

describe("every screen of PRODUCT.md › Screens", () => {
  const stack = useMnemoStack({ env: { OWNER_EMAIL } });

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("renders each route (%s, %s)", async (viewport, lang) => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    const email = viewport === "desktop" ? OWNER_EMAIL : `user-${lang}@example.com`;
    await createVerifiedUser(context, stack.server.url, stack.mailbox, {
      email,
      password: "screens-password-1",
      name: "Mina",
      lang,
    });
    const folder = (await apiSend(context, stack.server.url, "POST", "/api/folders", {
      title: lang === "ko" ? "한국사" : "History",
      isCategoryFolder: true,
    })) as { folder: { id: string } };
    const memo = await createMemo(context, stack.server.url, {
      folderId: folder.folder.id,
      title: lang === "ko" ? "조선 건국" : "Founding of Joseon",
      contents: "<p>1392 <strong>태조</strong></p>",
    });
    await apiSend(context, stack.server.url, "POST", `/api/memos/${memo.id}/reviews`, {
      opId: `op-review-${lang}-1`,
    });
    const share = (await apiSend(
      context,
      stack.server.url,
      "PUT",
      `/api/memos/${memo.id}/share`,
    )) as {
      share: { path: string };
    };

    const routes = [
      "/home",
      "/today",
      "/account-settings",
      "/select-country",
      "/import",
      "/plan",
      "/laboratory",
      "/text-editor",
      "/upsert-text",
      "/subjects",
      "/privacy-policy",
      "/letter",
      "/public-memos",
      "/public-memos/true",
      share.share.path,
      "/private-folders",
      `/private-folders/${folder.folder.id}`,
      `/private-memos/${folder.folder.id}`,
      "/private-memos/root",
      `/upsert-private-memo?folderId=${folder.folder.id}`,
      `/upsert-private-memo?memoId=${memo.id}`,
      `/view-private-memo?memoId=${memo.id}`,
      "/private-calendar",
      "/search",
      "/search?q=memo",
      `/folder-settings?folderId=${folder.folder.id}`,
      "/review-memo-settings",
      "/review",
      `/review?folderId=${folder.folder.id}`,
      "/stats",
      "/trash",
      ...(viewport === "desktop" ? ["/analytics"] : []),
    ];
    const notFoundHeading = tr(lang, "info.notFound.heading");
    for (const route of routes) {
      await page.goto(route);
      await page.getByRole("heading").first().waitFor();
      await waitForNetworkQuiet(page);
      expect(await page.getByText(notFoundHeading).count(), route).toBe(0);
      expect(new URL(page.url()).pathname, route).not.toBe("/login");
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, with its line breaks, is what a user reads
      expect(await page.locator("body").innerText(), route).not.toMatch(untranslatedKeyPattern);
      const name = route
        .replaceAll(folder.folder.id, "folder")
        .replaceAll(memo.id, "memo")
        .replace(/[?=/]+/g, "-")
        .replace(/^-|-$/g, "");
      await screenshot(page, `screen-${name}-${viewport}-${lang}`);
    }

    // An admin-only screen is closed to others; an unknown path is the not-found screen.
    if (viewport === "phone") {
      await page.goto("/analytics");
      await page.waitForURL(/\/home/);
    }
    await page.goto("/no-such-page");
    await page.getByText(notFoundHeading).waitFor();

    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
