import type { HomeReviewItem, HomeReviewListQuery } from "@mnemo/domain";
import { mergeHomeReviewList } from "@mnemo/domain";
import { withFsrs } from "../../db/memo-fsrs.js";
import type { ServiceDeps } from "../../deps.js";
import { selectFolderTitles, selectHomeRepetitionValues, selectMostDueMemos } from "./home.repo.js";

type Deps = ServiceDeps;

/**
 * The home review list: memos of folders shown on home, highest repetition score first (ties by
 * id). Score = `dateRV × now / DAY_MS − dueKey`, so for one repetition value the due-key order is
 * the score order: per distinct value one indexed range scan of at most `limit` rows, then the
 * domain's `mergeHomeReviewList`. No memo outside those scans is scored. `excludeFolderIds`
 * leaves those folders' memos out (the review queue's FSRS folders).
 */
export async function listHomeReviewMemos(
  deps: Deps,
  userId: string,
  query: HomeReviewListQuery,
  options: { excludeFolderIds?: readonly string[] } = {},
): Promise<HomeReviewItem[]> {
  const db = deps.db.kysely;
  const now = deps.now();
  const values = await selectHomeRepetitionValues(db, userId);
  const groups = [];
  for (const dateRepetitionValue of values) {
    const memos = await selectMostDueMemos(
      db,
      userId,
      dateRepetitionValue,
      query.limit,
      options.excludeFolderIds,
    );
    groups.push({ dateRepetitionValue, memos });
  }
  const merged = mergeHomeReviewList(groups, query.limit, now);
  const presented = await withFsrs(
    db,
    userId,
    merged.map(({ memo }) => memo),
    now,
  );
  const scored = merged.map((entry, index) => ({ ...entry, memo: presented[index] ?? entry.memo }));
  const titles = await selectFolderTitles(db, userId, [
    ...new Set(scored.map(({ memo }) => memo.folderId)),
  ]);
  return scored.map(({ memo: { homeRv: _, ...memo }, score }) => ({
    ...memo,
    isCompleted: memo.completedCount > 0,
    sortingValue: score,
    folderTitle: titles.get(memo.folderId) ?? "",
    repetitionScore: score,
  }));
}
