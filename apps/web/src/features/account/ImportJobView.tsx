import type { ImportJob } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format";
import { errorMessage } from "../../overlays/error-dialog";

/**
 * One import job as the user follows it: a progress bar with done/total while it runs; once done,
 * what came in (folders, memos, reviews, images) and what was skipped with why; once failed, the
 * error's translation and that nothing was kept.
 */
export function ImportJobView({
  job,
  isUpdating = false,
}: {
  job: ImportJob;
  isUpdating?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="import-job" aria-labelledby="import-job-title">
      {/* Only the state is announced when it changes, not every step of the progress. */}
      <h3 id="import-job-title" className="import-job-title" aria-live="polite">
        {job.status === "running" && t("import.job.running")}
        {job.status === "done" && t("import.job.done")}
        {job.status === "failed" && t("import.job.failed")}
      </h3>
      <p className="import-job-meta">
        {t("import.job.startedAt", { time: format.dateTime(job.createdAt) })}
        {job.report && ` · ${t(`import.formats.${job.report.format}`)}`}
      </p>
      {job.status === "running" && <ImportProgress done={job.done} total={job.total} />}
      {job.status === "failed" && (
        <div className="import-job-error" role="alert">
          <p>{errorMessage(job.errorCode ?? "INTERNAL")}</p>
          <p>{t("import.job.nothingImported")}</p>
        </div>
      )}
      {job.status === "done" && job.report && (
        <>
          <dl className="import-counts">
            {(
              [
                ["folders", job.report.folders],
                ["memos", job.report.memos],
                ["reviews", job.report.reviews],
                ["images", job.report.attachments],
              ] as const
            ).map(([key, count]) => (
              <div key={key} className="import-count">
                <dt>{t(`import.job.counts.${key}`)}</dt>
                <dd>{format.number(count)}</dd>
              </div>
            ))}
          </dl>
          {isUpdating && <p className="import-job-meta">{t("import.job.updating")}</p>}
          {job.report.skippedCount > 0 && (
            <SkippedList skipped={job.report.skipped} count={job.report.skippedCount} />
          )}
        </>
      )}
    </section>
  );
}

/** Done of total steps; without a total yet, a bar that only says it is busy. */
export function ImportProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const hasTotal = total > 0;
  return (
    <div className="import-progress">
      <progress
        className="import-progress-bar"
        aria-label={t("import.job.progressLabel")}
        max={hasTotal ? total : undefined}
        value={hasTotal ? Math.min(done, total) : undefined}
      />
      {hasTotal && (
        <span className="import-progress-text">
          {t("import.job.progress", { done: format.number(done), total: format.number(total) })}
        </span>
      )}
    </div>
  );
}

type Skipped = NonNullable<ImportJob["report"]>["skipped"];

/** The skipped items (at most 200 listed by the server), each as plain text with its reason. */
function SkippedList({ skipped, count }: { skipped: Skipped; count: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="import-skipped">
      <h4 className="import-skipped-title">
        {t("import.job.skippedHeader", { count: format.number(count) })}
      </h4>
      <ul className="import-skipped-list">
        {skipped.map((skip, index) => (
          // The same item may be skipped twice (two images of one note): the index keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <li key={index} className="import-skipped-item">
            <span className="import-skipped-name">{skip.item}</span>
            <span className="import-skipped-reason">
              {t(`import.skip.${skip.reason}`, { defaultValue: skip.reason })}
              {skip.detail && ` (${skip.detail})`}
            </span>
          </li>
        ))}
      </ul>
      {count > skipped.length && (
        <p className="import-job-meta">
          {t("import.job.skippedMore", { count: format.number(count - skipped.length) })}
        </p>
      )}
    </div>
  );
}
