import { ANONYMOUS_EMAIL } from "@mnemo/domain";
import type { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { authApi } from "../api/auth.api";
import type { Me } from "../api/me.queries";
import { DEVICE_KEYS } from "../i18n/i18n";
import { DENSITY_KEY } from "../lib/density";
import { THEME_KEY } from "../lib/theme";
import { closeOfflineCache, loadOffline } from "../offline/offline-lazy";
import { confirmAlert } from "../overlays/alert";
import { setErrorLogContext } from "../overlays/error-dialog";

/** The user id is kept on the device (PRODUCT.md › Users), beside the cached user record. */
export const USER_ID_KEY = "mnemo.userId";

/** The home route (PRODUCT.md › Screens), which receives the signed-in user's id (myId). */
export function homePath(userId: string): string {
  return `/home/${encodeURIComponent(userId)}`;
}

/** An anonymous account's e-mail is literally `Anonymous` (PRODUCT.md › Anonymous use). */
export function isAnonymousUser(me: Me): boolean {
  return me.isAnonymous || me.user.email === ANONYMOUS_EMAIL;
}

/** Remembers who is signed in, for the error log and the next start-up. */
export function rememberUser(me: Me | null): void {
  if (me) localStorage.setItem(USER_ID_KEY, me.user.id);
  setErrorLogContext({ userKey: me?.user.id ?? null, country: me?.user.countryCode ?? "GL" });
}

/** PRODUCT.md › Logout: logout clears local storage (device settings such as the language stay). */
export function clearLocalStorage(): void {
  const kept = [...DEVICE_KEYS, THEME_KEY, DENSITY_KEY].map(
    (key) => [key, localStorage.getItem(key)] as const,
  );
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

/**
 * Logout (PRODUCT.md › Logout). An anonymous user is warned first that the account and every memo
 * go with it (the server deletes them on sign-out); answers false when the user cancels.
 */
export async function signOut(client: QueryClient, me: Me | null): Promise<boolean> {
  if (me && isAnonymousUser(me)) {
    const isConfirmed = await confirmAlert(
      i18next.t("session.anonymousLogoutTitle"),
      i18next.t("session.anonymousLogoutMessage"),
      i18next.t("session.anonymousLogoutConfirm"),
    );
    if (!isConfirmed) return false;
  }
  // Changes still waiting to be sent go with the device's cache: the user decides.
  const layer = await loadOffline();
  const { pending } = layer.getSyncStatus();
  if (me && !isAnonymousUser(me) && pending > 0) {
    const isConfirmed = await confirmAlert(
      i18next.t("offline.logoutPendingTitle"),
      i18next.t("offline.logoutPendingMessage", { count: pending }),
      i18next.t("offline.logoutPendingConfirm"),
    );
    if (!isConfirmed) return false;
  }
  try {
    await authApi.signOut();
  } finally {
    clearLocalStorage();
    rememberUser(null);
    client.clear();
    // The user's memos must not stay on a shared device.
    layer.stopSync();
    closeOfflineCache();
    const userId = me?.user.id ?? layer.cacheUser()?.userId;
    if (userId) await layer.deleteCache(userId).catch(() => undefined);
    await layer.deleteSeenImages().catch(() => undefined);
  }
  return true;
}
