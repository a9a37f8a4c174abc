import type { HomeReviewListResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { offline } from "../offline/offline-lazy";
import { api, isNetworkError, query } from "./client";

export const homeKeys = {
  all: ["home"] as const,
  reviewList: (limit: number) => [...homeKeys.all, "review-list", limit] as const,
};

/**
 * Memos of the folders shown on home, most due first: from the device once its first download
 * finished (no network wait), until then from the server, or from what the device holds offline.
 */
export function useHomeReviewList(limit = 30) {
  return useQuery({
    queryKey: homeKeys.reviewList(limit),
    queryFn: async () => {
      const { isCacheComplete, readHomeList, storeServerMemos } = await offline();
      if (await isCacheComplete()) return readHomeList(limit, Date.now());
      try {
        const { memos } = await api<HomeReviewListResponse>(
          "GET",
          `/api/home/review-list${query({ limit })}`,
        );
        await storeServerMemos(memos);
        return memos;
      } catch (error) {
        if (isNetworkError(error)) return readHomeList(limit, Date.now());
        throw error;
      }
    },
  });
}
