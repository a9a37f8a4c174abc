import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Page } from "../../ui/Page";

/** Any address the app does not know. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Page title={t("info.notFound.title")}>
      <div className="info-hero">
        <p className="info-hero-code" aria-hidden="true">
          404
        </p>
        <h2 className="info-hero-title">{t("info.notFound.heading")}</h2>
        <p className="info-hero-body">{t("info.notFound.body")}</p>
        <p className="info-path">
          <code>{location.pathname}</code>
        </p>
        <div className="info-hero-actions">
          <Link className="button" to="/home">
            {t("info.notFound.home")}
          </Link>
        </div>
      </div>
    </Page>
  );
}
