import {
  applyReview,
  DEFAULT_REPETITION_VALUE,
  type Folder,
  type HomeReviewListResponse,
  type MemoDetail,
  type MemoSummary,
} from "@mnemo/domain";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { folderKeys } from "./folders.queries";
import { homeKeys } from "./home.queries";
import { type MemoPage, memoKeys } from "./memos.queries";
import { type SearchPage, searchKeys } from "./search.queries";

/** A memo as lists and the memo page hold it (a list row also has its `sortingValue`). */
type ShownMemo = Omit<MemoSummary, "sortingValue">;

/** A change of a memo's fields, by a domain rule (`applyReview`, `changePriority`, …). */
export type ShownChange = <M extends ShownMemo>(memo: M) => M;

/**
 * Shows a change of one memo at once in every list and memo page the screens hold (issue #14: a
 * press shows its effect within one frame), before the device's cache has it. The change is made
 * there right after, in an IndexedDB transaction of 10–40 ms, whose end refreshes the screens
 * from the cache (`invalidateCachedLists`): what the cache holds then replaces this, including
 * what only the cache computes (the FSRS state, the sort order, who is on the home list), and
 * a change that failed is gone again. Reads of these lists still under way are stopped first:
 * their answer, from before the change, would hide it until the next one.
 */
export function showMemoChange(client: QueryClient, memoId: string, change: ShownChange): void {
  const shown = <M extends ShownMemo>(memo: M): M => {
    if (memo.id !== memoId) return memo;
    try {
      return change(memo);
    } catch {
      // A copy the rule refuses (an un-completion of a memo shown without completions) stays
      // as it is: the change on the device decides, and reports the refusal.
      return memo;
    }
  };
  for (const queryKey of [memoKeys.lists(), homeKeys.all, searchKeys.all]) {
    void client.cancelQueries({ queryKey });
  }
  client.setQueriesData<InfiniteData<MemoPage>>({ queryKey: memoKeys.lists() }, (data) =>
    data ? mapPages(data, (page) => ({ ...page, memos: page.memos.map(shown) })) : data,
  );
  client.setQueriesData<InfiniteData<SearchPage>>({ queryKey: searchKeys.all }, (data) =>
    data ? mapPages(data, (page) => ({ ...page, results: page.results.map(shown) })) : data,
  );
  client.setQueriesData<HomeReviewListResponse | InfiniteData<HomeReviewListResponse>>(
    { queryKey: homeKeys.all },
    (data) => {
      if (!data) return data;
      const homePage = (page: HomeReviewListResponse) => ({
        ...page,
        memos: page.memos.map(shown),
      });
      return "pages" in data ? mapPages(data, homePage) : homePage(data);
    },
  );
  client.setQueryData<MemoDetail>(memoKeys.detail(memoId), (detail) =>
    detail ? shown(detail) : detail,
  );
}

/** What a review changes, and what finds its folder. */
type ReviewedMemo = Pick<
  MemoSummary,
  "id" | "folderId" | "reviewCount" | "accumulatedReviewValue" | "lastReviewedAt"
>;

/**
 * Shows a review of `memo` at `at` ({@link showMemoChange}) as the device's write computes it:
 * the domain's `applyReview` with the read repetition value of the memo's folder (from the
 * folders the screens hold, read at the press: no list row watches them). Answers the memo as
 * reviewed.
 */
export function showReview<M extends ReviewedMemo>(client: QueryClient, memo: M, at: number): M {
  const folder = client
    .getQueryData<Folder[]>(folderKeys.list())
    ?.find((candidate) => candidate.id === memo.folderId);
  const review = { at, value: folder?.readRepetitionValue ?? DEFAULT_REPETITION_VALUE };
  showMemoChange(client, memo.id, (shown) => applyReview(shown, review));
  return applyReview(memo, review);
}

function mapPages<P>(data: InfiniteData<P>, map: (page: P) => P): InfiniteData<P> {
  return { ...data, pages: data.pages.map(map) };
}
