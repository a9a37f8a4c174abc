import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format";

export interface DayCount {
  date: string;
  count: number;
}

/** Local midnight of a YYYY-MM-DD date, as epoch ms for the formatters. */
function dayMs(date: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1).getTime();
}

/**
 * Counts per day as plain CSS bars (no chart library), with the first, middle and last dates
 * under them; the same numbers as a table behind a disclosure, for screen readers and exact
 * values.
 */
export function BarChart({
  title,
  days,
  tone,
}: {
  title: string;
  days: DayCount[];
  tone: "tint" | "success";
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const max = Math.max(1, ...days.map((day) => day.count));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const peak = days.reduce<DayCount | null>(
    (best, day) => (day.count > 0 && (!best || day.count > best.count) ? day : best),
    null,
  );
  const shortDate = new Intl.DateTimeFormat(format.locale, { month: "short", day: "numeric" });
  const axis = [days[0], days[Math.floor((days.length - 1) / 2)], days.at(-1)];

  return (
    <figure className={`admin-chart admin-chart-${tone}`} aria-labelledby={titleId}>
      <figcaption id={titleId} className="admin-chart-title">
        <span>{title}</span>
        <span className="admin-chart-max muted small">
          {t("admin.chartMax", { count: peak?.count ?? 0 })}
        </span>
      </figcaption>
      <div
        className="admin-bars"
        role="img"
        aria-label={
          peak
            ? t("admin.chartSummary", {
                total: format.number(total),
                max: format.number(peak.count),
                date: format.date(dayMs(peak.date)),
              })
            : t("admin.chartEmpty")
        }
      >
        {days.map((day) => (
          <div
            key={day.date}
            className="admin-bar"
            title={`${format.date(dayMs(day.date))}: ${format.number(day.count)}`}
          >
            <div
              className={day.count > 0 ? "admin-bar-fill" : "admin-bar-fill admin-bar-zero"}
              style={{ height: `${(day.count / max) * 100}%` }}
            />
          </div>
        ))}
      </div>
      <div className="admin-axis" aria-hidden="true">
        {axis.map((day, index) => (
          // The three axis labels are positional (start, middle, end).
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
          <span key={index}>{day ? shortDate.format(dayMs(day.date)) : ""}</span>
        ))}
      </div>
      <details className="admin-table-toggle">
        <summary>{t("admin.showTable")}</summary>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("admin.date")}</th>
              <th scope="col">{t("admin.count")}</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <td>{format.date(dayMs(day.date))}</td>
                <td>{format.number(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
