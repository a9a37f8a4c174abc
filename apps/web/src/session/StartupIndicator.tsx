import { useTranslation } from "react-i18next";

/**
 * PRODUCT.md › Start-up: index.html's start-up indicator (app icon, name, spinner), as React shows
 * it while the user loads. The same markup and place, so the page's own indicator hands over to
 * this one without a flicker; its styles are index.html's inline ones, which paint before app.css.
 */
export function StartupIndicator() {
  const { t } = useTranslation();
  return (
    <div className="startup-screen" role="progressbar" aria-label={t("common.loading")}>
      <svg className="startup-logo" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#007aff" />
        <path d="M16 46V18h6l10 14 10-14h6v28h-6V28l-10 13-10-13v18z" fill="#fff" />
      </svg>
      <span className="startup-name" aria-hidden="true">
        {t("app.title")}
      </span>
      <span className="startup-spinner" aria-hidden="true" />
    </div>
  );
}
