import type { StatsFolderRetention, StatsForecastDay, StatsResponse } from "@mnemo/domain";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorCodeOf } from "../../api/client";
import { statsYearRange, useStats } from "../../api/stats.queries";
import { useFormat } from "../../i18n/format";
import { errorMessage } from "../../overlays/error-dialog";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { StatsFigures } from "../../ui/StatsFigures";
import { heatmapWeeks } from "./heatmap";

/** Local midnight of a YYYY-MM-DD date, as epoch ms for the formatters. */
export function dayMs(date: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1).getTime();
}

/**
 * stats: the year heatmap of reviews per local day, the current and longest streaks, reviews per
 * day over 30/90/365 days, the 30-day forecast of FSRS memos falling due, and each FSRS folder's
 * true retention against its desired retention.
 */
export function StatsScreen() {
  const { t } = useTranslation();
  const range = statsYearRange(new Date());
  const stats = useStats(range.from, range.to);
  return (
    <Page title={t("stats.title")} wide>
      {stats.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : stats.isError ? (
        <EmptyState title={t("stats.loadFailed")}>
          <p>{errorMessage(errorCodeOf(stats.error))}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void stats.refetch()}
          >
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : (
        <StatsView stats={stats.data} />
      )}
    </Page>
  );
}

function StatsView({ stats }: { stats: StatsResponse }) {
  return (
    <div className="stats-layout">
      <StatsFigures stats={stats} />
      <Heatmap stats={stats} />
      <Windows stats={stats} />
      <Forecast days={stats.forecast} />
      <Retention folders={stats.retention} />
    </div>
  );
}

function Heatmap({ stats }: { stats: StatsResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const weeks = heatmapWeeks(stats.from, stats.to, stats.days);
  const scroller = useRef<HTMLElement>(null);
  // The latest weeks are the ones a user looks for: a narrow screen starts scrolled to them.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);
  return (
    <section className="stats-card" aria-labelledby="stats-heatmap-title">
      <h2 id="stats-heatmap-title" className="stats-card-title">
        {t("stats.heatmap.title")}
      </h2>
      <p className="muted small stats-card-note">
        {t("stats.heatmap.total", {
          count: stats.totalReviews,
          from: format.date(dayMs(stats.from)),
          to: format.date(dayMs(stats.to)),
        })}
      </p>
      {/* A region that scrolls sideways takes the focus, so the arrow keys can scroll it too
          (WCAG 2.1.1). */}
      <section
        ref={scroller}
        className="stats-heatmap-scroller"
        aria-labelledby="stats-heatmap-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
        tabIndex={0}
      >
        <ol className="stats-heatmap" aria-labelledby="stats-heatmap-title">
          {weeks.flat().map((cell) => {
            const date = format.date(dayMs(cell.date));
            const label =
              cell.count === 0
                ? t("stats.heatmap.cellNone", { date })
                : t("stats.heatmap.cell", { date, count: cell.count });
            const isToday = cell.date === stats.today;
            return (
              <li
                key={cell.date}
                className={`stats-heatmap-cell stats-level-${cell.level}${isToday ? " stats-heatmap-today" : ""}`}
                title={label}
                aria-label={isToday ? `${label} (${t("stats.heatmap.today")})` : label}
                aria-current={isToday ? "date" : undefined}
                data-count={cell.count}
                data-date={cell.date}
              />
            );
          })}
        </ol>
      </section>
      <div className="stats-legend muted small" aria-hidden="true">
        <span>{t("stats.heatmap.less")}</span>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`stats-heatmap-cell stats-level-${level}`} />
        ))}
        <span>{t("stats.heatmap.more")}</span>
      </div>
    </section>
  );
}

function Windows({ stats }: { stats: StatsResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="stats-card" aria-labelledby="stats-windows-title">
      <h2 id="stats-windows-title" className="stats-card-title">
        {t("stats.windows.title")}
      </h2>
      <dl className="stats-windows">
        {stats.windows.map((window) => (
          <div key={window.days} className="stats-window">
            <dt>{t("stats.windows.window", { count: window.days })}</dt>
            <dd>
              <span className="stats-window-value">
                {t("stats.windows.perDay", { value: format.rate(window.perDay) })}
              </span>
              <span className="muted small">
                {t("stats.windows.reviews", { count: window.reviews })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Forecast({ days }: { days: StatsForecastDay[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const total = days.reduce((sum, day) => sum + day.due, 0);
  const max = Math.max(1, ...days.map((day) => day.due));
  const shortDate = new Intl.DateTimeFormat(format.locale, { month: "short", day: "numeric" });
  return (
    <section className="stats-card" aria-labelledby="stats-forecast-title">
      <h2 id="stats-forecast-title" className="stats-card-title">
        {t("stats.forecast.title")}
      </h2>
      {total === 0 ? (
        <p className="muted">{t("stats.forecast.empty")}</p>
      ) : (
        <>
          <p className="muted small stats-card-note">
            {t("stats.forecast.summary", { count: total, today: days[0]?.due ?? 0 })}
          </p>
          <ol className="stats-forecast" aria-labelledby="stats-forecast-title">
            {days.map((day) => {
              const label = t("stats.forecast.day", {
                date: format.date(dayMs(day.date)),
                count: day.due,
              });
              return (
                <li key={day.date} className="stats-forecast-day" title={label} aria-label={label}>
                  <span
                    className="stats-forecast-bar"
                    style={{ height: `${(day.due / max) * 100}%` }}
                  />
                </li>
              );
            })}
          </ol>
          <div className="stats-axis muted small" aria-hidden="true">
            <span>{days[0] ? shortDate.format(dayMs(days[0].date)) : ""}</span>
            <span>{days.at(-1) ? shortDate.format(dayMs(days.at(-1)?.date ?? "")) : ""}</span>
          </div>
        </>
      )}
    </section>
  );
}

function Retention({ folders }: { folders: StatsFolderRetention[] }) {
  const { t } = useTranslation();
  const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
  return (
    <section className="stats-card" aria-labelledby="stats-retention-title">
      <h2 id="stats-retention-title" className="stats-card-title">
        {t("stats.retention.title")}
      </h2>
      {folders.length === 0 ? (
        <p className="muted">{t("stats.retention.empty")}</p>
      ) : (
        <ul className="stats-retention">
          {folders.map((folder) => (
            <li key={folder.folderId} className="stats-retention-row">
              <div className="stats-retention-head">
                <span className="stats-retention-title">{folder.title}</span>
                <span className="muted small">
                  {t("stats.retention.reviews", { count: folder.reviews })}
                </span>
              </div>
              <dl className="stats-retention-figures">
                <div>
                  <dt>{t("stats.retention.true")}</dt>
                  <dd>
                    {folder.trueRetention === null
                      ? t("stats.retention.none")
                      : percent(folder.trueRetention)}
                  </dd>
                </div>
                <div>
                  <dt>{t("stats.retention.desired")}</dt>
                  <dd>{percent(folder.desiredRetention)}</dd>
                </div>
              </dl>
              {folder.trueRetention !== null && (
                <div className="stats-retention-bar" aria-hidden="true">
                  <span
                    className="stats-retention-fill"
                    style={{ width: `${folder.trueRetention * 100}%` }}
                  />
                  <span
                    className="stats-retention-target"
                    style={{ left: `${folder.desiredRetention * 100}%` }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
