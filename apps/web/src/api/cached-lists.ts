import type { Query, QueryClient } from "@tanstack/react-query";
import { calendarKeys } from "./calendar.queries";
import { folderKeys } from "./folders.queries";
import { homeKeys } from "./home.queries";
import { memoKeys } from "./memos.queries";
import { reviewKeys } from "./review.queries";
import { searchKeys } from "./search.queries";
import { statsKeys } from "./stats.queries";
import { tagKeys } from "./tags.queries";
import { trashKeys } from "./trash.queries";

/** A query reading its next page ("Show more"). */
function isLoadingMore(query: Query): boolean {
  const meta = query.state.fetchMeta as { fetchMore?: unknown } | null;
  return query.state.fetchStatus === "fetching" && meta?.fetchMore !== undefined;
}

/**
 * Refreshes every query that reads the user's folders and memos: the lists read the device's
 * cache, so whatever changed it (a change, a pull, another tab, a finished import) calls this.
 *
 * A list reading its next page is refreshed once that page has come: a refresh at once cancels
 * the page and reads again only the pages already shown, so a "Show more" pressed as the first
 * download ended showed nothing more.
 */
export function invalidateCachedLists(client: QueryClient): void {
  for (const queryKey of [
    memoKeys.all,
    homeKeys.all,
    folderKeys.all,
    calendarKeys.all,
    reviewKeys.all,
    statsKeys.all,
    searchKeys.all,
    tagKeys.all,
    trashKeys.all,
  ]) {
    void client.invalidateQueries({ queryKey, predicate: (query) => !isLoadingMore(query) });
    for (const query of client.getQueryCache().findAll({ queryKey, predicate: isLoadingMore })) {
      query.invalidate();
      // Joins the page under way (cancelRefetch: false), then reads the list again.
      void query
        .fetch(undefined, { cancelRefetch: false })
        .catch(() => undefined)
        .then(() =>
          client.refetchQueries({ queryKey: query.queryKey, exact: true, type: "active" }),
        );
    }
  }
}
