import { ErrorCode } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError, errorCodeOf } from "../../api/client";
import { usePublicMemo } from "../../api/public-memos.queries";
import { useFormat } from "../../i18n/format";
import { sanitizeSharedRichText } from "../../lib/html-text";
import { errorMessage } from "../../overlays/error-dialog";
import { useOptionalMe } from "../../session/me-context";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";

/** A memo its owner shares at /view/{countryCode}/{shareToken}: read-only, for anyone. */
export function SharedMemoScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useOptionalMe();
  const { countryCode = "", shareToken = "" } = useParams();
  const memo = usePublicMemo(countryCode, shareToken);
  const isNotFound =
    memo.isError &&
    (errorCodeOf(memo.error) === ErrorCode.MEMO_NOT_FOUND ||
      (memo.error instanceof ApiError && memo.error.status === 404));

  return (
    <Page title={t("shared.title")}>
      {memo.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : isNotFound ? (
        // Unshared, or a wrong token: the server answers the same for both (it tells nothing).
        <section className="shared-missing" aria-labelledby="shared-missing-title">
          <SearchIcon />
          <h2 id="shared-missing-title" className="shared-missing-text">
            {t("shared.missing.title")}
          </h2>
          <p className="shared-missing-body muted">{t("shared.missing.body")}</p>
          <Link className="button" to="/home">
            {me ? t("shared.backHome") : t("shared.missing.home")}
          </Link>
        </section>
      ) : memo.isError ? (
        <EmptyState title={t("shared.loadFailed")}>
          <p>{errorMessage(errorCodeOf(memo.error))}</p>
          <button type="button" className="button button-secondary" onClick={() => memo.refetch()}>
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : (
        <>
          <p className="shared-note" role="note">
            <LockIcon />
            {t("shared.readOnly")}
          </p>
          <article className="shared-card" aria-labelledby="shared-memo-title">
            <h2 id="shared-memo-title" className="shared-title">
              {memo.data.title}
            </h2>
            <p className="shared-dates muted small">
              <span>{t("shared.created", { date: format.date(memo.data.createdAt) })}</span>
              {memo.data.updatedAt !== memo.data.createdAt && (
                <span>{t("shared.updated", { date: format.dateTime(memo.data.updatedAt) })}</span>
              )}
            </p>
            <div
              className="rich-text shared-contents"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeSharedRichText
              dangerouslySetInnerHTML={{
                __html: sanitizeSharedRichText(memo.data.contents, { countryCode, shareToken }),
              }}
            />
          </article>
          {me ? (
            <p className="shared-back">
              <Link to="/home">{t("shared.backHome")}</Link>
            </p>
          ) : (
            <section className="shared-cta" aria-labelledby="shared-cta-title">
              <h2 id="shared-cta-title" className="shared-cta-title">
                {t("shared.cta.title")}
              </h2>
              <p className="shared-cta-body">{t("shared.cta.body")}</p>
              <div className="shared-cta-actions">
                <Link className="button" to="/signup">
                  {t("shared.cta.signUp")}
                </Link>
                <Link className="button button-secondary" to="/login">
                  {t("shared.cta.signIn")}
                </Link>
              </div>
            </section>
          )}
        </>
      )}
    </Page>
  );
}

function SearchIcon() {
  return (
    <svg
      className="shared-missing-icon"
      width="48"
      height="48"
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d="M15.5 15.5 21 21" />
      </g>
    </svg>
  );
}

function LockIcon() {
  return (
    <svg width="13" height="13" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M7 10V7.5a5 5 0 0 1 10 0V10h.5A1.5 1.5 0 0 1 19 11.5v8a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19.5v-8A1.5 1.5 0 0 1 6.5 10zm2 0h6V7.5a3 3 0 0 0-6 0z"
        fill="currentColor"
      />
    </svg>
  );
}
