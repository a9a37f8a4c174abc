import {
  type CreateMemoInput,
  type ListMemosResponse,
  type MemoDetail,
  type MemoResponse,
  type MemoShare,
  type MemoShareResponse,
  type MemoSummary,
  SORT_MODES,
  type SortMode,
  type UpdateMemoInput,
} from "@mnemo/domain";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { offline, readThroughCache } from "../offline/offline-lazy";
import { api, isNetworkError, query, utcOffsetMinutes } from "./client";

export const memoKeys = {
  all: ["memos"] as const,
  lists: () => [...memoKeys.all, "list"] as const,
  list: (folderId: string, sort: SortMode | undefined) =>
    [...memoKeys.lists(), folderId, sort ?? "folder-default"] as const,
  detail: (memoId: string) => [...memoKeys.all, "detail", memoId] as const,
  /** Outside `all`: reading a share is a PUT, never refetched by a broad invalidation. */
  share: (memoId: string) => ["memo-share", memoId] as const,
};

/** The six sort modes (PRODUCT.md › Sort modes), in the order a picker lists them. */
export const SORT_MODE_OPTIONS: readonly SortMode[] = SORT_MODES;

export function isSortMode(value: unknown): value is SortMode {
  return typeof value === "string" && (SORT_MODES as readonly string[]).includes(value);
}

/** Rows per page of a memo list (the server allows up to 100). */
export const MEMO_PAGE_SIZE = 50;

const memoPath = (memoId: string, suffix = "") =>
  `/api/memos/${encodeURIComponent(memoId)}${suffix}`;

/** Where the next page of a memo list comes from: the device's cache or the server's cursor. */
type PageParam = { from: "cache"; offset: number } | { from: "server"; cursor: string } | null;

/** One page of a memo list, from either source. */
export interface MemoPage {
  memos: MemoSummary[];
  next: PageParam;
}

async function cachePage(
  folderId: string,
  sort: SortMode | undefined,
  offset: number,
): Promise<MemoPage> {
  const all = await (await offline()).readMemoList(folderId, sort, Date.now(), utcOffsetMinutes());
  const memos = all.slice(offset, offset + MEMO_PAGE_SIZE);
  const end = offset + memos.length;
  return { memos, next: end < all.length ? { from: "cache", offset: end } : null };
}

async function serverPage(
  folderId: string,
  sort: SortMode | undefined,
  cursor: string | null,
): Promise<MemoPage> {
  const page = await api<ListMemosResponse>(
    "GET",
    `/api/folders/${encodeURIComponent(folderId)}/memos${query({
      sort,
      limit: MEMO_PAGE_SIZE,
      cursor,
      tz: utcOffsetMinutes(),
    })}`,
  );
  // Kept on the device, so a change to one of them can be made (and shown) at once.
  await (await offline()).storeServerMemos(page.memos);
  return {
    memos: page.memos,
    next: page.nextCursor ? { from: "server", cursor: page.nextCursor } : null,
  };
}

/**
 * A folder's memos in `sort` order (default: the folder's), page by page for infinite scroll
 * (`readThroughCache`); later pages come from where the first one came from.
 */
export function useMemoPages(folderId: string, sort?: SortMode) {
  return useInfiniteQuery({
    queryKey: memoKeys.list(folderId, sort),
    initialPageParam: null as PageParam,
    queryFn: async ({ pageParam }): Promise<MemoPage> => {
      if (pageParam?.from === "server") return serverPage(folderId, sort, pageParam.cursor);
      if (pageParam?.from === "cache") return cachePage(folderId, sort, pageParam.offset);
      return readThroughCache(
        () => cachePage(folderId, sort, 0),
        () => serverPage(folderId, sort, null),
      );
    },
    getNextPageParam: (page) => page.next,
  });
}

/**
 * A whole memo. Online it is read from the server (with its review and completion dates) and
 * kept on the device; offline, or while changes of it wait to be sent, the device's copy is it.
 */
