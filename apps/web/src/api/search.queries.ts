import type { SearchHit, SearchResponse, SearchResult } from "@mnemo/domain";
import {
  hashKey,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { offline, readThroughCache } from "../offline/offline-lazy";
import { api, query } from "./client";

/** What a search asks: the query as typed, and optional tag and folder filters. */
export interface SearchParams {
  q: string;
  tag?: string | null;
  folderId?: string | null;
}

export const searchKeys = {
  all: ["search"] as const,
  results: ({ q, tag, folderId }: SearchParams) =>
    [...searchKeys.all, q, tag ?? "", folderId ?? ""] as const,
};

/**
 * Results per page (the server allows up to 100): about two screens of rows. The first page is
 * what a keystroke waits for, and each row costs a few ms to render on a phone.
 */
export const SEARCH_PAGE_SIZE = 20;

/** Where the next page comes from: the device's index or the server's cursor. */
type PageParam = { from: "cache"; after: SearchHit } | { from: "server"; cursor: string } | null;

export interface SearchPage {
  results: SearchResult[];
  next: PageParam;
  /** Whether the page was searched on this device (offline, or after the first download). */
  isLocal: boolean;
}

async function cachePage(
  params: SearchParams,
  after: SearchHit | null,
  signal: AbortSignal,
): Promise<SearchPage> {
  const layer = await offline();
  const { results, last } = await layer.searchLocally(params, after, SEARCH_PAGE_SIZE, signal);
  return { results, next: last ? { from: "cache", after: last } : null, isLocal: true };
}

async function serverPage(params: SearchParams, cursor: string | null): Promise<SearchPage> {
  const page = await api<SearchResponse>(
    "GET",
    `/api/search${query({
      q: params.q,
      tag: params.tag || undefined,
      folderId: params.folderId || undefined,
      limit: SEARCH_PAGE_SIZE,
      cursor,
    })}`,
  );
  // Kept on the device, so the row actions (review, complete, priority) work on them at once.
  await (await offline()).storeServerMemos(page.results);
  return {
    results: page.results,
    next: page.nextCursor ? { from: "server", cursor: page.nextCursor } : null,
    isLocal: false,
  };
}

/**
 * Search results, page by page (issue #10 › Search), read as every list is (`readThroughCache`):
 * from the device's index once its first download finished, or when the server cannot be reached;
 * from `GET /api/search` before.
 */
function searchOptions(params: SearchParams) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(params),
    initialPageParam: null as PageParam,
    // Reading `signal` lets TanStack Query abort a search nobody waits for any more.
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      if (pageParam?.from === "server") return serverPage(params, pageParam.cursor);
      if (pageParam?.from === "cache") return cachePage(params, pageParam.after, signal);
      return readThroughCache(
        () => cachePage(params, null, signal),
        () => serverPage(params, null),
      );
    },
    getNextPageParam: (page) => page.next,
  });
}

/** The search's results; the previous results stay on screen while the next ones load. */
export function useSearch(params: SearchParams, isEnabled: boolean) {
  return useInfiniteQuery({
    ...searchOptions(params),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Starts a search's first page at once, before its screen renders (the field calls it with each
 * change of the query): the screen's query then joins the search already under way instead of
 * starting it after React has rendered, committed and painted the new address (15–45 ms). The
 * searches of earlier keystrokes still running are aborted (their queries keep their old state).
 */
export function useStartSearch(): (params: SearchParams) => void {
  const queryClient = useQueryClient();
  return (params) => {
    const keyHash = hashKey(searchKeys.results(params));
    void queryClient.cancelQueries({
      queryKey: searchKeys.all,
      predicate: (query) => query.state.fetchStatus === "fetching" && query.queryHash !== keyHash,
    });
    if (params.q.trim() === "" && !params.tag) return;
    void queryClient.prefetchInfiniteQuery(searchOptions(params));
  };
}
