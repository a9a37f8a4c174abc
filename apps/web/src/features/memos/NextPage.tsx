import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The end of a memo list read page by page (a folder's list, search results): the next page
 * loads when this end comes near the viewport, or by its Load more button. `isAtEnd` false: the
 * rows read so far are not all rendered yet (see `useRowsInSlices`), so this end is not the
 * list's and reads nothing.
 */
export function NextPage({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  isAtEnd = true,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  isAtEnd?: boolean;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !isAtEnd || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [isAtEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <>
      <div ref={sentinel} className="memos-sentinel" aria-hidden="true" />
      {hasNextPage && (
        <div className="memos-load-more">
          <button
            type="button"
            className="button button-secondary"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? t("common.loading") : t("common.loadMore")}
          </button>
        </div>
      )}
    </>
  );
}
