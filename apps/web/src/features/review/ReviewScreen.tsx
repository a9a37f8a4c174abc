import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { type ReviewQueueItem, useReviewQueue } from "../../api/review.queries";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { ReviewSession } from "./ReviewSession";

/**
 * review?folderId=: a review session over a folder's memos, or over the home review list without
 * `folderId`. The queue is read once; the session keeps it while reviews change the cache.
 */
export function ReviewScreen() {
  const [params] = useSearchParams();
  const folderId = params.get("folderId") || null;
  // Another folder is another session.
  return <ReviewLoader key={folderId ?? "home"} folderId={folderId} />;
}

function ReviewLoader({ folderId }: { folderId: string | null }) {
  const { t } = useTranslation();
  const queue = useReviewQueue(folderId, { isSessionStart: true });
  const leaveTo = folderId ? `/private-memos/${encodeURIComponent(folderId)}` : "/home";
  // The queue as it was when the session started: each review changes the cache, which reads
  // the queue again, and the memos must not move (or run out) under the user. A queue kept from
  // an earlier visit is not used: the session waits for this visit's read.
  const [sessionQueue, setSessionQueue] = useState<readonly ReviewQueueItem[] | null>(null);
  if (sessionQueue === null && queue.data && queue.isFetchedAfterMount) setSessionQueue(queue.data);

  if (sessionQueue === null && queue.isError) {
    return (
      <Page title={t("review.title")} backTo={leaveTo}>
        <EmptyState title={t("home.loadFailed")}>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void queue.refetch()}
          >
            {t("common.retry")}
          </button>
        </EmptyState>
      </Page>
    );
  }
  if (!sessionQueue) {
    return (
      <Page title={t("review.title")} backTo={leaveTo}>
        <Spinner label={t("common.loading")} />
      </Page>
    );
  }
  if (sessionQueue.length === 0) {
    return (
      <Page title={t("review.title")} backTo={leaveTo}>
        <EmptyState title={t("review.empty.title")}>
          <p className="muted">{t("review.empty.body")}</p>
          <Link className="button" to={leaveTo}>
            {t("review.summary.backHome")}
          </Link>
        </EmptyState>
      </Page>
    );
  }
  return <ReviewSession queue={sessionQueue} leaveTo={leaveTo} />;
}
