import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Page } from "../../ui/Page";

/**
 * The public area is coming soon (PRODUCT.md › Overview); this says so plainly and points back to
 * one's own memos.
 */
export function PublicMemosScreen() {
  const { t } = useTranslation();
  const { showPinnedOnly } = useParams();
  const isPinnedOnly = showPinnedOnly === "true" || showPinnedOnly === "1";
  const title = isPinnedOnly ? t("info.publicMemos.pinnedTitle") : t("info.publicMemos.title");
  return (
    <Page title={title}>
      <div className="info-hero">
        <GlobeIcon />
        <p className="info-badge">{t("info.publicMemos.badge")}</p>
        <h2 className="info-hero-title">{title}</h2>
        <p className="info-hero-body">
          {isPinnedOnly ? t("info.publicMemos.pinnedBody") : t("info.publicMemos.body")}
        </p>
        <p className="info-hero-body muted small">{t("info.publicMemos.meanwhile")}</p>
        <div className="info-hero-actions">
          <Link className="button" to="/private-folders">
            {t("info.publicMemos.toMyMemos")}
          </Link>
          <Link className="button button-secondary" to="/home">
            {t("info.publicMemos.toHome")}
          </Link>
        </div>
      </div>
    </Page>
  );
}

function GlobeIcon() {
  return (
    <svg className="info-hero-icon" width="64" height="64" viewBox="0 0 24 24" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="1.4">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </g>
    </svg>
  );
}
