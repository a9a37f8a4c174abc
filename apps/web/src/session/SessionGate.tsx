import { ErrorCode } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import { errorCodeOf } from "../api/client";
import { useMe } from "../api/me.queries";
import { setLanguage } from "../i18n/i18n";
import { showAlert } from "../overlays/alert";
import { MeContext, useOptionalMe } from "./me-context";
import { homePath, rememberUser, signOut } from "./session";

/**
 * Entry paths from which the app goes on to home once a user is known (spec 4): at start-up,
 * and right after a sign-in on the login screen.
 */
const ENTRY_PATHS = new Set(["/", "/login", "/signup"]);

/**
 * Start-up (spec 4): while the user loads, a loading indicator; then the interface language
 * follows the user's `lang` and the app goes home. A session without a user record gets the
 * user-not-found alert and is logged out.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const appliedUserId = useRef<string | null>(null);

  useEffect(() => {
    rememberUser(me.data ?? null);
    const user = me.data?.user;
    // Signed out: the next sign-in (even as the same user) is applied and taken home again.
    if (!user) appliedUserId.current = null;
    if (!user || appliedUserId.current === user.id) return;
    appliedUserId.current = user.id;
    void setLanguage(user.lang);
    if (ENTRY_PATHS.has(location.pathname)) {
      navigate(homePath(user.id), { replace: true });
    }
  }, [me.data, location.pathname, navigate]);

  const hasNoUserRecord = errorCodeOf(me.error) === ErrorCode.AUTH_HAS_NOT_USER_INFORMATION;
  useEffect(() => {
    if (!hasNoUserRecord) return;
    void showAlert(t("session.userNotFoundTitle"), t("session.userNotFoundMessage"))
      .then(() => signOut(client, null))
      .then(() => navigate("/login", { replace: true }));
  }, [hasNoUserRecord, client, navigate, t]);

  // Without a user record the screens wait behind the alert until the logout is done.
  if (me.isPending || hasNoUserRecord) {
    return (
      <div className="startup" role="progressbar" aria-label={t("common.loading")}>
        <span className="spinner spinner-large" />
      </div>
    );
  }
  return <MeContext.Provider value={me.data ?? null}>{children}</MeContext.Provider>;
}

/** Private screens: no user → the login screen (spec 4 "no user: logout to login"). */
export function RequireUser({ children }: { children: ReactNode }) {
  const me = useOptionalMe();
  const location = useLocation();
  if (!me)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Admin-only screens (spec 6): others see not-found. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useOptionalMe();
  if (!me?.isAdmin) return <Navigate to="/home" replace />;
  return children;
}
