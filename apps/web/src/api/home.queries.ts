import type { HomeReviewListResponse } from "@mnemo/domain";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { readThroughCache } from "../offline/offline-lazy";
import { api, query } from "./client";

export const homeKeys = {
  all: ["home"] as const,
  reviewList: (limit: number) => [...homeKeys.all, "review-list", limit] as const,
  reviewPages: (limit: number) => [...homeKeys.all, "review-list", "pages", limit] as const,
};

/**
 * One page of the home review list after `cursor` (`readThroughCache`). The server and the
 * device's cache read and write the same cursor, so a list goes on from either.
 */
function readHomePage(limit: number, cursor: string | null): Promise<HomeReviewListResponse> {
  return readThroughCache(
    (layer) => layer.readHomeList(limit, Date.now(), cursor),
    async (layer) => {
      const page = await api<HomeReviewListResponse>(
        "GET",
        `/api/home/review-list${query({ limit, cursor: cursor ?? undefined })}`,
      );
      await layer.storeServerMemos(page.memos);
      return page;
    },
  );
}

/** The first page of the home review list: memos of the folders shown on home, most due first. */
export function useHomeReviewList(limit = 30) {
  return useQuery({
    queryKey: homeKeys.reviewList(limit),
    queryFn: () => readHomePage(limit, null),
  });
}

/**
 * The whole home review list, `limit` memos a page ("Show more" reads the next); each page
 * carries `total`, the number of memos of the list.
 */
export function useHomeReviewPages(limit = 30) {
  return useInfiniteQuery({
    queryKey: homeKeys.reviewPages(limit),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => readHomePage(limit, pageParam),
    getNextPageParam: (page) => page.nextCursor,
  });
}
