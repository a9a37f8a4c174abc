import type { CalendarDay } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCalendar } from "../../api/calendar.queries";
import { errorCodeOf } from "../../api/client";
import { statsYearRange, useStats } from "../../api/stats.queries";
import { useFormat } from "../../i18n/format";
import { localIsoDate } from "../../lib/local-date";
import { errorMessage } from "../../overlays/error-dialog";
import { Page } from "../../ui/Page";
import { StatsFigures } from "../../ui/StatsFigures";
import { addMonths, isoMonth, monthGridDays, parseIsoDate, parseIsoMonth } from "./calendar-dates";
import { DayDetail } from "./DayDetail";
import { MonthGrid } from "./MonthGrid";

const EMPTY_DAY = { created: [], reviewed: [], completed: [] };

/**
 * The private calendar: a month of days, each marked with how many memos were created, reviewed
 * and completed; the chosen day's memos below (beside, on wide screens). The month and the day
 * live in the address (?month=YYYY-MM&day=YYYY-MM-DD) so back and reload keep them.
 */
export function PrivateCalendarScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const today = new Date();
  const todayIso = localIsoDate(today);
  const selected = parseIsoDate(params.get("day")) ?? today;
  const month = parseIsoMonth(params.get("month")) ?? addMonths(selected, 0);
  const days = monthGridDays(month);
  const from = localIsoDate(days[0] ?? month);
  const to = localIsoDate(days.at(-1) ?? month);
  const calendar = useCalendar(from, to);
  const statsRange = statsYearRange(today);
  const stats = useStats(statsRange.from, statsRange.to);

  const byDate = new Map<string, CalendarDay>((calendar.data ?? []).map((day) => [day.date, day]));
  const selectedIso = localIsoDate(selected);
  const selectedDay = byDate.get(selectedIso) ?? { date: selectedIso, ...EMPTY_DAY };

  const show = (nextMonth: Date, nextDay: Date) =>
    setParams({ month: isoMonth(nextMonth), day: localIsoDate(nextDay) }, { replace: true });
  const goToMonth = (delta: number) => {
    const next = addMonths(month, delta);
    // Keep the chosen day when it is in the new month (e.g. coming back to it), else the 1st.
    show(next, isoMonth(selected) === isoMonth(next) ? selected : next);
  };
  const chooseDay = (day: Date) => show(addMonths(day, 0), day);

  const monthDays = (calendar.data ?? []).filter((day) => day.date.startsWith(isoMonth(month)));
  const monthTotals = {
    created: monthDays.reduce((sum, day) => sum + day.created.length, 0),
    reviewed: monthDays.reduce(
      (sum, day) => sum + day.reviewed.reduce((count, memo) => count + memo.count, 0),
      0,
    ),
    completed: monthDays.reduce((sum, day) => sum + day.completed.length, 0),
  };

  return (
    <Page title={t("calendar.title")} wide>
      <div className="calendar-layout">
        <section className="calendar-card" aria-labelledby="calendar-month">
          <header className="calendar-toolbar">
            <h2 id="calendar-month" className="calendar-month" aria-live="polite">
              {format.month(month.getTime())}
            </h2>
            <div className="calendar-nav">
              <button
                type="button"
                className="icon-button calendar-arrow"
                aria-label={t("calendar.previousMonth")}
                onClick={() => goToMonth(-1)}
              >
                ‹
              </button>
              <button
                type="button"
                className="text-button"
                onClick={() => chooseDay(today)}
                disabled={isoMonth(month) === isoMonth(today) && selectedIso === todayIso}
              >
                {t("calendar.today")}
              </button>
              <button
                type="button"
                className="icon-button calendar-arrow"
                aria-label={t("calendar.nextMonth")}
                onClick={() => goToMonth(1)}
              >
                ›
              </button>
            </div>
          </header>

          <MonthGrid
            month={month}
            days={days}
            byDate={byDate}
            todayIso={todayIso}
            selectedIso={selectedIso}
            onChoose={chooseDay}
          />

          <div className="calendar-footer">
            <ul className="calendar-legend" aria-label={t("calendar.legend")}>
              <li className="calendar-legend-created">{t("calendar.groups.created")}</li>
              <li className="calendar-legend-reviewed">{t("calendar.groups.reviewed")}</li>
              <li className="calendar-legend-completed">{t("calendar.groups.completed")}</li>
            </ul>
            {calendar.isPending ? (
              <span
                className="spinner calendar-spinner"
                role="progressbar"
                aria-label={t("common.loading")}
              />
            ) : calendar.isError ? (
              <span className="calendar-error" role="alert">
                {errorMessage(errorCodeOf(calendar.error))}{" "}
                <button type="button" className="text-button" onClick={() => calendar.refetch()}>
                  {t("common.retry")}
                </button>
              </span>
            ) : (
              <span className="muted small">
                {t("calendar.monthSummary", {
                  created: format.number(monthTotals.created),
                  reviewed: format.number(monthTotals.reviewed),
                  completed: format.number(monthTotals.completed),
                })}
              </span>
            )}
          </div>
        </section>

        <DayDetail day={selectedDay} date={selected} isLoading={calendar.isPending} />
      </div>
      {stats.data && (
        <div className="calendar-stats">
          <StatsFigures stats={stats.data} linkToStats />
        </div>
      )}
    </Page>
  );
}
