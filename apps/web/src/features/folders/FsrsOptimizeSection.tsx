import { useTranslation } from "react-i18next";
import { useFsrsParameters, useOptimizeFsrs } from "../../api/fsrs.queries";
import { useFormat } from "../../i18n/format";
import { showError } from "../../overlays/error-dialog";

/**
 * "Optimize" (issue 9 › Personal parameters): once the user has enough graded reviews, fits
 * FSRS's weights to their own history on the server, and shows the log loss (lower predicts
 * recall better) before and after, on that same history.
 */
export function FsrsOptimizeSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const parameters = useFsrsParameters();
  const optimize = useOptimizeFsrs();
  if (!parameters.data) return null;
  const { gradedReviewCount, minGradedReviews, optimization, isDefault } = parameters.data;
  const isRunning = optimization?.status === "running" || optimize.isPending;
  const hasEnough = gradedReviewCount >= minGradedReviews;
  const logLoss = (value: number | null) =>
    value === null
      ? "–"
      : new Intl.NumberFormat(format.locale, { maximumFractionDigits: 4 }).format(value);

  const run = async () => {
    try {
      await optimize.mutateAsync();
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <section className="folders-optimize" aria-labelledby="folders-optimize-title">
      <h2 id="folders-optimize-title" className="section-title">
        {t("folders.optimize.title")}
      </h2>
      <p className="muted small">{t("folders.optimize.intro")}</p>
      <p className="folders-optimize-count">
        {t("folders.optimize.graded", {
          count: gradedReviewCount,
          min: format.number(minGradedReviews),
        })}
      </p>
      <p className="muted small">
        {isDefault ? t("folders.optimize.defaults") : t("folders.optimize.personal")}
      </p>
      {optimization && (
        <div className="folders-optimize-result" aria-live="polite">
          {optimization.status === "running" ? (
            <p>{t("folders.optimize.running")}</p>
          ) : optimization.status === "failed" ? (
            <p className="folders-optimize-failed">{t("folders.optimize.failed")}</p>
          ) : (
            <dl className="folders-optimize-figures">
              <div>
                <dt>{t("folders.optimize.before")}</dt>
                <dd>{logLoss(optimization.logLossBefore)}</dd>
              </div>
              <div>
                <dt>{t("folders.optimize.after")}</dt>
                <dd>{logLoss(optimization.logLossAfter)}</dd>
              </div>
              <div>
                <dt>{t("folders.optimize.finishedAt")}</dt>
                <dd>{optimization.finishedAt ? format.dateTime(optimization.finishedAt) : "–"}</dd>
              </div>
            </dl>
          )}
        </div>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={!hasEnough || isRunning}
        onClick={() => void run()}
      >
        {isRunning ? t("folders.optimize.running") : t("folders.optimize.run")}
      </button>
      {!hasEnough && (
        <p className="muted small">
          {t("folders.optimize.notEnough", {
            count: minGradedReviews - gradedReviewCount,
          })}
        </p>
      )}
    </section>
  );
}
