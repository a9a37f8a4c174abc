import { dueReminderDate, type ReminderSettings } from "@mnemo/domain";
import { isNative } from "./platform";

// The daily reminder on this device (PRODUCT.md › Daily reminders), beside the server's e-mail:
// in a browser or PWA a Notification while the app is open, at the reminder's time; in the
// native apps a local notification the system shows every day at that time, app open or not.

/** What the notification says. */
export interface ReminderNotice {
  title: string;
  body: string;
}

/** Whether this device shows reminder notifications, may ask, or cannot. */
export type NotificationAccess = "granted" | "denied" | "prompt" | "unsupported";

/** The id of the one local notification the native apps schedule. */
const NATIVE_REMINDER_ID = 9001;

/** The local date whose notification this browser showed last, so a date shows once. */
const SHOWN_KEY = "mnemo.reminder.shownDate";

/** How often an open app checks whether the reminder's time has come. */
const CHECK_EVERY_MS = 30_000;

function localNotifications() {
  return import("@capacitor/local-notifications").then((module) => module.LocalNotifications);
}

function hasWebNotifications(): boolean {
  return typeof Notification !== "undefined";
}

/** What this device allows now. */
export async function notificationAccess(): Promise<NotificationAccess> {
  if (isNative()) {
    const { display } = await (await localNotifications()).checkPermissions();
    return display === "granted" ? "granted" : display === "denied" ? "denied" : "prompt";
  }
  if (!hasWebNotifications()) return "unsupported";
  const permission = Notification.permission;
  return permission === "default" ? "prompt" : permission;
}

/** Asks the user to allow notifications (a click must lead here in browsers). */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  if (isNative()) {
    const { display } = await (await localNotifications()).requestPermissions();
    return display === "granted" ? "granted" : display === "denied" ? "denied" : "prompt";
  }
  if (!hasWebNotifications()) return "unsupported";
  const permission = await Notification.requestPermission();
  return permission === "default" ? "prompt" : permission;
}

function readShownDate(): string | null {
  try {
    return localStorage.getItem(SHOWN_KEY);
  } catch {
    return null;
  }
}

function writeShownDate(date: string): void {
  try {
    localStorage.setItem(SHOWN_KEY, date);
  } catch {
    // Without storage the worst case is a second notification the same day.
  }
}

/** Shows the browser notification when the reminder is due and today's has not been shown. */
function showWhenDue(settings: ReminderSettings, notice: ReminderNotice, now: number): void {
  if (!hasWebNotifications() || Notification.permission !== "granted") return;
  const date = dueReminderDate(settings, now);
  if (date === null || readShownDate() === date) return;
  writeShownDate(date);
  new Notification(notice.title, { body: notice.body, tag: "mnemo-reminder" });
}

async function scheduleNative(settings: ReminderSettings | null, notice: ReminderNotice) {
  const notifications = await localNotifications();
  await notifications.cancel({ notifications: [{ id: NATIVE_REMINDER_ID }] });
  if (!settings?.enabled) return;
  const { display } = await notifications.checkPermissions();
  if (display !== "granted") return;
  // The device's own clock: the phone is where its owner is, whatever zone the e-mail uses.
  const [hour = 0, minute = 0] = settings.time.split(":").map(Number);
  await notifications.schedule({
    notifications: [
      {
        id: NATIVE_REMINDER_ID,
        title: notice.title,
        body: notice.body,
        schedule: { on: { hour, minute }, allowWhileIdle: true },
      },
    ],
  });
}

/**
 * Keeps this device's reminder in step with the settings until the returned function is called:
 * native apps (re)schedule a daily local notification; a browser checks every 30 seconds while
 * the app is open and shows one Notification per local date.
 */
export function keepReminderNotification(
  settings: ReminderSettings | null,
  notice: ReminderNotice,
  onError: (error: unknown) => void,
): () => void {
  if (isNative()) {
    scheduleNative(settings, notice).catch(onError);
    return () => {};
  }
  if (!settings?.enabled) return () => {};
  const check = () => {
    try {
      showWhenDue(settings, notice, Date.now());
    } catch (error) {
      onError(error);
    }
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
