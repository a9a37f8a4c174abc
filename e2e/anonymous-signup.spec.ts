import { describe, expect, it } from "vitest";
import { createMemo } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { waitForLink } from "./helpers/mailbox.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// Issue 12 §5: an anonymous user who signs up and opens the verification link (in the same
// browser) lands signed in on their home, with their memos and a "verified" message, not on
// the sign-in screen.

describe("an anonymous user signs up (issue 12 §5)", () => {
  const stack = useMnemoStack();

  it.each<[Viewport, Lang]>([
    ["desktop", "ko"],
    ["phone", "en"],
  ])("lands signed in on home with their memo after verifying (%s, %s)", async (viewport, lang) => {
    const { page, context, problems } = await newPage(stack.browser, {
      viewport,
      lang,
      baseURL: stack.server.url,
    });
    await page.goto("/login");
    await page.getByRole("button", { name: tr(lang, "auth.login.anonymous") }).click();
    await page.waitForURL(/\/home/);
    const memoTitle = lang === "ko" ? "익명으로 쓴 메모" : "Memo written anonymously";
    await createMemo(context, stack.server.url, { title: memoTitle, contents: "<p>kept</p>" });

    const email = `anonymous-signup-${viewport}-${lang}@example.com`;
    // Account settings offer the sign-up that keeps the data.
    await page.goto("/account-settings");
    await page.getByRole("link", { name: tr(lang, "account.anonymous.action") }).click();
    await page.waitForURL(/\/signup/);
    await page.getByLabel(tr(lang, "auth.fields.email")).fill(email);
    await page
      .getByLabel(tr(lang, "auth.fields.password"), { exact: true })
      .fill("anonymous-signup-password-1");
    await page.getByRole("button", { name: tr(lang, "auth.signup.submit") }).click();
    for (const title of ["auth.signup.successTitle", "auth.signup.verifyTitle"]) {
      const alert = page.getByRole("alertdialog");
      await alert.getByText(tr(lang, title)).waitFor();
      await alert.getByRole("button", { name: tr(lang, "common.ok") }).click();
    }
    await page.waitForURL(/\/verify-email/);

    const link = await waitForLink(stack.mailbox, email, { link: /verify-email/ });
    await page.goto(link);
    await page.waitForURL(/\/home/);
    await page.getByText(tr(lang, "auth.verify.verifiedToast")).first().waitFor();
    await page.getByText(memoTitle).first().waitFor();
    await screenshot(page, `anonymous-signup-verified-${viewport}-${lang}`);
    const me = (await (await context.request.get(`${stack.server.url}/api/me`)).json()) as {
      user: { email: string };
      isAnonymous: boolean;
      emailVerified: boolean;
    };
    expect(me).toMatchObject({ user: { email }, isAnonymous: false, emailVerified: true });

    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
