import { DEFAULT_REMINDER_TIME, isTimeZone, type ReminderSettings } from "@mnemo/domain";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Me, useUpdateMe } from "../../api/me.queries";
import { showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import {
  type NotificationAccess,
  notificationAccess,
  requestNotificationAccess,
} from "../../platform/reminder-notifications";
import { ListGroup, ListItem, Toggle } from "../../ui/List";

/** The browser's own time zone, the default of a reminder never saved. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** Every zone this browser knows, with `current` in it even when the list lacks it. */
function timeZoneChoices(current: string): string[] {
  const supported =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set(["UTC", ...supported.filter(isTimeZone)]);
  zones.add(current);
  return [...zones].sort();
}

function initialSettings(me: Me): ReminderSettings {
  return (
    me.user.reminder ?? { enabled: false, time: DEFAULT_REMINDER_TIME, timeZone: browserTimeZone() }
  );
}

/**
 * The daily reminder (PRODUCT.md › Daily reminders): on or off, the time of day and its time zone
 * (the browser's until saved), sent as one `reminder` with PATCH /api/me; and whether this device
 * may show the reminder as a notification.
 */
export function ReminderSettingsGroup({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const timeId = useId();
  const zoneId = useId();
  const [draft, setDraft] = useState<ReminderSettings>(() => initialSettings(me));
  const zones = useMemo(() => timeZoneChoices(draft.timeZone), [draft.timeZone]);
  const saved = me.user.reminder;
  const isChanged =
    saved === null ||
    saved.enabled !== draft.enabled ||
    saved.time !== draft.time ||
    saved.timeZone !== draft.timeZone;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!isChanged || update.isPending) return;
    try {
      const answer = await update.mutateAsync({ reminder: draft });
      if (answer.user.reminder) setDraft(answer.user.reminder);
      showToast(t("account.reminder.saved"));
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <form onSubmit={save} className="account-reminder-form">
      <ListGroup header={t("account.reminder.header")} footer={t("account.reminder.footer")}>
        <li className="list-item">
          <div className="list-item-static">
            <Toggle
              label={t("account.reminder.enabled")}
              checked={draft.enabled}
              onChange={(enabled) => setDraft({ ...draft, enabled })}
            />
          </div>
        </li>
        <li className="list-item">
          <div className="account-inline-form">
            <label htmlFor={timeId} className="account-inline-label">
              {t("account.reminder.time")}
            </label>
            <input
              id={timeId}
              type="time"
              className="account-inline-input"
              value={draft.time}
              required
              onChange={(event) =>
                event.target.value && setDraft({ ...draft, time: event.target.value.slice(0, 5) })
              }
            />
          </div>
        </li>
        <li className="list-item">
          <div className="account-inline-form">
            <label htmlFor={zoneId} className="account-inline-label">
              {t("account.reminder.timeZone")}
            </label>
            <select
              id={zoneId}
              className="account-inline-input account-reminder-zone"
              value={draft.timeZone}
              onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </div>
        </li>
        <li className="list-item">
          <div className="account-inline-form account-reminder-actions">
            <button
              type="submit"
              className="button button-small"
              disabled={!isChanged || update.isPending}
            >
              {t("common.save")}
            </button>
          </div>
        </li>
        <NotificationRow />
      </ListGroup>
    </form>
  );
}

/** Whether this device shows the reminder, with a button to allow it when it may ask. */
function NotificationRow() {
  const { t } = useTranslation();
  const [access, setAccess] = useState<NotificationAccess | null>(null);

  useEffect(() => {
    let isCurrent = true;
    notificationAccess()
      .then((value) => isCurrent && setAccess(value))
      .catch(() => isCurrent && setAccess("unsupported"));
    return () => {
      isCurrent = false;
    };
  }, []);

  const allow = async () => {
    try {
      setAccess(await requestNotificationAccess());
    } catch (error) {
      await showError(error);
    }
  };

  if (access === null) return null;
  return (
    <ListItem
      detail={t(`account.reminder.notifications.${access}`)}
      end={
        access === "prompt" && (
          <button type="button" className="button button-small" onClick={() => void allow()}>
            {t("account.reminder.notifications.allow")}
          </button>
        )
      }
    >
      {t("account.reminder.notifications.label")}
    </ListItem>
  );
}
