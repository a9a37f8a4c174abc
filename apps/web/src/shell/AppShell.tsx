import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { preloadScreenAt } from "../app/screens";
import { useMediaQuery, WIDE_LAYOUT_QUERY } from "../lib/use-media-query";
import { usePanelFocus } from "../overlays/dialog-focus";
import { isNative } from "../platform/platform";
import { displayNameOf, useOptionalMe } from "../session/me-context";
import { Spinner } from "../ui/List";
import { SEARCH_PATH, SearchField, useSearchShortcut } from "../ui/SearchField";
import { MenuContext } from "./menu-context";
import { NavMenu } from "./NavMenu";
import { ReminderNotifier } from "./ReminderNotifier";

// The sync status comes with the offline layer, which the first route renders without.
const SyncStatus = lazy(() => import("./SyncStatus"));

/** A swipe starts this close to the left edge to open the menu (the page scrolls elsewhere). */
const SWIPE_EDGE_PX = 24;
/** Horizontal travel that counts as a swipe, not a tap or a wobble. */
const SWIPE_MIN_PX = 60;

/**
 * PRODUCT.md › Shell, the swipe is native only: a swipe right from the left edge opens the
 * slide-out menu and a swipe left closes it. Mostly-vertical moves are scrolls and are ignored.
 */
function useSwipeMenu(isEnabled: boolean, isOpen: boolean, setOpen: (isOpen: boolean) => void) {
  useEffect(() => {
    if (!isEnabled) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start =
        touch && (isOpen || touch.clientX <= SWIPE_EDGE_PX)
          ? { x: touch.clientX, y: touch.clientY }
          : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = null;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dy) > Math.abs(dx)) return;
      if (dx > 0 && !isOpen) setOpen(true);
      if (dx < 0 && isOpen) setOpen(false);
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchend", onEnd, { passive: true });
    return () => {
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchend", onEnd);
    };
  }, [isEnabled, isOpen, setOpen]);
}

/**
 * The main region's id: the "Skip to content" link's target. The region scrolls by itself (the
 * body does not), so it is a Tab stop: the arrow keys can then scroll a screen that has no control
 * in it (WCAG 2.1.1; axe's scrollable-region-focusable on /plan).
 */
/**
 * The search screen's module, loaded when a search field outside it takes the focus: the field's
 * navigation renders at once (navigate-at-once.ts), where a screen still loading would show the
 * start-up indicator in the app's place.
 */
const preloadSearchScreen = () => void preloadScreenAt(SEARCH_PATH);

const MAIN_ID = "main-content";

/** The main region (see MAIN_ID): the skip link's target, and a Tab stop since it scrolls. */
function MainRegion({ className, isInert, children }: MainRegionProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
    <main id={MAIN_ID} tabIndex={0} className={className} inert={isInert}>
      {children}
    </main>
  );
}

interface MainRegionProps {
  className: string;
  isInert?: boolean;
  children: ReactNode;
}

/**
 * The first Tab stop of every screen (issue 12 §3, WCAG 2.4.1 bypass blocks): hidden until
 * focused, it moves the focus past the navigation to the main region. The focus is moved by hand:
 * a `#main-content` fragment would be a navigation for the router.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t("shell.skipToContent")}
    </a>
  );
}

/**
 * PRODUCT.md › Shell: at ≥ 992 px a 50 px top bar (title → private-folders, the search field, user
 * name → account-settings) and a 200 px side navigation; below, a slide-out menu that starts with
 * the search field. Hidden when signed out.
 */
export function AppShell() {
  const { t } = useTranslation();
  const me = useOptionalMe();
  const isWide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const location = useLocation();
  const slideMenu = useRef<HTMLElement>(null);
  const showsNavigation = me !== null;
  useSwipeMenu(isNative() && showsNavigation && !isWide, isMenuOpen, setMenuOpen);
  useSearchShortcut(showsNavigation);
  // While open, the phone menu is a modal panel: focus inside, Tab kept there, the page inert.
  usePanelFocus(slideMenu, isMenuOpen && showsNavigation && !isWide);

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

  if (!showsNavigation) {
    return (
      <>
        <SkipLink />
        <MainRegion className="app-main app-main-bare">{content}</MainRegion>
      </>
    );
  }

  return (
    <MenuContext.Provider value={menu}>
      <SkipLink />
      <ReminderNotifier reminder={me.user.reminder} />
      {isWide ? (
        <div className="app-wide">
          <header className="top-bar">
            <Link to="/private-folders" className="top-bar-title">
              {t("app.title")}
            </Link>
            <SearchField live className="top-bar-search" onFocus={preloadSearchScreen} />
            <Link to="/account-settings" className="top-bar-user">
              {displayNameOf(me) || t("shell.noName")}
            </Link>
          </header>
          <div className="app-body">
            <aside className="side-nav">
              <NavMenu />
            </aside>
            <MainRegion className="app-main">
              <Suspense fallback={null}>
                <SyncStatus />
              </Suspense>
              {content}
            </MainRegion>
          </div>
        </div>
      ) : (
        <div className="app-narrow">
          <MainRegion className="app-main" isInert={isMenuOpen}>
            <Suspense fallback={null}>
              <SyncStatus />
            </Suspense>
            {content}
          </MainRegion>
          <div
            className={isMenuOpen ? "menu-scrim open" : "menu-scrim"}
            onClick={() => setMenuOpen(false)}
            aria-hidden="true"
          />
          <aside
            ref={slideMenu}
            className={isMenuOpen ? "slide-menu open" : "slide-menu"}
            // A modal panel while open; closed, it is hidden and inert.
            role="dialog"
            aria-modal="true"
            aria-label={t("shell.navigation")}
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
            <SearchField
              live={false}
              className="search-field-menu"
              onSubmitted={() => setMenuOpen(false)}
              onFocus={preloadSearchScreen}
            />
            <NavMenu onNavigate={closeMenu} />
          </aside>
        </div>
      )}
    </MenuContext.Provider>
  );
}
