import type { HomeReviewListResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { readThroughCache } from "../offline/offline-lazy";
import { api, query } from "./client";

export const homeKeys = {
  all: ["home"] as const,
  reviewList: (limit: number) => [...homeKeys.all, "review-list", limit] as const,
};

/** Memos of the folders shown on home, most due first (`readThroughCache`). */
export function useHomeReviewList(limit = 30) {
  return useQuery({
    queryKey: homeKeys.reviewList(limit),
    queryFn: () =>
      readThroughCache(
        (layer) => layer.readHomeList(limit, Date.now()),
        async (layer) => {
          const { memos } = await api<HomeReviewListResponse>(
            "GET",
            `/api/home/review-list${query({ limit })}`,
          );
          await layer.storeServerMemos(memos);
          return memos;
        },
      ),
  });
}
