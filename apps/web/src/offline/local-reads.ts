import {
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_REPETITION_VALUE,
  DEFAULT_SCHEDULER,
  type Folder,
  fsrsRetrievability,
  type HomeReviewItem,
  type MemoDetail,
  type MemoSummary,
  mergeHomeReviewList,
  type ReviewQueueItem,
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
 * The review session's queue as `GET /api/review/queue` computes it, from the device's cache
 * (issue 9 › The review session): the due FSRS memos in scope (`fsrs.due` ≤ now), lowest
 * retrievability first (ties by id), then the repetition memos most due first (the home review
 * list's rule; a repetition folder's `repetition_value` order), each once, at most `limit`.
 * The scope is one folder, or the folders shown on home.
 */
export async function readReviewQueue(
  folderId: string | null,
  limit: number,
  now: number,
  utcOffsetMinutes: number,
): Promise<ReviewQueueItem[]> {
  const db = cacheDb();
  const [folders, storedWeights] = await Promise.all([
    db.folders.toArray(),
    db.meta.get("fsrsWeights"),
  ]);
  const weights = Array.isArray(storedWeights?.value) ? (storedWeights.value as number[]) : null;
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const inScope = folders.filter((folder) =>
    folderId === null ? folder.showAtHomeReviewList : folder.id === folderId,
  );
  const item = (
    memo: CachedMemo,
    sortingValue: number | null,
    source: ReviewQueueItem["source"],
  ): ReviewQueueItem => {
    const folder = byId.get(memo.folderId);
    return {
      ...toSummary(memo, sortingValue),
      folderTitle: folder?.title ?? "",
      scheduler: folder?.scheduler ?? DEFAULT_SCHEDULER,
      desiredRetention: folder?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
      enableFlashCardFeature: folder?.enableFlashCardFeature ?? false,
      source,
    };
  };

  const fsrsFolderIds = inScope.filter((f) => f.scheduler === "fsrs").map((f) => f.id);
  const fsrsMemos =
    fsrsFolderIds.length === 0
      ? []
      : await db.memos.where("folderId").anyOf(fsrsFolderIds).toArray();
  const due = fsrsMemos
    .flatMap((memo) => {
      if (!memo.fsrs || memo.fsrs.due > now) return [];
      const retrievability = fsrsRetrievability(memo.fsrs, now, weights);
      return [{ memo: { ...memo, fsrs: { ...memo.fsrs, retrievability } }, retrievability }];
    })
    .sort((a, b) => a.retrievability - b.retrievability || compareIds(a.memo.id, b.memo.id))
    .slice(0, limit)
    .map(({ memo, retrievability }) => item(memo, retrievability, "fsrs"));

  const room = limit - due.length;
  let repetition: ReviewQueueItem[] = [];
  if (room > 0 && folderId === null) {
    const home = await readHomeList(limit, now);
    repetition = home
      .filter((memo) => byId.get(memo.folderId)?.scheduler !== "fsrs")
      .map(({ folderTitle: _f, repetitionScore: _r, dueKey: _d, ...summary }) => {
        const folder = byId.get(summary.folderId);
        return {
          ...summary,
          folderTitle: folder?.title ?? "",
          scheduler: DEFAULT_SCHEDULER,
          desiredRetention: folder?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
          enableFlashCardFeature: folder?.enableFlashCardFeature ?? false,
          source: "repetition" as const,
        };
      });
  } else if (room > 0 && inScope[0] && inScope[0].scheduler !== "fsrs") {
    repetition = (await readMemoList(inScope[0].id, "repetition_value", now, utcOffsetMinutes)).map(
      ({ sortingValue, ...summary }) => ({
        ...summary,
        sortingValue,
        folderTitle: inScope[0]?.title ?? "",
        scheduler: DEFAULT_SCHEDULER,
        desiredRetention: inScope[0]?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
        enableFlashCardFeature: inScope[0]?.enableFlashCardFeature ?? false,
        source: "repetition" as const,
      }),
    );
  }
  const queued = new Set(due.map((memo) => memo.id));
  return [...due, ...repetition.filter((memo) => !queued.has(memo.id)).slice(0, room)];
}

/** Ids in a stable order on every device: by UTF-16 code units. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
