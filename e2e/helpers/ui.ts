import type { Page } from "playwright-core";
import type { Lang, Viewport } from "./browser.js";
import { tr } from "./strings.js";

/**
 * Follows a navigation entry the way a user does: the side navigation on a desktop, the
 * slide-out menu (opened from the header's menu button) on a phone.
 */
export async function openFromMenu(
  page: Page,
  viewport: Viewport,
  lang: Lang,
  name: string,
): Promise<void> {
  const navigation = page.getByRole("navigation", { name: tr(lang, "shell.navigation") });
  if (viewport === "phone") {
    await page
      .getByRole("button", { name: tr(lang, "shell.openMenu") })
      .first()
      .click();
  }
  await navigation
    .getByRole(name === tr(lang, "shell.logout") ? "button" : "link", { name, exact: true })
    .click();
}

/** Signs in through the login screen and waits for home. */
export async function signInThroughUi(page: Page, lang: Lang, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(tr(lang, "auth.fields.email")).fill(email);
  await page.getByLabel(tr(lang, "auth.fields.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: tr(lang, "auth.login.submit"), exact: true }).click();
  await page.waitForURL(/\/home\//);
}
