import {
  type Folder,
  type HomeReviewItem,
  type MemoDetail,
  type MemoSummary,
  REVIEWED_TODAY_SHIFT,
  repetitionScore,
  type SortMode,
  sortMemos,
  startOfDay,
} from "@mnemo/domain";
import { Dexie } from "dexie";
import { cacheDb } from "./cache";
import type { CachedMemo } from "./cache-db";

// Reads answer the same shapes as the server's routes, computed by the same domain rules, so a
// screen cannot tell whether its data came from the cache or the network.

/** Pinned first, then by order, as `GET /api/folders` lists them. */
export function inFolderListOrder(folders: Folder[]): Folder[] {
  return [...folders].sort((a, b) =>
    a.pinned !== b.pinned ? (a.pinned ? -1 : 1) : a.order - b.order || (a.id < b.id ? -1 : 1),
  );
}

export async function readFolders(): Promise<Folder[]> {
  return inFolderListOrder(await cacheDb().folders.toArray());
}

export async function readFolder(folderId: string): Promise<Folder | undefined> {
  return cacheDb().folders.get(folderId);
}

export function toSummary(memo: CachedMemo, sortingValue: number | null): MemoSummary {
  const { dueKey: _d, homeRv: _h, reviewedDates: _r, completedDates: _c, ...fields } = memo;
  return { ...fields, isCompleted: memo.completedCount > 0, sortingValue };
}

/** The number a sort mode orders by, as the server shows it when a folder shows sorting values. */
function sortingValueOf(
  memo: CachedMemo,
  mode: SortMode,
  todayStart: number,
  rate: number,
  now: number,
): number {
  const isReviewedToday = memo.lastReviewedAt !== null && memo.lastReviewedAt >= todayStart;
  switch (mode) {
    case "latest":
    case "oldest":
      return memo.createdAt;
    case "priority":
      return memo.priority;
    case "review_count_asc":
      return memo.reviewCount + (isReviewedToday ? REVIEWED_TODAY_SHIFT : 0);
    case "review_count_desc":
      return memo.reviewCount - (isReviewedToday ? REVIEWED_TODAY_SHIFT : 0);
    case "repetition_value":
      return repetitionScore(memo, rate, now);
  }
}

/** A folder's memos in a sort mode (default: the folder's), with their sorting values. */
export async function readMemoList(
  folderId: string,
  mode: SortMode | undefined,
  now: number,
  utcOffsetMinutes: number,
): Promise<MemoSummary[]> {
  const db = cacheDb();
  const [folder, memos] = await Promise.all([
    db.folders.get(folderId),
    db.memos.where("folderId").equals(folderId).toArray(),
  ]);
  const sortMode = mode ?? folder?.sortingMethod ?? "latest";
  const rate = folder?.dateRepetitionValue ?? 5;
  const todayStart = startOfDay(now, utcOffsetMinutes);
  return sortMemos(memos, sortMode, { now, utcOffsetMinutes, dateRepetitionValue: rate }).map(
    (memo) => toSummary(memo, sortingValueOf(memo, sortMode, todayStart, rate, now)),
  );
}

/**
 * The home review list, as the server computes it: for each repetition value of the folders on
 * home, the `limit` memos with the lowest due key (the highest score for that value) through the
 * `[homeRv+dueKey]` index, then merged by score (ties by id). No other memo is read.
 */
export async function readHomeList(limit: number, now: number): Promise<HomeReviewItem[]> {
  const db = cacheDb();
  const folders = await db.folders.toArray();
  const titles = new Map(folders.map((folder) => [folder.id, folder.title]));
  const rates = new Set(
    folders.filter((folder) => folder.showAtHomeReviewList).map((f) => f.dateRepetitionValue),
  );
  const candidates: CachedMemo[] = [];
  for (const rate of rates) {
    candidates.push(
      ...(await db.memos
        .where("[homeRv+dueKey]")
        .between([rate, Dexie.minKey], [rate, Dexie.maxKey])
        .limit(limit)
        .toArray()),
    );
  }
  return candidates
    .map((memo) => ({ memo, score: repetitionScore(memo, memo.homeRv ?? 0, now) }))
    .sort((a, b) => b.score - a.score || (a.memo.id < b.memo.id ? -1 : 1))
    .slice(0, limit)
    .map(({ memo, score }) => ({
      ...toSummary(memo, score),
      folderTitle: titles.get(memo.folderId) ?? "",
      repetitionScore: score,
    }));
}

/**
 * A whole memo from the cache; undefined when the memo, or its body (unless `allowMissingBody`:
 * then its contents read as empty), is not on this device.
 */
export async function readMemoDetail(
  memoId: string,
  { allowMissingBody = false } = {},
): Promise<MemoDetail | undefined> {
  const db = cacheDb();
  const [memo, body] = await Promise.all([db.memos.get(memoId), db.bodies.get(memoId)]);
  if (!memo || (!body && !allowMissingBody)) return undefined;
  const { sortingValue: _, ...summary } = toSummary(memo, null);
  return {
    ...summary,
    contents: body?.contents ?? "",
    reviewedDates: memo.reviewedDates ?? [],
    completedDates: memo.completedDates ?? [],
  };
}

/** Whether a memo exists on this device (with or without its body). */
export async function hasCachedMemo(memoId: string): Promise<boolean> {
  return (await cacheDb().memos.get(memoId)) !== undefined;
}