async function readMemo(memoId: string): Promise<MemoDetail> {
  const { readMemoDetail, hasPendingChanges, storeServerMemos } = await offline();
  const local = await readMemoDetail(memoId);
  if (local && (!navigator.onLine || (await hasPendingChanges(memoId)))) return local;
  try {
    const { memo } = await api<MemoResponse>("GET", memoPath(memoId));
    await storeServerMemos([memo]);
    if (await hasPendingChanges(memoId)) return (await readMemoDetail(memoId)) ?? memo;
    return memo;
  } catch (error) {
    if (local && isNetworkError(error)) return local;
    throw error;
  }
}

/** The query of a whole memo, for `useQuery` and for reading one ahead (`prefetchQuery`). */
export function memoDetailQuery(memoId: string) {
  return { queryKey: memoKeys.detail(memoId), queryFn: () => readMemo(memoId) };
}

export function useMemo(memoId: string | undefined) {
  return useQuery({ ...memoDetailQuery(memoId ?? ""), enabled: Boolean(memoId) });
}

// Every change is made on the device first (cache + outbox in one transaction): it shows at
// once, online or not, and the sync engine sends it. The cache tells the screens to refresh
// (`onCacheChanged`, heard by SessionGate.tsx), so a mutation needs no invalidation of its own.
const LOCAL = { networkMode: "always" } as const;

export function useCreateMemo() {
  return useMutation({
    ...LOCAL,
    mutationFn: async (input: CreateMemoInput) => (await offline()).createMemoLocally(input),
  });
}

export function useUpdateMemo() {
  return useMutation({
    ...LOCAL,
    mutationFn: async ({ memoId, input }: { memoId: string; input: UpdateMemoInput }) =>
      (await offline()).updateMemoLocally(memoId, input),
  });
}

export function useMoveMemo() {
  return useMutation({
    ...LOCAL,
    mutationFn: async ({ memoId, folderId }: { memoId: string; folderId: string }) =>
      (await offline()).moveMemoLocally(memoId, folderId),
  });
}

export function useDeleteMemo() {
  const client = useQueryClient();
  return useMutation({
    ...LOCAL,
    mutationFn: async (memoId: string) => (await offline()).deleteMemoLocally(memoId),
    onSuccess: (_result, memoId) => client.removeQueries({ queryKey: memoKeys.detail(memoId) }),
  });
}

/** A review from a list, under the caller's opId, to undo the review by. */
export function useReviewMemo() {
  return useMutation({
    ...LOCAL,
    mutationFn: async ({ memoId, opId }: { memoId: string; opId: string }) =>
      (await offline()).recordReviewLocally(memoId, opId, null),
  });
}

/** Completion and un-completion take the caller's opId, to undo them by (PRODUCT.md › Undo). */
export function useCompleteMemo() {
  return useMutation({
    ...LOCAL,
    mutationFn: async ({ memoId, opId }: { memoId: string; opId: string }) =>
      (await offline()).completeMemoLocally(memoId, opId),
  });
}

export function useUncompleteMemo() {
  return useMutation({
    ...LOCAL,
    mutationFn: async ({ memoId, opId }: { memoId: string; opId: string }) =>
      (await offline()).uncompleteMemoLocally(memoId, opId),
  });
}

/**
 * PRODUCT.md › Undo: takes back a review, completion or un-completion by the opId it was made
 * under; like every change it is made on the device and queued for the server.
 */
export const undoMemoChange = {
  review: async (memoId: string, opId: string) => (await offline()).undoReviewLocally(memoId, opId),
  complete: async (memoId: string, opId: string) =>
    (await offline()).undoCompleteLocally(memoId, opId),
  uncomplete: async (memoId: string, opId: string) =>
    (await offline()).undoUncompleteLocally(memoId, opId),
};

export function useChangePriority() {
  return useMutation({
    ...LOCAL,
    mutationFn: async ({ memoId, delta }: { memoId: string; delta: 1 | -1 }) =>
      (await offline()).changePriorityLocally(memoId, delta),
  });
}

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
    // The device's copy learns of it from the change feed.
    return offline().then((layer) => layer.requestSync());
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
