import type { PublicMemoResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const publicMemoKeys = {
  all: ["public-memos"] as const,
  detail: (countryCode: string, shareToken: string) =>
    [...publicMemoKeys.all, countryCode, shareToken] as const,
};

/**
 * A shared memo as anyone may read it (signed in or not), by its share's address. A token of no
 * share under that country (unshared, deleted, never drawn) or a malformed address fails with
 * 404 MEMO_NOT_FOUND.
 */
export function usePublicMemo(countryCode: string, shareToken: string) {
  return useQuery({
    queryKey: publicMemoKeys.detail(countryCode, shareToken),
    queryFn: async () =>
      (
        await api<PublicMemoResponse>(
          "GET",
          `/api/public/${encodeURIComponent(countryCode)}/memos/${encodeURIComponent(shareToken)}`,
        )
      ).memo,
    // The owner may stop sharing at any time; the server sends no-store for the same reason.
    staleTime: 0,
  });
}
