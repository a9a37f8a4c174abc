import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ReviewQueueItem } from "../../api/review.queries";
import { useFormat } from "../../i18n/format";
import { useIntervalText } from "./GradeButtons";
import { type SessionState, summarizeSession } from "./review-session";

/** The end of a session: how many, how long, how many Again, when the next one is due. */
export function SessionSummary({
  state,
  leaveTo,
  onUndo,
}: {
  state: SessionState<ReviewQueueItem>;
  leaveTo: string;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const intervalText = useIntervalText();
  const summary = summarizeSession(state);
  const homeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    homeRef.current?.focus();
  }, []);
  const seconds = Math.round(summary.timeSpentMs / 1_000);
  const timeSpent =
    seconds < 60
      ? t("review.summary.seconds", { count: seconds })
      : t("review.summary.minutes", { count: Math.round(seconds / 60) });
  const finishedAt = state.finishedAt ?? state.startedAt;
  // Again and the next due time belong to FSRS: a session of repetition folders has neither.
  const isGraded = state.reviews.some((review) => review.grade !== null);
  return (
    <section className="review-summary" aria-labelledby="review-summary-title">
      <h2 id="review-summary-title" className="large-title review-summary-title">
        {t("review.summary.title")}
      </h2>
      <dl className="review-summary-figures">
        <div className="review-summary-figure">
          <dt>{t("review.summary.reviewed")}</dt>
          <dd>{format.number(summary.reviewed)}</dd>
        </div>
        <div className="review-summary-figure">
          <dt>{t("review.summary.timeSpent")}</dt>
          <dd>{timeSpent}</dd>
        </div>
        {isGraded && (
          <div className="review-summary-figure">
            <dt>{t("review.summary.again")}</dt>
            <dd>{format.number(summary.againCount)}</dd>
          </div>
        )}
        {isGraded && (
          <div className="review-summary-figure">
            <dt>{t("review.summary.nextDue")}</dt>
            <dd>
              {summary.nextDueAt === null ? (
                t("review.summary.nextDueNone")
              ) : (
                <time dateTime={new Date(summary.nextDueAt).toISOString()}>
                  {intervalText(summary.nextDueAt - finishedAt)}
                  <span className="muted small"> · {format.dateTime(summary.nextDueAt)}</span>
                </time>
              )}
            </dd>
          </div>
        )}
      </dl>
      <div className="review-summary-actions">
        <Link ref={homeRef} className="button" to="/home">
          {t("review.summary.backHome")}
        </Link>
        {summary.reviewed > 0 && (
          <button type="button" className="button button-secondary" onClick={onUndo}>
            {t("review.summary.undoLast")}
          </button>
        )}
        {leaveTo !== "/home" && (
          <Link className="text-button" to={leaveTo}>
            {t("review.leave")}
          </Link>
        )}
      </div>
    </section>
  );
}
