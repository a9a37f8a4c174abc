import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot, type Viewport } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// Issue 9 › Daily reminders: the settings in account settings (time zone defaulting to the
// browser's), saved on the account, and the notification the open app shows at that time.

/** The wall-clock `HH:MM` of now in `timeZone`. */
function localTimeNow(timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date());
}

describe("daily reminder settings", () => {
  // The headless shell has no notification service: its permission stays "denied".
  const stack = useMnemoStack({ fullBrowser: true });

  it.each<[Viewport, Lang, string]>([
    ["desktop", "ko", "Asia/Seoul"],
    ["phone", "en", "America/New_York"],
  ])(
    "are saved from account settings and notify in the open app (%s, %s)",
    async (viewport, lang, timezoneId) => {
      const baseURL = stack.server.url;
      const { page, context, problems } = await newPage(stack.browser, {
        viewport,
        lang,
        baseURL,
        timezoneId,
      });
      await context.grantPermissions(["notifications"], { origin: baseURL });
      // Records each Notification the page shows (headless Chromium displays none).
      await context.addInitScript(() => {
        const shown: string[] = [];
        (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
        const Real = window.Notification;
        window.Notification = class extends Real {
          constructor(title: string, options?: NotificationOptions) {
            super(title, options);
            shown.push(title);
          }
        } as typeof Notification;
      });
      const email = `reminder-${randomBytes(4).toString("hex")}@example.test`;
      await createVerifiedUser(context, baseURL, stack.mailbox, {
        email,
        password: "reminder-pass-1",
        name: "알림",
        lang,
      });

      await page.goto("/account-settings");
      const group = page.locator(".account-reminder-form");
      await group.getByText(tr(lang, "account.reminder.header")).waitFor();
      const zone = group.getByLabel(tr(lang, "account.reminder.timeZone"));
      expect(await zone.inputValue()).toBe(timezoneId);
      await expect
        .poll(() => group.getByText(tr(lang, "account.reminder.notifications.granted")).count())
        .toBe(1);

      // By keyboard: focus the switch, turn it on, type the time, save.
      await group.getByRole("switch", { name: tr(lang, "account.reminder.enabled") }).focus();
      await page.keyboard.press("Space");
      const time = localTimeNow(timezoneId);
      await group.getByLabel(tr(lang, "account.reminder.time"), { exact: true }).fill(time);
      await group.getByRole("button", { name: tr(lang, "common.save") }).press("Enter");
      await page.getByText(tr(lang, "account.reminder.saved")).waitFor();

      const me = await (await context.request.get(`${baseURL}/api/me`)).json();
      expect(me.user.reminder).toEqual({ enabled: true, time, timeZone: timezoneId });

      // Due now in the page's zone: the open app shows today's notification once.
      const title = tr(lang, "account.reminder.notice.title");
      await expect
        .poll(
          () =>
            page.evaluate(
              () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
            ),
          { timeout: 10_000 },
        )
        .toEqual([title]);
      await screenshot(page, `reminder-settings-${viewport}-${lang}`);
      expect(problems).toEqual([]);
    },
  );
});
