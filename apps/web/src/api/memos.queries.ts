import {
  type CreateMemoInput,
  type ListMemosResponse,
  type MemoDetail,
  type MemoResponse,
  type MemoSummary,
  type MemoSummaryResponse,
  randomId,
  type SortMode,
  type UpdateMemoInput,
} from "@mnemo/domain";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, query, utcOffsetMinutes } from "./client";

export const memoKeys = {
  all: ["memos"] as const,
  lists: () => [...memoKeys.all, "list"] as const,
  list: (folderId: string, sort: SortMode | undefined) =>
    [...memoKeys.lists(), folderId, sort ?? "folder-default"] as const,
  detail: (memoId: string) => [...memoKeys.all, "detail", memoId] as const,
};

/** Rows per page of a memo list (the server allows up to 100). */
export const MEMO_PAGE_SIZE = 50;

const memoPath = (memoId: string, suffix = "") =>
  `/api/memos/${encodeURIComponent(memoId)}${suffix}`;

/** A folder's memos in `sort` order (default: the folder's), page by page for infinite scroll. */
export function useMemoPages(folderId: string, sort?: SortMode) {
  return useInfiniteQuery({
    queryKey: memoKeys.list(folderId, sort),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api<ListMemosResponse>(
        "GET",
        `/api/folders/${encodeURIComponent(folderId)}/memos${query({
          sort,
          limit: MEMO_PAGE_SIZE,
          cursor: pageParam,
          tz: utcOffsetMinutes(),
        })}`,
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMemo(memoId: string | undefined) {
  return useQuery({
    queryKey: memoKeys.detail(memoId ?? ""),
    enabled: Boolean(memoId),
    queryFn: async () => (await api<MemoResponse>("GET", memoPath(memoId ?? ""))).memo,
  });
}

/**
 * After a change to one memo: its summary is patched into every loaded list at once (so counts
 * move without waiting), then lists, home and the calendar are refetched for the new order.
 */
function usePatchMemoEverywhere() {
  const client = useQueryClient();
  return async (memo: MemoSummary | MemoDetail) => {
    client.setQueriesData<InfiniteData<ListMemosResponse>>(
      { queryKey: memoKeys.lists() },
      (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                memos: page.memos.map((row) => (row.id === memo.id ? { ...row, ...memo } : row)),
              })),
            }
          : data,
    );
    await Promise.all([
      client.invalidateQueries({ queryKey: memoKeys.all }),
      client.invalidateQueries({ queryKey: ["home"] }),
      client.invalidateQueries({ queryKey: ["calendar"] }),
    ]);
  };
}

export function useCreateMemo() {
  const patch = usePatchMemoEverywhere();
  return useMutation({
    mutationFn: async (input: CreateMemoInput) =>
      (await api<MemoResponse>("POST", "/api/memos", input)).memo,
    onSuccess: patch,
  });
}

export function useUpdateMemo() {
  const patch = usePatchMemoEverywhere();
  return useMutation({
    mutationFn: async ({ memoId, input }: { memoId: string; input: UpdateMemoInput }) =>
      (await api<MemoResponse>("PATCH", memoPath(memoId), input)).memo,
    onSuccess: patch,
  });
}

export function useMoveMemo() {
  const patch = usePatchMemoEverywhere();
  return useMutation({
    mutationFn: async ({ memoId, folderId }: { memoId: string; folderId: string }) =>
      (await api<MemoResponse>("POST", memoPath(memoId, "/move"), { folderId })).memo,
    onSuccess: patch,
  });
}

export function useDeleteMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memoId: string) => api<void>("DELETE", memoPath(memoId)),
    onSuccess: async (_result, memoId) => {
      client.removeQueries({ queryKey: memoKeys.detail(memoId) });
      await Promise.all([
        client.invalidateQueries({ queryKey: memoKeys.lists() }),
        client.invalidateQueries({ queryKey: ["home"] }),
        client.invalidateQueries({ queryKey: ["calendar"] }),
      ]);
    },
  });
}

/**
 * The counted operations (review, complete, uncomplete, priority) each carry a fresh opId, so a
 * retried request is applied once by the server.
 */
function useMemoOp<Variables>(path: (variables: Variables) => [string, object]) {
  const patch = usePatchMemoEverywhere();
  return useMutation({
    mutationFn: async (variables: Variables) => {
      const [url, body] = path(variables);
      return (await api<MemoSummaryResponse>("POST", url, { opId: randomId(), ...body })).memo;
    },
    onSuccess: patch,
  });
}

export const useReviewMemo = () =>
  useMemoOp((memoId: string) => [memoPath(memoId, "/reviews"), {}]);
export const useCompleteMemo = () =>
  useMemoOp((memoId: string) => [memoPath(memoId, "/complete"), {}]);
export const useUncompleteMemo = () =>
  useMemoOp((memoId: string) => [memoPath(memoId, "/uncomplete"), {}]);
export const useChangePriority = () =>
  useMemoOp(({ memoId, delta }: { memoId: string; delta: 1 | -1 }) => [
    memoPath(memoId, "/priority"),
    { delta },
  ]);
