import type { HomeReviewItem, HomeReviewListResponse } from "@mnemo/domain";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { homeKeys } from "../../api/home.queries";
import { undoMemoChange, useReviewMemo } from "../../api/memos.queries";
import { showError } from "../../overlays/error-dialog";
import { showUndoToast } from "../../overlays/toast";

/** Every cached home review list, whatever its length. */
const reviewListsKey = [...homeKeys.all, "review-list"] as const;

/**
 * Records a review of a memo of the home review list. The row's count goes up at once (so the
 * user sees the tap counted); the server's answer then refreshes the list, in which the memo
 * usually moves down (its repetition score fell). A failure puts the server's numbers back. An
 * Undo toast offers to take the review back for 5 s.
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
    const now = Date.now();
    const counted = (page: HomeReviewListResponse): HomeReviewListResponse => ({
      ...page,
      memos: page.memos.map((row) =>
        row.id === memo.id
          ? { ...row, reviewCount: row.reviewCount + 1, lastReviewedAt: now }
          : row,
      ),
    });
    // The first page alone (today) or every page read so far (home).
    client.setQueriesData<HomeReviewListResponse | InfiniteData<HomeReviewListResponse>>(
      { queryKey: reviewListsKey },
      (data) => {
        if (!data) return data;
        if ("pages" in data) return { ...data, pages: data.pages.map(counted) };
        return counted(data);
      },
    );
    try {
      const { opId } = await reviewMemo.mutateAsync(memo.id);
      // PRODUCT.md › Undo: the review is taken back by its opId, queued like any change.
      showUndoToast(t("memos.undo.reviewed"), t("common.undo"), () => {
        undoMemoChange.review(memo.id, opId).catch(showError);
      });
    } catch (error) {
      await client.invalidateQueries({ queryKey: homeKeys.all });
      await showError(error);
    } finally {
      setPending(memo.id, false);
    }
  };

  return { review, isPending: (memoId: string) => pendingIds.has(memoId) };
}
