import { ErrorCode } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import { invalidateCachedLists } from "../api/cached-lists";
import { errorCodeOf } from "../api/client";
import { forgetCachedMe, meKeys, useMe } from "../api/me.queries";
import { setLanguage } from "../i18n/i18n";
import {
  closeOfflineCache,
  loadedOffline,
  loadOffline,
  openOfflineCache,
} from "../offline/offline-lazy";
import { showAlert } from "../overlays/alert";
import { MeContext, useOptionalMe } from "./me-context";
import { StartupIndicator } from "./StartupIndicator";
import { homePath, rememberUser, signOut } from "./session";

/**
 * Entry paths from which the app goes on to home once a user is known (PRODUCT.md › Start-up): at
 * start-up, and right after a sign-in on the login screen.
 */
const ENTRY_PATHS = new Set(["/", "/login", "/signup"]);

/**
 * Start-up (PRODUCT.md › Start-up): while the user loads, a loading indicator; then the interface
 * language follows the user's `lang` and the app goes home. A session without a user record gets
 * the user-not-found alert and is logged out.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const appliedUserId = useRef<string | null>(null);
  const user = me.data?.user;
  const userId = user?.id;
  const userName = user?.name ?? "";

  // The signed-in user's offline cache opens (and starts syncing) as soon as the user is known;
  // the screens' queries wait for it (see offline-lazy.ts).
  useEffect(() => {
    if (!userId) {
      closeOfflineCache();
      // Only a loaded layer can be syncing: a signed-out start (the login page) loads none of it.
      void loadedOffline()?.then((layer) => layer.stopSync());
      return;
    }
    void openOfflineCache(userId, userName).then((layer) => layer.startSync(userId, userName));
  }, [userId, userName]);

  // Lists read the device's cache: whatever changed it (a change, a pull, another tab) refreshes
  // them. The calendar is the server's: it follows once changes have been sent.
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let isCurrent = true;
    void loadOffline().then((layer) => {
      if (!isCurrent) return;
      const stopRefresh = layer.onCacheChanged(() => invalidateCachedLists(client));
      // The session ended elsewhere (PRODUCT.md › Start-up): signed out here too.
      const stopSignedOut = layer.onSignedOut(() => {
        forgetCachedMe();
        client.setQueryData(meKeys.all, null);
      });
      stop = () => {
        stopRefresh();
        stopSignedOut();
      };
    });
    return () => {
      isCurrent = false;
      stop?.();
    };
  }, [client, userId]);

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
    return <StartupIndicator />;
  }
  return <MeContext.Provider value={me.data ?? null}>{children}</MeContext.Provider>;
}

/** Private screens: no user → the login screen (PRODUCT.md › Screens). */
export function RequireUser({ children }: { children: ReactNode }) {
  const me = useOptionalMe();
  const location = useLocation();
  if (!me)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Admin-only screens (PRODUCT.md › Admins): others see not-found. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useOptionalMe();
  if (!me?.isAdmin) return <Navigate to="/home" replace />;
  return children;
}
