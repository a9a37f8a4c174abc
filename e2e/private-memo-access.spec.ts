import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";

// Journey 4: another user's memo URL shows not-found, never the memo; a shared memo is readable
// by anyone with its link until its owner stops sharing it.

const memoNotFound: Record<Lang, string> = { ko: "메모를 찾을 수 없습니다", en: "Memo not found" };

describe("a memo belongs to its owner", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["desktop", "en"],
    ["phone", "ko"],
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
    await apiSend(owner.context, stack.server.url, "DELETE", `/api/memos/${memo.id}/share`);
    await visitor.page.reload();
    await visitor.page.getByText(memoNotFound[lang]).first().waitFor();
    expect(await visitor.page.locator("body").textContent()).not.toContain(secretText);

    for (const { problems } of [owner, other, visitor]) {
      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    }
  });
});
