import type { QueryClient } from "@tanstack/react-query";
import { calendarKeys } from "./calendar.queries";
import { folderKeys } from "./folders.queries";
import { homeKeys } from "./home.queries";
import { memoKeys } from "./memos.queries";
import { reviewKeys } from "./review.queries";
import { searchKeys } from "./search.queries";
import { statsKeys } from "./stats.queries";
import { tagKeys } from "./tags.queries";
import { trashKeys } from "./trash.queries";

/**
 * Refreshes every query that reads the user's folders and memos: the lists read the device's
 * cache, so whatever changed it (a change, a pull, another tab, a finished import) calls this.
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
    void client.invalidateQueries({ queryKey });
  }
}
