import type { ReminderSettings } from "@mnemo/domain";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { keepReminderNotification } from "../platform/reminder-notifications";

/**
 * While a user is signed in, keeps this device's reminder notification in step with their
 * reminder settings (see `keepReminderNotification`). Renders nothing.
 */
export function ReminderNotifier({ reminder }: { reminder: ReminderSettings | null }) {
  const { t } = useTranslation();
  const enabled = reminder?.enabled ?? false;
  const time = reminder?.time ?? "";
  const timeZone = reminder?.timeZone ?? "";
  useEffect(
    () =>
      keepReminderNotification(
        enabled ? { enabled, time, timeZone } : null,
        { title: t("account.reminder.notice.title"), body: t("account.reminder.notice.body") },
        (error) => console.error("the reminder notification failed", error),
      ),
    [enabled, time, timeZone, t],
  );
  return null;
}
