import { ROOT_FOLDER_ID } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { useFolders } from "../api/folders.queries";
import { useTags } from "../api/tags.queries";
import { showToast } from "../overlays/toast";
import { copyText } from "../platform/copy-text";
import { displayNameOf, useSignedInMe } from "../session/me-context";
import { isAnonymousUser, signOut } from "../session/session";
import { SEARCH_PATH, searchPath } from "../ui/SearchField";

/**
 * The build's configuration decides dev mode (PRODUCT.md › Shell). PROD, not MODE: the native apps'
 * build runs in mode "native" and is a production build too.
 */
const isDevMode = !import.meta.env.PROD;

/**
 * The navigation entries (PRODUCT.md › Shell), shared by the side navigation (≥ 992 px) and the
 * slide-out menu: home; private (root folder, category folders, manage folders); tags (each opens
 * the search for it, PRODUCT.md › Tags); public (coming soon); settings (account); admin (analytics) for admins; the user; dev banner; copy address.
 *
 * Memoized: the shell renders again at every press of a list (the cache's write refreshes the
 * lists), and this menu (a link per tag and category folder) took a fifth of that render.
 */
export const NavMenu = memo(function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const folders = useFolders();
  const tags = useTags();
  const location = useLocation();
  const [params] = useSearchParams();
  const activeTag = location.pathname === SEARCH_PATH ? params.get("tag") : null;
  const client = useQueryClient();
  const navigate = useNavigate();
  const categories = (folders.data ?? []).filter(
    (folder) =>
      folder.id !== ROOT_FOLDER_ID &&
      folder.parentFolderId === null &&
      (folder.isCategoryFolder || folder.sideNavPinned),
  );
  // `end`: a parent path (e.g. /private-folders) is not active on its children's pages; home
  // stays active at /home/<myId> (PRODUCT.md › Screens: home receives myId after sign-in).
  const link = (to: string, label: string, extra?: string) => (
    <li>
      <NavLink
        end={to !== "/home"}
        to={to}
        className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}
        onClick={onNavigate}
      >
        <span>{label}</span>
        {extra && <span className="nav-badge">{extra}</span>}
      </NavLink>
    </li>
  );

  const copyAddress = async () => {
    try {
      await copyText(window.location.origin);
      showToast(t("shell.addressCopied"));
    } catch {
      showToast(t("errors.CLIPBOARD_UNAVAILABLE"));
    }
  };

  const logout = async () => {
    onNavigate?.();
    if (await signOut(client, me)) navigate("/login", { replace: true });
  };

  return (
    <nav className="nav-menu" aria-label={t("shell.navigation")}>
      {isDevMode && <div className="dev-banner">{t("shell.devMode")}</div>}
      <div className="nav-user">
        <NavLink to="/account-settings" className="nav-user-name" onClick={onNavigate}>
          {displayNameOf(me) || t("shell.noName")}
        </NavLink>
        <div className={isAnonymousUser(me) ? "nav-user-sub" : "nav-user-sub nav-user-email"}>
          {isAnonymousUser(me) ? t("shell.anonymousNote") : me.user.email}
        </div>
      </div>
      <ul className="nav-list">
        {link(`/home`, t("nav.home"))}
        {link("/today", t("nav.today"))}
        {link("/private-calendar", t("nav.calendar"))}
        {link("/review", t("nav.review"))}
        {link("/stats", t("nav.stats"))}
      </ul>
      <h2 className="nav-heading">{t("nav.private")}</h2>
      <ul className="nav-list">
        {link(`/private-memos/${ROOT_FOLDER_ID}`, t("folders.rootTitle"))}
        {categories.map((folder) => (
          <li key={folder.id}>
            <NavLink
              to={`/private-folders/${encodeURIComponent(folder.id)}`}
              className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}
              onClick={onNavigate}
            >
              {folder.title}
            </NavLink>
          </li>
        ))}
        {link("/private-folders", t("nav.manageFolders"))}
        {link("/review-memo-settings", t("nav.reviewSettings"))}
        {link("/trash", t("nav.trash"))}
      </ul>
      {tags.data && tags.data.length > 0 && (
        <>
          <h2 className="nav-heading">{t("nav.tags")}</h2>
          <ul className="nav-list">
            {tags.data.map(({ tag, memoCount: count }) => (
              <li key={tag}>
                <Link
                  to={searchPath("", tag)}
                  className={tag === activeTag ? "nav-link active" : "nav-link"}
                  aria-current={tag === activeTag ? "page" : undefined}
                  aria-label={t("nav.tagCount", { tag, count })}
                  onClick={onNavigate}
                >
                  <span className="nav-tag">#{tag}</span>
                  <span className="nav-count" aria-hidden="true">
                    {count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 className="nav-heading">{t("nav.public")}</h2>
      <ul className="nav-list">
        {link("/public-memos", t("nav.publicMemos"), t("nav.comingSoon"))}
      </ul>
      <h2 className="nav-heading">{t("nav.tools")}</h2>
      <ul className="nav-list">
        {link("/text-editor", t("nav.scratch"))}
        {link("/subjects", t("nav.subjects"))}
        {link("/laboratory", t("nav.laboratory"))}
      </ul>
      <h2 className="nav-heading">{t("nav.settings")}</h2>
      <ul className="nav-list">
        {link("/account-settings", t("nav.account"))}
        {link("/plan", t("nav.plan"))}
        {link("/letter", t("nav.letter"))}
        {link("/privacy-policy", t("nav.privacy"))}
      </ul>
      {me.isAdmin && (
        <>
          <h2 className="nav-heading">{t("nav.admin")}</h2>
          <ul className="nav-list">{link("/analytics", t("nav.analytics"))}</ul>
        </>
      )}
      <ul className="nav-list nav-list-footer">
        <li>
          <button type="button" className="nav-link nav-button" onClick={copyAddress}>
            {t("shell.copyAddress")}
          </button>
        </li>
        <li>
          <button type="button" className="nav-link nav-button nav-logout" onClick={logout}>
            {t("shell.logout")}
          </button>
        </li>
      </ul>
    </nav>
  );
});
