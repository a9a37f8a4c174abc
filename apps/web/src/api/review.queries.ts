import {
  type MemoSummary,
  REVIEW_QUEUE_DEFAULT,
  type ReviewQueueItem,
  type ReviewQueueResponse,
} from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { type Offline, offline } from "../offline/offline-lazy";
import { api, isNetworkError, query, utcOffsetMinutes } from "./client";

export type { ReviewQueueItem };

export const reviewKeys = {
  all: ["review"] as const,
  queue: (folderId: string | null) => [...reviewKeys.all, "queue", folderId ?? "home"] as const,
};

function fromCache(layer: Offline, folderId: string | null): Promise<ReviewQueueItem[]> {
  return layer.readReviewQueue(folderId, REVIEW_QUEUE_DEFAULT, Date.now(), utcOffsetMinutes());
}

/** The list fields of a queue item, as the cache keeps a memo. */
function toSummary(item: ReviewQueueItem): MemoSummary {
  const {
    folderTitle: _t,
    scheduler: _s,
    desiredRetention: _d,
    enableFlashCardFeature: _f,
    source: _o,
    ...summary
  } = item;
  return summary;
}

/**
 * The memos of a review session (issue 9 › The review session): `GET /api/review/queue` while
 * the server can be reached and knows every change of this device; the same rule over the
 * device's cache offline, or while reviews made here still wait to be sent (the server would
 * queue memos already reviewed). A session starts from a fresh read (`isSessionStart`), never
 * from one kept from an earlier screen.
 */
export function useReviewQueue(folderId: string | null, { isSessionStart = false } = {}) {
  return useQuery({
    queryKey: reviewKeys.queue(folderId),
    ...(isSessionStart && { staleTime: 0 }),
    queryFn: async (): Promise<ReviewQueueItem[]> => {
      const layer = await offline();
      if (!navigator.onLine || layer.getSyncStatus().pending > 0) return fromCache(layer, folderId);
      try {
        const { memos } = await api<ReviewQueueResponse>(
          "GET",
          `/api/review/queue${query({ folderId, limit: REVIEW_QUEUE_DEFAULT })}`,
        );
        await layer.storeServerMemos(memos.map(toSummary));
        return memos;
      } catch (error) {
        if (isNetworkError(error)) return fromCache(layer, folderId);
        throw error;
      }
    },
  });
}
