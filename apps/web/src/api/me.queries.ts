import {
  cacheFreshness,
  type ReminderSettings,
  type UpdateMeInput,
  type User,
} from "@mnemo/domain";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, isNetworkError } from "./client";

/**
 * The signed-in user as GET and PATCH /api/me answer it: the domain's user record with its photo,
 * and what the session says about it. (The domain has no schema of this answer yet.)
 */
export interface Me {
  /** `reminder` is null until the user first saves reminder settings. */
  user: User & { photoUrl: string | null; reminder: ReminderSettings | null };
  isAnonymous: boolean;
  emailVerified: boolean;
  isAdmin: boolean;
}

export const meKeys = { all: ["me"] as const };

/**
 * A copy of the current user kept on the device, cleared with local storage on logout
 * (PRODUCT.md › Client and server).
 */
const CACHED_ME_KEY = "mnemo.me";

interface CachedMe {
  me: Me;
  cachedAt: number;
}

function readCachedMe(): CachedMe | null {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHED_ME_KEY) ?? "null") as CachedMe | null;
    return cached?.me?.user?.id ? cached : null;
  } catch {
    // Storage errors are logged and replaced by a fallback value (PRODUCT.md › Error codes).
    console.error("the cached user could not be read");
    return null;
  }
}

function writeCachedMe(me: Me | null): void {
  if (me) localStorage.setItem(CACHED_ME_KEY, JSON.stringify({ me, cachedAt: Date.now() }));
  else localStorage.removeItem(CACHED_ME_KEY);
}

/** Drops the cached user (the session ended elsewhere). */
export function forgetCachedMe(): void {
  writeCachedMe(null);
}

/**
 * The current user, or `null` when signed out (401). Other failures (e.g. the user record is
 * missing: AUTH_HAS_NOT_USER_INFORMATION) are errors the start-up gate handles. When the server
 * cannot be reached, the cached copy answers (stale or not): the app works offline.
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    const me = await api<Me>("GET", "/api/me");
    writeCachedMe(me);
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      writeCachedMe(null);
      return null;
    }
    const cached = isNetworkError(error) ? readCachedMe() : null;
    if (cached) return cached.me;
    throw error;
  }
}

/** The device's copy of the user when it is fresh enough to open the app with, else null. */
function freshCachedMe(): CachedMe | null {
  const cached = readCachedMe();
  return cached && cacheFreshness(cached, Date.now()) === "SUCCESS" ? cached : null;
}

/**
 * Asks for the user at start-up, before the strings and the first screen have loaded, when the
 * device has no fresh copy (then `useMe` waits for it; with one, `useMe` opens the app from it).
 * The start-up gate's request then runs beside those loads instead of after them.
 */
export function prefetchMe(client: QueryClient): void {
  if (freshCachedMe()) return;
  void client.prefetchQuery({ queryKey: meKeys.all, queryFn: fetchMe, retry: false });
}

/** The user the app opens with at once (a fresh copy on the device), or null. */
export function deviceStartUser(): { id: string; name: string } | null {
  const user = freshCachedMe()?.me?.user;
  return user ? { id: user.id, name: user.name } : null;
}

export function useMe() {
  // PRODUCT.md › Client and server: the current user comes from the local cache while it is fresh
  // (SUCCESS), so the app opens without waiting for the network; it is still refetched in the
  // background. A stale or missing copy (NEED_FETCH, FAIL) is fetched first.
  const cached = freshCachedMe();
  // Refetched when the tab comes back, so a logout in another tab is noticed here too.
  return useQuery({
    queryKey: meKeys.all,
    queryFn: fetchMe,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: true,
    ...(cached && { initialData: cached.me, initialDataUpdatedAt: cached.cachedAt }),
  });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeInput) => api<Me>("PATCH", "/api/me", input),
    onSuccess: (me) => {
      writeCachedMe(me);
      client.setQueryData(meKeys.all, me);
    },
  });
}

/** Which external sign-in providers the server is configured for. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ["auth-providers"],
    queryFn: () => api<{ google: boolean; apple: boolean }>("GET", "/api/auth-providers"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
