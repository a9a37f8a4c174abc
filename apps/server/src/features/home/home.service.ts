import type { HomeReviewItem, HomeReviewListQuery } from "@mnemo/domain";
import { repetitionScore } from "@mnemo/domain";
import type { ServiceDeps } from "../../deps.js";
import {
  type HomeMemo,
  selectFolderTitles,
  selectHomeRepetitionValues,
  selectMostDueMemos,
} from "./home.repo.js";

type Deps = ServiceDeps;

/**
 * The home review list: memos of folders shown on home, highest repetition score first (ties by
 * id). Score = `dateRV × now / DAY_MS − dueKey`, so for one repetition value the due-key order is
 * the score order: per distinct value one indexed range scan of at most `limit` rows, then a
 * merge. No memo outside those scans is scored.
 */
export async function listHomeReviewMemos(
  deps: Deps,
  userId: string,
  query: HomeReviewListQuery,
): Promise<HomeReviewItem[]> {
  const db = deps.db.kysely;
  const now = deps.now();
  const values = await selectHomeRepetitionValues(db, userId);
  const candidates: HomeMemo[] = [];
  for (const value of values) {
    candidates.push(...(await selectMostDueMemos(db, userId, value, query.limit)));
  }
  const scored = candidates
    .map((memo) => ({ memo, score: repetitionScore(memo, memo.homeRv, now) }))
    .sort((a, b) => b.score - a.score || (a.memo.id < b.memo.id ? -1 : 1))
    .slice(0, query.limit);
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
