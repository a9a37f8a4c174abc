import {
  applyReview,
  applyUncomplete,
  changePriority,
  type HomeReviewListResponse,
  type MemoDetail,
  type MemoSummary,
} from "@mnemo/domain";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { newFolder } from "../offline/local-writes";
import { memoSummary } from "../test/memos";
import { folderKeys } from "./folders.queries";
import { homeKeys } from "./home.queries";
import { type MemoPage, memoKeys } from "./memos.queries";
import { type SearchPage, searchKeys } from "./search.queries";
import { showMemoChange, showReview } from "./shown-memos";

const AT = 1_795_435_200_000;

function summary(id: string, reviewCount = 3): MemoSummary {
  return memoSummary({
    id,
    createdAt: AT - 1000,
    updatedAt: AT - 1000,
    userName: "사용자",
    accumulatedReviewValue: reviewCount,
    reviewCount,
    lastReviewedAt: reviewCount > 0 ? AT - 1000 : null,
  });
}

const pages = <P>(...list: P[]): InfiniteData<P> => ({
  pages: list,
  pageParams: list.map((_, index) => index),
});

function clientWithScreens() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<InfiniteData<MemoPage>>(
    memoKeys.list("folder", undefined),
    pages({ memos: [summary("a"), summary("b")], next: null }),
  );
  client.setQueryData<InfiniteData<SearchPage>>(
    searchKeys.results({ q: "메모" }),
    pages({
      results: [{ ...summary("b"), snippet: "메모", score: 1, isTitleHit: true }],
      next: null,
      isLocal: true,
    }),
  );
  const home: HomeReviewListResponse = {
    memos: [{ ...summary("b"), folderTitle: "폴더", repetitionScore: 1 }],
    nextCursor: null,
    total: 1,
  };
  client.setQueryData(homeKeys.reviewList(30), home);
  client.setQueryData(homeKeys.reviewPages(30), pages(home));
  const { sortingValue: _, ...fields } = summary("b");
  client.setQueryData<MemoDetail>(memoKeys.detail("b"), {
    ...fields,
    contents: "<p>메모</p>",
    reviewedDates: [AT - 1000],
    completedDates: [],
  });
  return client;
}

/** Every copy of memo `id` the screens hold. */
function shownCopies(client: QueryClient, id: string) {
  const copies: Array<{ reviewCount: number; priority: number }> = [];
  for (const [, data] of client.getQueriesData<unknown>({})) {
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object") {
        if ((value as { id?: unknown }).id === id && "reviewCount" in value) {
          copies.push(value as { reviewCount: number; priority: number });
        } else Object.values(value).forEach(visit);
      }
    };
    visit(data);
  }
  return copies;
}

describe("showMemoChange (issue #14: a press shows its effect within one frame)", () => {
  it("changes the memo in every list and memo page at once, and no other memo", () => {
    const client = clientWithScreens();
    showMemoChange(client, "b", (memo) => applyReview(memo, { at: AT, value: 1 }));
    const copies = shownCopies(client, "b");
    // The folder list, the search results, both home lists and the memo page.
    expect(copies).toHaveLength(5);
    expect(copies.map((memo) => memo.reviewCount)).toEqual([4, 4, 4, 4, 4]);
    expect(client.getQueryData<MemoDetail>(memoKeys.detail("b"))?.reviewedDates).toEqual([
      AT - 1000,
      AT,
    ]);
    expect(shownCopies(client, "a").map((memo) => memo.reviewCount)).toEqual([3]);
  });

  it("shows a review with its folder's read repetition value, as the device's write counts it", () => {
    const client = clientWithScreens();
    client.setQueryData(folderKeys.list(), [
      { ...newFolder({ id: "folder", title: "폴더", createdAt: AT }), readRepetitionValue: 3 },
    ]);
    const reviewed = showReview(client, summary("b"), AT);
    expect(reviewed.accumulatedReviewValue).toBe(6);
    const copies = shownCopies(client, "b") as unknown as MemoSummary[];
    expect(copies.map((memo) => [memo.reviewCount, memo.accumulatedReviewValue])).toEqual(
      Array.from({ length: 5 }, () => [4, 6]),
    );
  });

  it("leaves a copy as it is when the rule refuses the change", () => {
    const client = clientWithScreens();
    expect(() => showMemoChange(client, "b", (memo) => applyUncomplete(memo))).not.toThrow();
    expect(shownCopies(client, "b").map((memo) => memo.reviewCount)).toEqual([3, 3, 3, 3, 3]);
  });

  it("stops a read of a list under way, whose answer from before the change would hide it", async () => {
    const client = clientWithScreens();
    const key = memoKeys.list("folder", undefined);
    let answer: (page: InfiniteData<MemoPage>) => void = () => undefined;
    const read = client.fetchQuery({
      queryKey: key,
      queryFn: () =>
        new Promise<InfiniteData<MemoPage>>((resolve) => {
          answer = resolve;
        }),
    });
    showMemoChange(client, "a", (memo) => changePriority(memo, 1));
    answer(pages({ memos: [summary("a"), summary("b")], next: null }));
    await read.catch(() => undefined);
    const list = client.getQueryData<InfiniteData<MemoPage>>(key);
    expect(list?.pages[0]?.memos.find((memo) => memo.id === "a")?.priority).toBe(1);
  });
});
