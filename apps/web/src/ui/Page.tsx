import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useMenu } from "../shell/menu-context";

/**
 * One screen: an iOS-style header (menu button on phones, optional back button, title, actions)
 * over scrolling content. Every feature screen renders inside one.
 */
export function Page({
  title,
  backTo,
  actions,
  children,
  wide = false,
}: {
  title: string;
  backTo?: string;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useMenu();
  const appTitle = t("app.title");
  // The tab and the history list name the screen, in the UI language.
  useEffect(() => {
    document.title = title === appTitle ? appTitle : `${title} · ${appTitle}`;
  }, [title, appTitle]);
  return (
    <section className="page">
      <header className="page-header">
        <div className="page-header-start">
          {menu.isCollapsible && (
            <button
              type="button"
              className="icon-button"
              aria-label={t("shell.openMenu")}
              onClick={menu.open}
            >
              <MenuIcon />
            </button>
          )}
          {backTo && (
            <button type="button" className="back-button" onClick={() => navigate(backTo)}>
              ‹ {t("common.back")}
            </button>
          )}
        </div>
        <h1 className="page-title">{title}</h1>
        <div className="page-header-end">{actions}</div>
      </header>
      <div className={wide ? "page-content page-content-wide" : "page-content"}>{children}</div>
    </section>
  );
}

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M3 6h18M3 12h18M3 18h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
