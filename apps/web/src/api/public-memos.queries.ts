import type { PublicMemoResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const publicMemoKeys = {
  all: ["public-memos"] as const,
  detail: (countryCode: string, memoId: string) =>
    [...publicMemoKeys.all, countryCode, memoId] as const,
};

/**
 * A shared memo as anyone may read it (signed in or not). A memo that is not shared under that
 * country, deleted, or a malformed address fails with 404 MEMO_NOT_FOUND.
 */
export function usePublicMemo(countryCode: string, memoId: string) {
  return useQuery({
    queryKey: publicMemoKeys.detail(countryCode, memoId),
    queryFn: async () =>
      (
        await api<PublicMemoResponse>(
          "GET",
          `/api/public/${encodeURIComponent(countryCode)}/memos/${encodeURIComponent(memoId)}`,
        )
      ).memo,
    // The owner may stop sharing at any time; the server sends no-store for the same reason.
    staleTime: 0,
  });
}
