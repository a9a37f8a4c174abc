import { Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { useMediaQuery, WIDE_LAYOUT_QUERY } from "../lib/use-media-query";
import { useOptionalMe } from "../session/me-context";
import { Spinner } from "../ui/List";
import { MenuContext } from "./menu-context";
import { NavMenu } from "./NavMenu";

/**
 * Spec 2 "Shell": at ≥ 992 px a 50 px top bar (title → private-folders, user name →
 * account-settings) and a 200 px side navigation; below, a slide-out menu. Hidden when signed out.
 */
export function AppShell() {
  const { t } = useTranslation();
  const me = useOptionalMe();
  const isWide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const showsNavigation = me !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isMenuOpen]);

  const menu = useMemo(
    () => ({ isCollapsible: showsNavigation && !isWide, open: () => setMenuOpen(true) }),
    [showsNavigation, isWide],
  );
  const content = (
    <Suspense fallback={<Spinner label={t("common.loading")} />}>
      <Outlet />
    </Suspense>
  );

  if (!showsNavigation) return <main className="app-main app-main-bare">{content}</main>;

  return (
    <MenuContext.Provider value={menu}>
      {isWide ? (
        <div className="app-wide">
          <header className="top-bar">
            <Link to="/private-folders" className="top-bar-title">
              {t("app.title")}
            </Link>
            <Link to="/account-settings" className="top-bar-user">
              {me.user.name || t("shell.noName")}
            </Link>
          </header>
          <div className="app-body">
            <aside className="side-nav">
              <NavMenu />
            </aside>
            <main className="app-main">{content}</main>
          </div>
        </div>
      ) : (
        <div className="app-narrow">
          <main className="app-main">{content}</main>
          <div
            className={isMenuOpen ? "menu-scrim open" : "menu-scrim"}
            onClick={() => setMenuOpen(false)}
            aria-hidden="true"
          />
          <aside
            className={isMenuOpen ? "slide-menu open" : "slide-menu"}
            aria-hidden={!isMenuOpen}
            inert={!isMenuOpen}
          >
            <div className="slide-menu-header">
              <span className="slide-menu-title">{t("app.title")}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={t("shell.closeMenu")}
                onClick={() => setMenuOpen(false)}
              >
                ✕
              </button>
            </div>
            <NavMenu onNavigate={() => setMenuOpen(false)} />
          </aside>
        </div>
      )}
    </MenuContext.Provider>
  );
}
