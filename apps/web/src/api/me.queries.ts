import type { CountryCode, Language, UpdateMeInput } from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "./client";

/** The signed-in user as GET /api/me answers it. */
export interface Me {
  user: {
    id: string;
    email: string;
    name: string;
    photoUrl: string | null;
    plan: string;
    countryCode: CountryCode;
    lang: Language;
    deviceInfo: string;
    signInMethod: string;
    createdAt: number;
  };
  isAnonymous: boolean;
  emailVerified: boolean;
  isAdmin: boolean;
}

export const meKeys = { all: ["me"] as const };

/**
 * The current user, or `null` when signed out (401). Other failures (e.g. the user record is
 * missing: AUTH_HAS_NOT_USER_INFORMATION) are errors the start-up gate handles.
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>("GET", "/api/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  // Refetched when the tab comes back, so a logout in another tab is noticed here too.
  return useQuery({
    queryKey: meKeys.all,
    queryFn: fetchMe,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: true,
  });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeInput) => api<Me>("PATCH", "/api/me", input),
    onSuccess: (me) => client.setQueryData(meKeys.all, me),
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
