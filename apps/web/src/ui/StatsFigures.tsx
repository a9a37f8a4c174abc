import type { StatsResponse } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../i18n/format";

/**
 * The headline review figures of `GET /api/stats`: reviews today, the current and the longest
 * streak; with `linkToStats`, a link to the whole statistics screen (the today and calendar
 * screens' summary).
 */
export function StatsFigures({
  stats,
  linkToStats = false,
}: {
  stats: StatsResponse;
  linkToStats?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const today = stats.days.find((day) => day.date === stats.today)?.count ?? 0;
  return (
    <section className="stats-figures-block" aria-labelledby="stats-figures-title">
      <div className="stats-figures-head">
        <h2 id="stats-figures-title" className="section-title stats-figures-title">
          {t("stats.summary.title")}
        </h2>
        {linkToStats && (
          <Link className="small" to="/stats">
            {t("stats.summary.all")}
          </Link>
        )}
      </div>
      <dl className="stats-figures">
        <div className="stats-figure">
          <dt>{t("stats.summary.today")}</dt>
          <dd>{t("stats.windows.reviews", { count: today, value: format.number(today) })}</dd>
        </div>
        <div className="stats-figure">
          <dt>{t("stats.streaks.current")}</dt>
          <dd>{t("stats.streaks.days", { count: stats.streaks.current })}</dd>
        </div>
        <div className="stats-figure">
          <dt>{t("stats.streaks.longest")}</dt>
          <dd>{t("stats.streaks.days", { count: stats.streaks.longest })}</dd>
        </div>
      </dl>
    </section>
  );
}
