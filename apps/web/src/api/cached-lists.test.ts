import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateCachedLists } from "./cached-lists";
import { homeKeys } from "./home.queries";

// A change of the device's cache refreshes the lists; a list reading its next page ("Show more")
// must end with that page too, not only the pages it showed before.

interface Page {
  items: number[];
  nextCursor: string | null;
}

describe("invalidateCachedLists", () => {
  it("keeps the page a list was reading when the cache changed", async () => {
    const client = new QueryClient();
    let releaseSecond: () => void = () => undefined;
    const secondArrives = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const observer = new InfiniteQueryObserver<
      Page,
      Error,
      { pages: Page[] },
      readonly unknown[],
      string | null
    >(client, {
      queryKey: homeKeys.reviewPages(3),
      initialPageParam: null,
      queryFn: async ({ pageParam }) => {
        if (pageParam === null) return { items: [1, 2, 3], nextCursor: "second" };
        await secondArrives;
        return { items: [4, 5, 6], nextCursor: null };
      },
      getNextPageParam: (page) => page.nextCursor,
    });
    const stop = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      const more = observer.fetchNextPage();
      // The first download ends while "Show more" reads its page.
      invalidateCachedLists(client);
      releaseSecond();
      await more;
      await expect
        .poll(() => observer.getCurrentResult().isFetching, { timeout: 2_000 })
        .toBe(false);
      expect(observer.getCurrentResult().data?.pages.flatMap((page) => page.items)).toEqual([
        1, 2, 3, 4, 5, 6,
      ]);
    } finally {
      stop();
      client.clear();
    }
  });
});
