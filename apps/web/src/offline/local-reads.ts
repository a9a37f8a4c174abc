import {
  DEFAULT_REPETITION_VALUE,
  type Folder,
  type HomeReviewItem,
  type MemoDetail,
  type MemoSummary,
  mergeHomeReviewList,
  type SortMode,
  sortMemosWithValues,
  withFolderTree,
} from "@mnemo/domain";
import { Dexie } from "dexie";
import { cacheDb } from "./cache";
import type { CachedMemo } from "./cache-db";

// Reads answer the same shapes as the server's routes, computed by the same domain rules, so a
// screen cannot tell whether its data came from the cache or the network.

/**
 * Every folder, in list order with its tree fields, as `GET /api/folders` answers them (the
 * domain's `withFolderTree`: a folder created or moved on this device is in its parent's lists).
 */
export async function readFolders(): Promise<Folder[]> {
  return withFolderTree(await cacheDb().folders.toArray());
}

export async function readFolder(folderId: string): Promise<Folder | undefined> {
  return cacheDb().folders.get(folderId);
}

export function toSummary(memo: CachedMemo, sortingValue: number | null): MemoSummary {
  const { dueKey: _d, homeRv: _h, reviewedDates: _r, completedDates: _c, ...fields } = memo;
  return { ...fields, isCompleted: memo.completedCount > 0, sortingValue };
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
  const dateRepetitionValue = folder?.dateRepetitionValue ?? DEFAULT_REPETITION_VALUE;
  return sortMemosWithValues(memos, sortMode, { now, utcOffsetMinutes, dateRepetitionValue }).map(
    ({ memo, sortingValue }) => toSummary(memo, sortingValue),
  );
}

/**
 * The home review list, as the server computes it: for each repetition value of the folders on
 * home, the `limit` memos with the lowest due key (the highest score for that value) through the
 * `[homeRv+dueKey]` index, then merged by the domain's `mergeHomeReviewList`. No other memo is
 * read.
 */
export async function readHomeList(limit: number, now: number): Promise<HomeReviewItem[]> {
  const db = cacheDb();
  const folders = await db.folders.toArray();
  const titles = new Map(folders.map((folder) => [folder.id, folder.title]));
  const rates = new Set(
    folders.filter((folder) => folder.showAtHomeReviewList).map((f) => f.dateRepetitionValue),
  );
  const groups = [];
  for (const dateRepetitionValue of rates) {
    const memos = await db.memos
      .where("[homeRv+dueKey]")
      .between([dateRepetitionValue, Dexie.minKey], [dateRepetitionValue, Dexie.maxKey])
      .limit(limit)
      .toArray();
    groups.push({ dateRepetitionValue, memos });
  }
  return mergeHomeReviewList(groups, limit, now).map(({ memo, score }) => ({
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
