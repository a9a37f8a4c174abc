import { join } from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createMemo, createVerifiedUser, xsrfHeader } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import type { MnemoServer } from "./helpers/server.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import { waitForOutboxEmpty } from "./helpers/sync.js";
import { openFromMenu } from "./helpers/ui.js";

// Journey 2: an anonymous user's account and data are gone after a warned logout.
// Journey 3: every sign-up and sign-in error (PRODUCT.md › Sign-in and sign-up errors) shows its
// translated message.

const cases: Array<[Viewport, Lang]> = [
  ["desktop", "ko"],
  ["phone", "en"],
];

/** Rows the user owns in the server's database, read straight from its SQLite file. */
function countRowsOf(server: MnemoServer, userId: string): Record<string, number> {
  const db = new Database(join(server.dataDir, "mnemo.sqlite"), { readonly: true });
  try {
    const count = (sql: string) => (db.prepare(sql).get(userId) as { n: number }).n;
    return {
      authUsers: count("SELECT count(*) AS n FROM auth_users WHERE id = ?"),
      users: count("SELECT count(*) AS n FROM users WHERE id = ?"),
      memos: count("SELECT count(*) AS n FROM memos WHERE user_id = ?"),
      folders: count("SELECT count(*) AS n FROM folders WHERE user_id = ?"),
    };
  } finally {
    db.close();
  }
}

/** The alert on screen as `title | message`, then dismissed with OK. */
async function readAlert(page: Page, lang: Lang): Promise<string> {
  const alert = page.getByRole("alertdialog");
  await alert.waitFor();
  const title = await alert.getByRole("heading").textContent();
  const text = `${title} | ${await alert.locator(".alert-message").textContent()}`;
  await alert.getByRole("button", { name: tr(lang, "common.ok") }).click();
  await alert.waitFor({ state: "detached" });
  return text;
}

