import { isMemoCompleted, type MemoSummary } from "@mnemo/domain";
import type { StoredMemoSummary } from "../db/memo-rows.js";

// How a stored memo appears in HTTP answers: the memo routes and the change feed answer memos in
// one shape, so it lives below both features.

/** A stored memo as every memo answer presents it (without a list's `sortingValue`). */
export function presentMemoFields(memo: StoredMemoSummary): Omit<MemoSummary, "sortingValue"> {
  return {
    id: memo.id,
    title: memo.title,
    preview: memo.preview,
    categoryId: memo.categoryId,
    type: memo.type,
    tags: memo.tags,
    createdAt: memo.createdAt,
    updatedAt: memo.updatedAt,
    userId: memo.userId,
    userName: memo.userName,
    category: memo.category,
    folderId: memo.folderId,
    accumulatedReviewValue: memo.accumulatedReviewValue,
    reviewCount: memo.reviewCount,
    flashCardHint: memo.flashCardHint,
    priority: memo.priority,
    lastReviewedAt: memo.lastReviewedAt,
    completedCount: memo.completedCount,
    isCompleted: isMemoCompleted(memo),
    isShared: memo.isShared,
    revision: memo.revision,
    conflictOf: memo.conflictOf,
    fsrs: memo.fsrs,
  };
}
