import { type HomeReviewItem, randomId } from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { invalidateCachedLists } from "../../api/cached-lists";
import { undoMemoChange, useReviewMemo } from "../../api/memos.queries";
import { showReview } from "../../api/shown-memos";
import { showError } from "../../overlays/error-dialog";
import { showUndoToast } from "../../overlays/toast";

/**
 * Records a review of a memo of the home review list. The row's count goes up at once (so the
 * user sees the tap counted: `showReview`); the device's
 * cache then refreshes the list, in which the memo usually moves down (its repetition score
 * fell). A failure reads the cache's numbers again. An Undo toast offers to take the review back
 * for 5 s.
 */
export function useReviewAction() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const reviewMemo = useReviewMemo();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  const setPending = (memoId: string, isPending: boolean) =>
    setPendingIds((current) => {
      const next = new Set(current);
      if (isPending) next.add(memoId);
      else next.delete(memoId);
      return next;
    });

  const review = async (memo: HomeReviewItem) => {
    setPending(memo.id, true);
    const opId = randomId();
    showReview(client, memo, Date.now());
    try {
      await reviewMemo.mutateAsync({ memoId: memo.id, opId });
      // PRODUCT.md › Undo: the review is taken back by its opId, queued like any change.
      showUndoToast(t("memos.undo.reviewed"), t("common.undo"), () => {
        undoMemoChange.review(memo.id, opId).catch(showError);
      });
    } catch (error) {
      invalidateCachedLists(client);
      await showError(error);
    } finally {
      setPending(memo.id, false);
    }
  };

  return { review, isPending: (memoId: string) => pendingIds.has(memoId) };
}
