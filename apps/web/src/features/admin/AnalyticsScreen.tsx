import type { LogEntry } from "@mnemo/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Analytics, useAnalytics } from "../../api/admin.queries";
import { errorCodeOf } from "../../api/client";
import { useFormat } from "../../i18n/format";
import { addDays, localIsoDate } from "../../lib/local-date";
import { errorMessage } from "../../overlays/error-dialog";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { BarChart, type DayCount } from "./BarChart";

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

/** Every day of the period, oldest first, with the server's count or 0 (it lists only days with some). */
function everyDay(period: Period, counts: Analytics["signUpsPerDay"]): DayCount[] {
  const byDate = new Map(counts.map((entry) => [entry.date, entry.count]));
  const today = new Date();
  return Array.from({ length: period }, (_, index) => {
    const date = localIsoDate(addDays(today, index - (period - 1)));
    return { date, count: byDate.get(date) ?? 0 };
  });
}

/** Analytics for admins: users, sign-ups and reviews per day, and the latest error log entries. */
export function AnalyticsScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [period, setPeriod] = useState<Period>(30);
  const analytics = useAnalytics(period);
  const data = analytics.data;
  const signUps = data ? everyDay(period, data.signUpsPerDay) : [];
  const reviews = data ? everyDay(period, data.reviewsPerDay) : [];
  const sum = (days: DayCount[]) => days.reduce((total, day) => total + day.count, 0);

  return (
    <Page title={t("admin.title")} wide>
      <div className="admin-toolbar">
        <h2 className="large-title admin-title">{t("admin.heading")}</h2>
        <fieldset className="admin-period">
          <legend className="visually-hidden">{t("admin.period")}</legend>
          <div className="segmented">
            {PERIODS.map((days) => (
              <button
                key={days}
                type="button"
                aria-pressed={period === days}
                onClick={() => setPeriod(days)}
              >
                {t("admin.days", { count: days })}
              </button>
            ))}
          </div>
        </fieldset>
      </div>

      {analytics.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : analytics.isError ? (
        <EmptyState title={t("admin.loadFailed")}>
          <p>{errorMessage(errorCodeOf(analytics.error))}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => analytics.refetch()}
          >
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : (
        <>
          <ul className="admin-stats" aria-label={t("admin.summary")}>
            <li className="admin-stat">
              <span className="admin-stat-label">{t("admin.users")}</span>
              <span className="admin-stat-value">{format.number(data?.userCount ?? 0)}</span>
              <span className="admin-stat-detail">{t("admin.usersDetail")}</span>
            </li>
            <li className="admin-stat">
              <span className="admin-stat-label">{t("admin.signUps")}</span>
              <span className="admin-stat-value">{format.number(sum(signUps))}</span>
              <span className="admin-stat-detail">{t("admin.lastDays", { count: period })}</span>
            </li>
            <li className="admin-stat">
              <span className="admin-stat-label">{t("admin.reviews")}</span>
              <span className="admin-stat-value">{format.number(sum(reviews))}</span>
              <span className="admin-stat-detail">{t("admin.lastDays", { count: period })}</span>
            </li>
          </ul>

          <div className="admin-charts">
            <BarChart title={t("admin.signUpsPerDay")} days={signUps} tone="tint" />
            <BarChart title={t("admin.reviewsPerDay")} days={reviews} tone="success" />
          </div>

          <ErrorLog entries={data?.latestErrors ?? []} />
        </>
      )}
    </Page>
  );
}

/** The latest error log entries: code, time, message (as text), country and user. */
function ErrorLog({ entries }: { entries: LogEntry[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="admin-errors" aria-labelledby="admin-errors-title">
      <h2 id="admin-errors-title" className="section-title">
        {t("admin.latestErrors")}
      </h2>
      {entries.length === 0 ? (
        <p className="admin-empty muted">{t("admin.noErrors")}</p>
      ) : (
        <ul className="list admin-error-list" aria-labelledby="admin-errors-title">
          {entries.map((entry, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list is replaced whole
              key={`${entry.createAt}-${index}`}
              className="list-item admin-error"
            >
              <div className="admin-error-head">
                <code className="admin-error-code">{entry.code}</code>
                <time
                  className="admin-error-time"
                  dateTime={new Date(entry.createAt).toISOString()}
                >
                  {format.dateTime(entry.createAt)}
                </time>
              </div>
              <p className="admin-error-message">{entry.message}</p>
              <dl className="admin-error-meta">
                <div>
                  <dt>{t("admin.country")}</dt>
                  <dd>{entry.country || "—"}</dd>
                </div>
                <div>
                  <dt>{t("admin.userKey")}</dt>
                  <dd>{entry.userKey ?? t("admin.signedOut")}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
