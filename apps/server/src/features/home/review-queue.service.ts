import type {
  MemoSummary,
  ReviewQueueItem,
  ReviewQueueQuery,
  ReviewQueueResponse,
  Scheduler,
} from "@mnemo/domain";
import { AppError, ErrorCode, ROOT_FOLDER_ID, repetitionScore } from "@mnemo/domain";
import { withFsrs } from "../../db/memo-fsrs.js";
import type { ServiceDeps } from "../../deps.js";
import { presentMemoFields } from "../../present/memo.js";
import { listHomeReviewMemos } from "./home.service.js";
import {
  countDueFsrsMemos,
  type QueueFolder,
  selectDueFsrsMemoIds,
  selectFolderMostDueMemos,
  selectMemoSummaries,
  selectQueueFolders,
} from "./review-queue.repo.js";

type Deps = ServiceDeps;

function queueItem(
  memo: MemoSummary,
  folder: QueueFolder | undefined,
  source: ReviewQueueItem["source"],
): ReviewQueueItem {
  return {
    ...memo,
    folderTitle: folder?.title ?? "",
    scheduler: (folder?.scheduler ?? "repetition") as Scheduler,
    desiredRetention: folder?.desiredRetention ?? 0.9,
    enableFlashCardFeature: folder?.enableFlashCardFeature ?? false,
    source,
  };
}

/**
 * The review session's queue (issue 9 › The review session), at the server's now: the due FSRS
 * memos (lowest retrievability first), then memos by the home review list's rule (highest
 * repetition score first), at most `limit` together.
 *
 * - With `folderId`: that folder only: its due memos when it is an FSRS folder, else its memos
 *   by repetition score.
 * - Without: the folders shown on home: due memos of its FSRS folders, then the home review
 *   list without the FSRS folders (their memos come when FSRS says they are due).
 *
 * @throws FOLDER_NOT_FOUND for a folder the user does not have (the root folder before its
 *   first use answers an empty queue)
 */
export async function listReviewQueue(
  deps: Deps,
  userId: string,
  query: ReviewQueueQuery,
): Promise<ReviewQueueResponse> {
  const db = deps.db.kysely;
  const now = deps.now();
  const folders = await selectQueueFolders(
    db,
    userId,
    query.folderId === undefined ? undefined : [query.folderId],
  );
  if (query.folderId !== undefined && folders.length === 0) {
    if (query.folderId === ROOT_FOLDER_ID) return { memos: [], fsrsDueCount: 0 };
    throw new AppError(ErrorCode.FOLDER_NOT_FOUND, `folder ${query.folderId} not found`);
  }
  const inScope =
    query.folderId === undefined ? folders.filter((f) => f.showAtHomeReviewList) : folders;
  const fsrsFolderIds = inScope.filter((f) => f.scheduler === "fsrs").map((f) => f.id);
  const folderById = new Map(folders.map((folder) => [folder.id, folder]));

  const dueIds = await selectDueFsrsMemoIds(db, userId, fsrsFolderIds, now, query.limit);
  const due = await withFsrs(db, userId, await selectMemoSummaries(db, userId, dueIds), now);
  const items = due.map((memo) =>
    queueItem(
      { ...presentMemoFields(memo), sortingValue: memo.fsrs?.retrievability ?? 0 },
      folderById.get(memo.folderId),
      "fsrs",
    ),
  );
  const fsrsDueCount =
    due.length < query.limit ? due.length : await countDueFsrsMemos(db, userId, fsrsFolderIds, now);

  const remaining = query.limit - items.length;
  if (remaining > 0) {
    if (query.folderId === undefined) {
      const home = await listHomeReviewMemos(
        deps,
        userId,
        { limit: remaining },
        { excludeFolderIds: folders.filter((f) => f.scheduler === "fsrs").map((f) => f.id) },
      );
      for (const { repetitionScore: _, dueKey: __, folderTitle: ___, ...memo } of home) {
        items.push(queueItem(memo, folderById.get(memo.folderId), "repetition"));
      }
    } else {
      const folder = folders[0];
      if (folder && folder.scheduler !== "fsrs") {
        const memos = await selectFolderMostDueMemos(db, userId, folder.id, remaining);
        for (const memo of memos) {
          const score = repetitionScore(memo, folder.dateRepetitionValue, now);
          items.push(
            queueItem({ ...presentMemoFields(memo), sortingValue: score }, folder, "repetition"),
          );
        }
      }
    }
  }
  return { memos: items, fsrsDueCount };
}
