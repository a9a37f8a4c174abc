import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCalendar } from "../../api/calendar.queries";
import { useHomeReviewList } from "../../api/home.queries";
import { useFormat } from "../../i18n/format";
import { useLabFlag } from "../../lib/lab-flags";
import { addDays, localIsoDate } from "../../lib/local-date";
import { useSignedInMe } from "../../session/me-context";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { reviewStreak } from "./home-dates";
import { LoadError } from "./LoadError";
import { ReviewItems } from "./ReviewItems";
import { StartReview } from "./StartReview";

/** The greeting's part of the day, by the local hour. */
function greetingKey(hour: number): "morning" | "afternoon" | "evening" {
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 18) return "afternoon";
  return "evening";
}

/** Home: a greeting and the review list (memos of the folders shown on home, most due first). */
export function HomeScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useSignedInMe();
  const reviewList = useHomeReviewList();
  const isCompact = useLabFlag("compactMemoList");
  const showsStreak = useLabFlag("showReviewStreak");
  const now = new Date();
  const name = me.user.name.trim();
  const part = greetingKey(now.getHours());
  const memos = reviewList.data ?? [];

  return (
    <Page title={t("home.title")}>
      <header className="home-hero">
        <h2 className="home-greeting">
          {name ? t(`home.greeting.${part}`, { name }) : t(`home.greetingNoName.${part}`)}
        </h2>
        <p className="home-date muted">{format.date(now.getTime())}</p>
        {showsStreak && <ReviewStreak />}
        <StartReview />
      </header>

      <div className="home-section-head">
        <h2 className="section-title home-section-title">{t("home.listTitle")}</h2>
        {reviewList.isSuccess && memos.length > 0 && (
          <span className="muted small">{t("home.listSummary", { count: memos.length })}</span>
        )}
      </div>

      {reviewList.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : reviewList.isError ? (
        <LoadError error={reviewList.error} onRetry={() => reviewList.refetch()} />
      ) : memos.length === 0 ? (
        <div className="home-empty">
          <EmptyState title={t("home.empty.title")}>
            <p className="home-empty-body">{t("home.empty.body")}</p>
            <div className="home-empty-actions">
              <Link className="button" to="/private-folders">
                {t("home.empty.foldersLink")}
              </Link>
              <Link className="text-button" to="/review-memo-settings">
                {t("home.empty.settingsLink")}
              </Link>
            </div>
          </EmptyState>
        </div>
      ) : (
        <>
          <p className="home-list-hint muted small">{t("home.listHint")}</p>
          <ReviewItems memos={memos} label={t("home.listTitle")} isCompact={isCompact} />
          <p className="home-footer-links small">
            <Link to="/today">{t("home.todayLink")}</Link>
            <span aria-hidden="true"> · </span>
            <Link to="/private-calendar">{t("home.calendarLink")}</Link>
          </p>
        </>
      )}
    </Page>
  );
}

/** Laboratory: the number of days in a row with a review, from the last 62 days of calendar. */
function ReviewStreak() {
  const { t } = useTranslation();
  const today = new Date();
  const calendar = useCalendar(localIsoDate(addDays(today, -61)), localIsoDate(today));
  if (!calendar.data) return null;
  const reviewedDays = new Set(
    calendar.data.filter((day) => day.reviewed.length > 0).map((day) => day.date),
  );
  const streak = reviewStreak(reviewedDays, today);
  return (
    <p className="home-streak">
      {streak > 0 ? t("home.streak", { count: streak }) : t("home.streakNone")}
    </p>
  );
}
