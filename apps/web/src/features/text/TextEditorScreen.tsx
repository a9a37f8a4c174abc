import { isEmptyRichText } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorCodeOf, isNetworkError } from "../../api/client";
import { useScratchText } from "../../api/text.queries";
import { useFormat } from "../../i18n/format";
import { sanitizeRichText } from "../../lib/html-text";
import { errorMessage } from "../../overlays/error-dialog";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { useReportError } from "./use-report-error";

/** The user's scratch note, read-only, with an Edit button. */
export function TextEditorScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const text = useScratchText();
  useReportError(text.error);
  const contents = text.data?.contents ?? "";
  const updatedAt = text.data?.updatedAt ?? null;
  const isEmpty = isEmptyRichText(contents);
  // Offline the note is the device's copy and cannot be saved: no way into the editor.
  const canEdit = text.isSuccess && !text.data.isFromDevice;

  return (
    <Page
      title={t("text.title")}
      actions={
        canEdit && (
          <Link className="text-button" to="/upsert-text">
            {t("common.edit")}
          </Link>
        )
      }
    >
      {text.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : text.isError ? (
        <EmptyState title={t(isNetworkError(text.error) ? "text.offlineTitle" : "text.loadFailed")}>
          <p>
            {isNetworkError(text.error)
              ? t("text.offlineNoCopy")
              : errorMessage(errorCodeOf(text.error))}
          </p>
          <button type="button" className="button button-secondary" onClick={() => text.refetch()}>
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : (
        <>
          {text.data.isFromDevice && (
            <p className="text-offline muted small" role="status">
              {t("text.offlineNotice")}
            </p>
          )}
          {isEmpty ? (
            <div className="text-card">
              <EmptyState title={t("text.emptyTitle")}>
                <p className="text-empty-body">{t("text.emptyBody")}</p>
                {canEdit && (
                  <Link className="button" to="/upsert-text">
                    {t("text.write")}
                  </Link>
                )}
              </EmptyState>
            </div>
          ) : (
            <>
              <article className="text-card text-note" aria-label={t("text.title")}>
                <div
                  className="rich-text"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText
                  dangerouslySetInnerHTML={{ __html: sanitizeRichText(contents) }}
                />
              </article>
              <div className="text-footer">
                {updatedAt !== null && (
                  <span className="muted small">
                    {t("text.savedAt", { dateTime: format.dateTime(updatedAt) })}
                  </span>
                )}
                {canEdit && (
                  <Link className="button button-small button-secondary" to="/upsert-text">
                    {t("text.editNote")}
                  </Link>
                )}
              </div>
            </>
          )}
        </>
      )}
    </Page>
  );
}
