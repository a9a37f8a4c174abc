import {
  AppError,
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_REPETITION_VALUE,
  DEFAULT_SCHEDULER,
  ErrorCode,
  type Folder,
  fsrsRetrievability,
  type HomeListCursor,
  type HomeReviewListResponse,
  homeDueKeyFloor,
  homeListCursorSchema,
  isAfterHomePosition,
  isHomeListEligible,
  isMemoCompleted,
  type MemoDetail,
  type MemoSummary,
  mergeHomeReviewList,
  type ReviewQueueItem,
  repetitionScore,
  type SortMode,
  sortMemosWithValues,
  withFolderTree,
} from "@mnemo/domain";
import { Dexie } from "dexie";
import { cacheDb, isCacheComplete, readMemosWithBodies } from "./cache";
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
  return { ...fields, isCompleted: isMemoCompleted(memo), sortingValue };
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
 * The home review list, as the server computes it (`GET /api/home/review-list`): for each
 * repetition value of the folders on home, the `limit` memos with the lowest due key (the
 * highest score for that value) after the cursor through the `[homeRv+dueKey]` index, then
 * merged by the domain's `mergeHomeReviewList`; completed memos of folders with the completion
 * feature left out (`isHomeListEligible`). `cursor` is a `nextCursor` of this list, made by the
 * server or by this function (the same body, `homeListCursorSchema`), so a list can go on
 * from the cache where the network stopped; `total` counts the cache's memos by the same rule.
 *
 * @throws AppError `VALIDATION_FAILED` for a cursor that is not one of this list
 */
export async function readHomeList(
  limit: number,
  now: number,
  cursor: string | null = null,
): Promise<HomeReviewListResponse> {
  const db = cacheDb();
  const folders = await db.folders.toArray();
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  // As the server's: a memo with a home repetition value is listed unless its folder leaves
  // completed memos out.
  const isEligible = (memo: CachedMemo) =>
    isHomeListEligible(memo, byId.get(memo.folderId) ?? { enableCompletionFeature: false });
  const rates = new Set(
    folders.filter((folder) => folder.showAtHomeReviewList).map((f) => f.dateRepetitionValue),
  );
  const hasCompletionFolder = folders.some(
    (folder) => folder.showAtHomeReviewList && folder.enableCompletionFeature,
  );
  const start = cursor === null ? null : decodeHomeCursor(cursor);
  const asOf = start?.a ?? now;
  const after = start ? { score: start.s, id: start.id } : null;
  const groups = [];
  let total = 0;
  for (const dateRepetitionValue of rates) {
    const inGroup = () =>
      db.memos
        .where("[homeRv+dueKey]")
        .between(
          [
            dateRepetitionValue,
            after ? homeDueKeyFloor(dateRepetitionValue, asOf, after) : Dexie.minKey,
          ],
          [dateRepetitionValue, Dexie.maxKey],
        );
    const memos = await inGroup()
      .filter(
        (memo) =>
          isEligible(memo) &&
          (after === null ||
            isAfterHomePosition(repetitionScore(memo, dateRepetitionValue, asOf), memo.id, after)),
      )
      .limit(limit + 1)
      .toArray();
    groups.push({ dateRepetitionValue, memos });
    const all = db.memos
      .where("[homeRv+dueKey]")
      .between([dateRepetitionValue, Dexie.minKey], [dateRepetitionValue, Dexie.maxKey]);
    // Counted from the index alone unless some folder's completed memos must be left out.
    total += await (hasCompletionFolder ? all.filter(isEligible) : all).count();
  }
  const merged = mergeHomeReviewList(groups, limit + 1, asOf, after);
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return {
    memos: page.map(({ memo, score }) => ({
      ...toSummary(memo, score),
      folderTitle: byId.get(memo.folderId)?.title ?? "",
      repetitionScore: score,
    })),
    nextCursor:
      merged.length > limit && last
        ? encodeHomeCursor({ v: 1, a: asOf, s: last.score, id: last.memo.id })
        : null,
    total,
  };
}

/** The cursor's text: base64url of its JSON, as the server's opaque cursor codec writes it. */
function encodeHomeCursor(body: HomeListCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeHomeCursor(text: string): HomeListCursor {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    return homeListCursorSchema.parse(JSON.parse(json));
  } catch {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path: "cursor", issue: "Not a cursor of the home list" },
    ]);
  }
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
    repetition = home.memos
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
  const [{ memo, contents } = { memo: undefined, contents: undefined }] = await readMemosWithBodies(
    db,
    [memoId],
  );
  if (!memo || (contents === undefined && !allowMissingBody)) return undefined;
  const { sortingValue: _, ...summary } = toSummary(memo, null);
  return {
    ...summary,
    contents: contents ?? "",
    reviewedDates: memo.reviewedDates ?? [],
    completedDates: memo.completedDates ?? [],
  };
}

/** Whether a memo exists on this device (with or without its body). */
export async function hasCachedMemo(memoId: string): Promise<boolean> {
  return (await cacheDb().memos.get(memoId)) !== undefined;
}

/** What deleting a folder takes with it: its sub-folders at any depth and their memos. */
export interface FolderContents {
  subFolders: number;
  memos: number;
}

/**
 * Counts what deleting a folder deletes, from the cache (the delete confirmation says it). Null
 * while the first download has not finished: the cache may then miss memos, and a low count
 * would mislead.
 */
export async function countFolderContents(folderId: string): Promise<FolderContents | null> {
  if (!(await isCacheComplete())) return null;
  const db = cacheDb();
  const folder = (await readFolders()).find((candidate) => candidate.id === folderId);
  if (!folder) return null;
  const folderIds = [folder.id, ...folder.nodeFolderIds];
  const memos = await db.memos.where("folderId").anyOf(folderIds).count();
  return { subFolders: folder.nodeFolderIds.length, memos };
}
