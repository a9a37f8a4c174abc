import type { CalendarDay } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCalendar } from "../../api/calendar.queries";
import { useHomeReviewList } from "../../api/home.queries";
import { statsYearRange, useStats } from "../../api/stats.queries";
import { useFormat } from "../../i18n/format";
import { localIsoDate } from "../../lib/local-date";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { StatsFigures } from "../../ui/StatsFigures";
import { LoadError } from "./LoadError";
import { ReviewItems } from "./ReviewItems";
import { StartReview } from "./StartReview";

/** How many of the most due memos Today shows. */
const MOST_DUE_COUNT = 5;

type MemoGroup = "reviewed" | "created" | "completed";

/** Today: what was reviewed, created and completed today, and the memos most due now. */
export function TodayScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const now = new Date();
  const today = localIsoDate(now);
  const calendar = useCalendar(today, today);
  const reviewList = useHomeReviewList();
  const statsRange = statsYearRange(now);
  const stats = useStats(statsRange.from, statsRange.to);
  const day: CalendarDay = calendar.data?.find((entry) => entry.date === today) ?? {
    date: today,
    created: [],
    reviewed: [],
    completed: [],
  };
  const totalReviews = day.reviewed.reduce((sum, memo) => sum + memo.count, 0);
  const mostDue = (reviewList.data?.memos ?? []).slice(0, MOST_DUE_COUNT);

  return (
    <Page title={t("home.today.title")}>
      <h2 className="large-title today-date">
        {new Intl.DateTimeFormat(format.locale, { dateStyle: "full" }).format(now)}
      </h2>
      <StartReview />

      {calendar.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : calendar.isError ? (
        <LoadError error={calendar.error} onRetry={() => calendar.refetch()} />
      ) : (
        <>
          <ul className="today-stats" aria-label={t("home.today.statsLabel")}>
            <Stat
              value={format.number(totalReviews)}
              label={t("home.today.reviews")}
              detail={t("home.today.reviewedMemos", { count: day.reviewed.length })}
              tone="reviewed"
            />
            <Stat
              value={format.number(day.created.length)}
              label={t("home.today.created")}
              tone="created"
            />
            <Stat
              value={format.number(day.completed.length)}
              label={t("home.today.completed")}
              tone="completed"
            />
          </ul>
          {stats.data && <StatsFigures stats={stats.data} linkToStats />}
          <TodayGroup group="reviewed" day={day} />
          <TodayGroup group="created" day={day} />
          <TodayGroup group="completed" day={day} />
        </>
      )}

      <div className="home-section-head">
        <h2 className="section-title home-section-title">{t("home.today.mostDue")}</h2>
        <Link className="small" to="/home">
          {t("home.today.allOnHome")}
        </Link>
      </div>
      {reviewList.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : reviewList.isError ? (
        <LoadError error={reviewList.error} onRetry={() => reviewList.refetch()} />
      ) : mostDue.length === 0 ? (
        <div className="home-empty">
          <EmptyState title={t("home.today.nothingDue")}>
            <Link to="/private-folders">{t("home.empty.foldersLink")}</Link>
          </EmptyState>
        </div>
      ) : (
        <ReviewItems memos={mostDue} label={t("home.today.mostDue")} isCompact />
      )}
    </Page>
  );
}

function Stat({
  value,
  label,
  detail,
  tone,
}: {
  value: string;
  label: string;
  detail?: string;
  tone: MemoGroup;
}) {
  return (
    <li className={`today-stat today-stat-${tone}`}>
      <span className="today-stat-value">{value}</span>
      <span className="today-stat-label">{label}</span>
      {detail && <span className="today-stat-detail">{detail}</span>}
    </li>
  );
}

/** One of today's memo groups as a titled list; memos link to their view screen. */
function TodayGroup({ group, day }: { group: MemoGroup; day: CalendarDay }) {
  const { t } = useTranslation();
  const memos: Array<{ id: string; title: string; count?: number }> = day[group];
  const headingId = `today-${group}`;
  return (
    <section className="today-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="today-group-title">
        {t(`home.today.groups.${group}`)} <span className="today-group-count">{memos.length}</span>
      </h3>
      {memos.length === 0 ? (
        <p className="today-group-empty muted small">{t(`home.today.none.${group}`)}</p>
      ) : (
        <ul className="list" aria-labelledby={headingId}>
          {memos.map((memo) => (
            <li key={memo.id} className="list-item">
              <Link
                className="list-item-link"
                to={`/view-private-memo?memoId=${encodeURIComponent(memo.id)}`}
              >
                <span className="list-item-main list-item-label">{memo.title}</span>
                {memo.count !== undefined && memo.count > 1 && (
                  <span className="today-times">
                    {t("home.today.times", { count: memo.count })}
                  </span>
                )}
                <span className="chevron" aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
