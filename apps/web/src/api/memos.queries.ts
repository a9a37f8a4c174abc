import {
  type CreateMemoInput,
  type ListMemosResponse,
  type MemoDetail,
  type MemoResponse,
  type MemoShare,
  type MemoShareResponse,
  type MemoSummary,
  type MemoSummaryResponse,
  randomId,
  SORT_MODES,
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
import { calendarKeys } from "./calendar.queries";
import { api, query, utcOffsetMinutes } from "./client";
import { homeKeys } from "./home.queries";

export const memoKeys = {
  all: ["memos"] as const,
  lists: () => [...memoKeys.all, "list"] as const,
  list: (folderId: string, sort: SortMode | undefined) =>
    [...memoKeys.lists(), folderId, sort ?? "folder-default"] as const,
  detail: (memoId: string) => [...memoKeys.all, "detail", memoId] as const,
  /** Outside `all`: reading a share is a PUT, never refetched by a broad invalidation. */
  share: (memoId: string) => ["memo-share", memoId] as const,
};

/** The six sort modes of spec 4, in the order a picker lists them. */
export const SORT_MODE_OPTIONS: readonly SortMode[] = SORT_MODES;

export function isSortMode(value: unknown): value is SortMode {
  return typeof value === "string" && (SORT_MODES as readonly string[]).includes(value);
}

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

/** The fields a list row carries: a detail without contents and its review/completion times. */
function toRowFields(memo: MemoSummary | MemoDetail): Partial<MemoSummary> {
  const {
    contents: _contents,
    reviewedDates: _reviewed,
    completedDates: _completed,
    sortingValue: _sortingValue,
    ...fields
  } = memo as Partial<MemoDetail & MemoSummary>;
  return fields;
}

/**
 * After a change to one memo: its fields are patched into every loaded list and its detail at
 * once (so counts move without waiting), then lists, home and the calendar are refetched for
 * the new order. A row keeps its `sortingValue` until the refetch brings the new one.
 */
function usePatchMemoEverywhere() {
  const client = useQueryClient();
  return async (memo: MemoSummary | MemoDetail) => {
    const fields = toRowFields(memo);
    client.setQueriesData<InfiniteData<ListMemosResponse>>(
      { queryKey: memoKeys.lists() },
      (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                memos: page.memos.map((row) => (row.id === memo.id ? { ...row, ...fields } : row)),
              })),
            }
          : data,
    );
    // A whole memo (create, update, move) is the detail itself; a summary (review, complete,
    // priority) lacks the review and completion dates, so the detail is fetched again.
    const isWhole = "contents" in memo;
    if (isWhole) client.setQueryData(memoKeys.detail(memo.id), memo);
    else {
      client.setQueryData<MemoDetail>(memoKeys.detail(memo.id), (detail) =>
        detail ? { ...detail, ...fields } : detail,
      );
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: memoKeys.lists() }),
      isWhole ? null : client.invalidateQueries({ queryKey: memoKeys.detail(memo.id) }),
      client.invalidateQueries({ queryKey: homeKeys.all }),
      client.invalidateQueries({ queryKey: calendarKeys.all }),
    ]);
  };
}

/**
 * A form's save reports a lost connection at once (NETWORK_UNAVAILABLE) instead of waiting
 * paused for the network, so the form can say so and keep what was typed.
 */
const FORM_SAVE = { networkMode: "always" } as const;

export function useCreateMemo() {
  const patch = usePatchMemoEverywhere();
  return useMutation({
    ...FORM_SAVE,
    mutationFn: async (input: CreateMemoInput) =>
      (await api<MemoResponse>("POST", "/api/memos", input)).memo,
    onSuccess: patch,
  });
}

export function useUpdateMemo() {
  const patch = usePatchMemoEverywhere();
  return useMutation({
    ...FORM_SAVE,
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
        client.invalidateQueries({ queryKey: homeKeys.all }),
        client.invalidateQueries({ queryKey: calendarKeys.all }),
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

/**
 * Where a shared memo can be read. `PUT /api/memos/:memoId/share` is idempotent (a shared memo
 * answers its address unchanged), so it also serves to read the address of a memo already
 * shared; only called when `isShared`.
 */
export function useMemoShare(memoId: string, isShared: boolean) {
  return useQuery({
    queryKey: memoKeys.share(memoId),
    enabled: isShared,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await api<MemoShareResponse>("PUT", memoPath(memoId, "/share"))).share,
  });
}

function useSetShared() {
  const client = useQueryClient();
  return (memoId: string, share: MemoShare | null) => {
    if (share) client.setQueryData(memoKeys.share(memoId), share);
    else client.removeQueries({ queryKey: memoKeys.share(memoId) });
    client.setQueryData<MemoDetail>(memoKeys.detail(memoId), (detail) =>
      detail ? { ...detail, isShared: share !== null } : detail,
    );
    return client.invalidateQueries({ queryKey: memoKeys.lists() });
  };
}

export function useShareMemo() {
  const setShared = useSetShared();
  return useMutation({
    mutationFn: async (memoId: string) =>
      (await api<MemoShareResponse>("PUT", memoPath(memoId, "/share"))).share,
    onSuccess: (share) => setShared(share.memoId, share),
  });
}

export function useUnshareMemo() {
  const setShared = useSetShared();
  return useMutation({
    mutationFn: (memoId: string) => api<void>("DELETE", memoPath(memoId, "/share")),
    onSuccess: (_result, memoId) => setShared(memoId, null),
  });
}
