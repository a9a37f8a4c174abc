import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// Journey 4: another user's memo URL shows not-found, never the memo; a shared memo is readable
// by anyone with its link until its owner stops sharing it.

const memoNotFound: Record<Lang, string> = { ko: "메모를 찾을 수 없습니다", en: "Memo not found" };

describe("a memo belongs to its owner", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("another user's memo URL shows not-found (%s, %s)", async (viewport, lang) => {
    const owner = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    const secretTitle = `Secret plan ${viewport} ${lang}`;
    const secretText = `only-for-the-owner-${viewport}-${lang}`;
    await createVerifiedUser(owner.context, stack.server.url, stack.mailbox, {
      email: `owner-${viewport}-${lang}@example.com`,
      password: "owner-password-1",
      name: "Owner",
      lang,
    });
    const memo = await createMemo(owner.context, stack.server.url, {
      title: secretTitle,
      contents: `<p><strong>${secretText}</strong></p>`,
    });

    const other = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    await createVerifiedUser(other.context, stack.server.url, stack.mailbox, {
      email: `other-${viewport}-${lang}@example.com`,
      password: "other-password-1",
      name: "Other",
      lang,
    });
    for (const path of [
      `/view-private-memo?memoId=${memo.id}`,
      `/upsert-private-memo?memoId=${memo.id}`,
    ]) {
      await other.page.goto(path);
      await other.page.getByText(memoNotFound[lang]).first().waitFor();
      const body = await other.page.locator("body").textContent();
      expect(body).not.toContain(secretTitle);
      expect(body).not.toContain(secretText);
    }
    await screenshot(other.page, `not-found-other-users-memo-${viewport}-${lang}`);

    // The owner sees it; once shared, a signed-out visitor reads it by its link; unshared, not.
    await owner.page.goto(`/view-private-memo?memoId=${memo.id}`);
    await owner.page.getByText(secretText).waitFor();
    const { share } = (await apiSend(
      owner.context,
      stack.server.url,
      "PUT",
      `/api/memos/${memo.id}/share`,
    )) as { share: { path: string } };
    const visitor = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
    await visitor.page.goto(share.path);
    await visitor.page.getByText(secretText).waitFor();
    expect(await visitor.page.locator("body").textContent()).not.toContain("@example.com");
    await screenshot(visitor.page, `shared-memo-${viewport}-${lang}`);
    // Link previews read the page as served, without JavaScript: its title and description.
    const served = await visitor.context.request.get(`${stack.server.url}${share.path}`);
    const html = await served.text();
    expect(html).toContain(`<title>${secretTitle} · Mnemo</title>`);
    expect(html).toContain(`<meta property="og:title" content="${secretTitle}">`);
    expect(html).toContain(`<meta name="description" content="${secretText}">`);

    // Unshared, or a link with a wrong token: a page that says so, translated, with a way home.
    await apiSend(owner.context, stack.server.url, "DELETE", `/api/memos/${memo.id}/share`);
    const wrongToken = share.path.replace(/[^/]+$/, "not-a-shared-memo");
    for (const path of [share.path, wrongToken]) {
      await visitor.page.goto(path);
      await visitor.page
        .getByRole("heading", { name: tr(lang, "shared.missing.title"), exact: true })
        .waitFor();
      await visitor.page.getByText(tr(lang, "shared.missing.body"), { exact: true }).waitFor();
      const body = await visitor.page.locator("body").textContent();
      expect(body).not.toContain(secretText);
      expect(body).not.toContain(memoNotFound[lang]);
    }
    await screenshot(visitor.page, `shared-link-gone-${viewport}-${lang}`);
    await visitor.page
      .getByRole("link", { name: tr(lang, "shared.missing.home"), exact: true })
      .click();
    await visitor.page.waitForURL(/\/login/);
    // A signed-in reader is offered their own memos instead.
    await other.page.goto(share.path);
    await other.page.getByRole("link", { name: tr(lang, "shared.backHome"), exact: true }).click();
    await other.page.waitForURL(/\/home/);

    for (const { problems } of [owner, other, visitor]) {
      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    }
  });
});