describe("anonymous use and the sign-in and sign-up errors", () => {
  const stack = useMnemoStack();

  it.each(cases)(
    "an anonymous user's data is deleted on a warned logout (%s, %s)",
    async (viewport, lang) => {
      const { page, context, problems } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      await page.goto("/login");
      await page.getByRole("button", { name: tr(lang, "auth.login.anonymous") }).click();
      await page.waitForURL(/\/home/);
      const me = (await (await context.request.get(`${stack.server.url}/api/me`)).json()) as {
        user: { id: string };
        isAnonymous: boolean;
      };
      expect(me.isAnonymous).toBe(true);
      // better-auth names anonymous users "Anonymous": home greets them without a name.
      const greeting = await page.locator(".home-greeting").textContent();
      expect(greeting).not.toContain("Anonymous");
      expect(
        ["morning", "afternoon", "evening"].map((part) => tr(lang, `home.greetingNoName.${part}`)),
      ).toContain(greeting);

      // A memo in the default folder, through the UI.
      await openFromMenu(page, viewport, lang, tr(lang, "folders.rootTitle"));
      await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
      const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
      await modal.getByLabel(tr(lang, "memos.form.title"), { exact: true }).fill("Anonymous memo");
      await modal.getByRole("button", { name: tr(lang, "common.save") }).click();
      await page.getByRole("link", { name: "Anonymous memo", exact: true }).waitFor();
      // The memo shows once it is in the device's cache; the server has it when the outbox drains.
      await waitForOutboxEmpty(page);
      expect(countRowsOf(stack.server, me.user.id)).toMatchObject({
        authUsers: 1,
        users: 1,
        memos: 1,
      });
      const cookies = await context.cookies();

      // The logout warns first; Cancel keeps everything.
      await openFromMenu(page, viewport, lang, tr(lang, "shell.logout"));
      const warning = page.getByRole("alertdialog");
      await warning.getByText(tr(lang, "session.anonymousLogoutTitle")).waitFor();
      await screenshot(page, `anonymous-logout-warning-${viewport}-${lang}`);
      await warning.getByRole("button", { name: tr(lang, "common.cancel") }).click();
      expect(countRowsOf(stack.server, me.user.id).memos).toBe(1);

      await openFromMenu(page, viewport, lang, tr(lang, "shell.logout"));
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: tr(lang, "session.anonymousLogoutConfirm") })
        .click();
      await page.waitForURL(/\/login/);
      expect(countRowsOf(stack.server, me.user.id)).toEqual({
        authUsers: 0,
        users: 0,
        memos: 0,
        folders: 0,
      });
      expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain("mnemo.userId");

      // Nothing brings that user back, not even its old session cookie.
      const revenant = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
      await revenant.context.addCookies(cookies);
      expect((await revenant.context.request.get(`${stack.server.url}/api/me`)).status()).toBe(401);
      await revenant.page.goto("/home");
      await revenant.page.waitForURL(/\/login/);

      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
  );

  it.each(cases)(
    "shows each sign-in and sign-up error in its language (%s, %s)",
    async (viewport, lang) => {
      const { page, context, problems } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      const existing = `taken-${viewport}-${lang}@example.com`;
      await createVerifiedUser(context, stack.server.url, stack.mailbox, {
        email: existing,
        password: "the-right-password",
        name: "Taken",
        lang,
      });
      await apiSend(context, stack.server.url, "POST", "/api/auth/sign-out", {});

      const signIn = async (email: string, password: string) => {
        await page.goto("/login");
        await page.getByLabel(tr(lang, "auth.fields.email")).fill(email);
        await page.getByLabel(tr(lang, "auth.fields.password"), { exact: true }).fill(password);
        await page
          .getByRole("button", { name: tr(lang, "auth.login.submit"), exact: true })
          .click();
        return readAlert(page, lang);
      };
      const failedTitle = tr(lang, "auth.login.failedTitle");
      expect(await signIn(`nobody-${lang}@example.com`, "whatever-password")).toBe(
        `${failedTitle} | ${tr(lang, "errors.AUTH_USER_NOT_FOUND")}`,
      );
      expect(await signIn(existing, "the-wrong-password")).toBe(
        `${failedTitle} | ${tr(lang, "errors.AUTH_WRONG_PASSWORD")}`,
      );
      // Any other error: the generic [ERROR] title with the error's text.
      expect(await signIn("not-an-e-mail", "whatever-password")).toBe(
        `[ERROR] ${tr(lang, "errors.title")} | ${tr(lang, "errors.AUTH_INVALID_EMAIL")}`,
      );

      const signUp = async (email: string, password: string) => {
        await page.goto("/signup");
        await page.getByLabel(tr(lang, "auth.fields.email")).fill(email);
        await page.getByLabel(tr(lang, "auth.fields.password"), { exact: true }).fill(password);
        await page.getByRole("button", { name: tr(lang, "auth.signup.submit") }).click();
        return readAlert(page, lang);
      };
      expect(await signUp(`new-${lang}@example.com`, "short")).toBe(
        `[ERROR] | ${tr(lang, "errors.AUTH_WEAK_PASSWORD")}`,
      );
      expect(await signUp("not-an-e-mail", "long-enough-password")).toBe(
        `[ERROR] | ${tr(lang, "errors.AUTH_INVALID_EMAIL")}`,
      );
      expect(await signUp(existing, "long-enough-password")).toBe(
        `[ERROR] | ${tr(lang, "errors.AUTH_EMAIL_ALREADY_IN_USE")}`,
      );
      await screenshot(page, `signup-error-${viewport}-${lang}`);

      // Too many attempts from this address: sign-in reads as a wrong password; a sign-up
      // refused for any other reason reads as "check e-mail and password" (PRODUCT.md › Sign-in and
      // sign-up errors).
      for (let attempt = 0; attempt < 30; attempt++) {
        await context.request.post(`${stack.server.url}/api/auth/sign-in/email`, {
          data: { email: existing, password: "the-wrong-password" },
          headers: await xsrfHeader(context, stack.server.url),
        });
      }
      expect(await signIn(existing, "the-right-password")).toBe(
        `${failedTitle} | ${tr(lang, "errors.AUTH_WRONG_PASSWORD")}`,
      );
      for (let attempt = 0; attempt < 20; attempt++) {
        await context.request.post(`${stack.server.url}/api/auth/sign-up/email`, {
          data: { email: "x", password: "y" },
          headers: await xsrfHeader(context, stack.server.url),
        });
      }
      expect(await signUp(`late-${lang}@example.com`, "long-enough-password")).toBe(
        `[ERROR] | ${tr(lang, "errors.AUTH_FAILED")}`,
      );
      // The per-address limits last a minute; a restart gives the next test a clean slate.
      await stack.server.restart();

      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
  );

  it.each(cases)(
    "a session without a user record is told so and logged out (%s, %s)",
    async (viewport, lang) => {
      const { page, context, problems } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL: stack.server.url,
      });
      const { id } = await createVerifiedUser(context, stack.server.url, stack.mailbox, {
        email: `recordless-${viewport}-${lang}@example.com`,
        password: "recordless-password",
        name: "Recordless",
        lang,
      });
      // The user record goes missing behind the app's back (PRODUCT.md › Start-up: "user not
      // found").
      const db = new Database(join(stack.server.dataDir, "mnemo.sqlite"));
      try {
        db.pragma("busy_timeout = 5000");
        db.pragma("foreign_keys = ON");
        expect(db.prepare("DELETE FROM users WHERE id = ?").run(id).changes).toBe(1);
      } finally {
        db.close();
      }
      await page.goto("/home");
      const alert = page.getByRole("alertdialog");
      await alert.getByText(tr(lang, "session.userNotFoundTitle")).waitFor();
      await alert.getByRole("button", { name: tr(lang, "common.ok") }).click();
      await page.waitForURL(/\/login/);
      expect((await context.request.get(`${stack.server.url}/api/me`)).status()).toBe(401);
      expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
  );

  it.each(cases)(
    "a logout in another tab signs this tab out at its next call (%s, %s)",
    async (viewport, lang) => {
      const first = await newPage(stack.browser, { viewport, lang, baseURL: stack.server.url });
      await createVerifiedUser(first.context, stack.server.url, stack.mailbox, {
        email: `two-tabs-${viewport}-${lang}@example.com`,
        password: "two-tabs-password",
        name: "Two Tabs",
        lang,
      });
      await createMemo(first.context, stack.server.url, {
        title: "Tab memo",
        contents: "<p>x</p>",
      });
      const second = await first.context.newPage();
      await second.goto("/private-memos/root");
      const review = second.getByRole("button", {
        name: tr(lang, "memos.actions.review", { title: "Tab memo" }),
      });
      await review.waitFor();

      await first.page.goto("/home");
      await openFromMenu(first.page, viewport, lang, tr(lang, "shell.logout"));
      await first.page.waitForURL(/\/login/);

      await review.click();
      await second.waitForURL(/\/login/);
      expect(first.problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
    },
  );
});
