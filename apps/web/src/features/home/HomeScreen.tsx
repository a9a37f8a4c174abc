import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCalendar } from "../../api/calendar.queries";
import { useHomeReviewPages } from "../../api/home.queries";
import { useFormat } from "../../i18n/format";
import { useLabFlag } from "../../lib/lab-flags";
import { addDays, localIsoDate } from "../../lib/local-date";
import { displayNameOf, useSignedInMe } from "../../session/me-context";
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
  const reviewList = useHomeReviewPages();
  const isCompact = useLabFlag("compactMemoList");
  const showsStreak = useLabFlag("showReviewStreak");
  const now = new Date();
  const name = displayNameOf(me);
  const part = greetingKey(now.getHours());
  const pages = reviewList.data?.pages ?? [];
  // Each memo once: a page read after a change made elsewhere (another device's review) may
  // repeat a memo an earlier page showed; the earlier row stays until the list is read again.
  const memos = uniqueById(pages.flatMap((page) => page.memos));
  // Every page counts the whole list; the latest read is the freshest.
  const total = pages.at(-1)?.total ?? memos.length;

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
          <span className="muted small">{t("home.listSummary", { count: total })}</span>
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
          {reviewList.hasNextPage && (
            <div className="home-show-more">
              <p className="muted small" aria-live="polite">
                {t("home.shownOf", { shown: memos.length, count: total })}
              </p>
              <button
                type="button"
                className="button button-secondary"
                disabled={reviewList.isFetchingNextPage}
                onClick={() => void reviewList.fetchNextPage()}
              >
                {reviewList.isFetchingNextPage ? t("common.loading") : t("home.showMore")}
              </button>
            </div>
          )}
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

function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
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
