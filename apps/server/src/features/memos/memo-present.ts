import type { MemoDetail, MemoSummary } from "@mnemo/domain";
import { AppError, ErrorCode } from "@mnemo/domain";
import type { Executor } from "../../db/database.js";
import { withFsrs } from "../../db/memo-fsrs.js";
import type { StoredMemoSummary } from "../../db/memo-rows.js";
import { presentMemoFields } from "../../present/memo.js";
import {
  selectCompletionTimes,
  selectMemo,
  selectMemoSummary,
  selectReviewTimes,
} from "./memos.repo.js";

// The memo routes' answers, shared by the memo services.

export function memoNotFound(memoId: string): AppError {
  return new AppError(ErrorCode.MEMO_NOT_FOUND, `memo ${memoId} not found`);
}

/** A stored memo as a list entry; `sortingValue` is null outside folder lists. */
export function toSummary(memo: StoredMemoSummary, sortingValue: number | null): MemoSummary {
  return { ...presentMemoFields(memo), sortingValue };
}

/**
 * The whole memo with its review and completion times and its FSRS state (retrievability at
 * `now`, epoch ms), read now. @throws MEMO_NOT_FOUND
 */
export async function presentDetail(
  db: Executor,
  userId: string,
  memoId: string,
  now: number,
): Promise<MemoDetail> {
  const found = await selectMemo(db, userId, memoId);
  if (!found) throw memoNotFound(memoId);
  const [memo = found] = await withFsrs(db, userId, [found], now);
  const { sortingValue: _, ...summary } = toSummary(memo, null);
  return {
    ...summary,
    contents: memo.contents,
    reviewedDates: await selectReviewTimes(db, userId, memoId),
    completedDates: await selectCompletionTimes(db, userId, memoId),
  };
}

/**
 * The memo as a list entry without a sorting value, with its FSRS state (retrievability at
 * `now`), read now. @throws MEMO_NOT_FOUND
 */
export async function presentSummary(
  db: Executor,
  userId: string,
  memoId: string,
  now: number,
): Promise<MemoSummary> {
  const found = await selectMemoSummary(db, userId, memoId);
  if (!found) throw memoNotFound(memoId);
  const [memo = found] = await withFsrs(db, userId, [found], now);
  return toSummary(memo, null);
}
