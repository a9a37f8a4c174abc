import type { Folder, MemoSummary, SortMode } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format";
import { FlashCardHint } from "./FlashCardHint";
import { CheckIcon, EditIcon, MoveIcon, ReviewIcon, TrashIcon } from "./icons";
import { useMemoActions } from "./memo-actions";
import { PriorityStepper } from "./PriorityStepper";

export const viewMemoPath = (memoId: string) =>
  `/view-private-memo?memoId=${encodeURIComponent(memoId)}`;

/** The number a sort mode orders by, as a reader understands it. */
export function useSortingValueText() {
  const format = useFormat();
  return (mode: SortMode, value: number) =>
    mode === "latest" || mode === "oldest" ? format.dateTime(value) : format.number(value);
}

/**
 * One memo of a folder's list: title (opens the memo), preview, the counters the folder shows,
 * and its actions. Every button's accessible name includes the memo title.
 */
export function MemoRow({
  memo,
  folder,
  sortMode,
}: {
  memo: MemoSummary;
  folder: Folder;
  sortMode: SortMode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const sortingValueText = useSortingValueText();
  const actions = useMemoActions();
  const title = memo.title;
  const showsCompletion = folder.enableCompletionFeature;
  const meta = [
    folder.showReviewCount && (
      <span key="reviews" className="memos-chip">
        {t("memos.list.reviewCount", { count: memo.reviewCount })}
      </span>
    ),
    folder.showSortingValues && memo.sortingValue !== null && (
      <span key="sorting" className="memos-chip memos-chip-plain">
        {t("memos.list.sortingValue", { value: sortingValueText(sortMode, memo.sortingValue) })}
      </span>
    ),
    memo.lastReviewedAt !== null && (
      <span key="last" className="memos-chip memos-chip-plain">
        {t("memos.list.lastReviewed", { date: format.date(memo.lastReviewedAt) })}
      </span>
    ),
  ].filter(Boolean);

  return (
    <li
      className={
        memo.isCompleted && showsCompletion ? "memos-row memos-row-completed" : "memos-row"
      }
    >
      <div className="memos-row-body">
        <div className="memos-row-heading">
          {showsCompletion && (
            <button
              type="button"
              className="memos-check"
              aria-label={t("memos.actions.complete", { title })}
              aria-pressed={memo.isCompleted}
              onClick={() => void actions.toggleComplete(memo)}
            >
              <CheckIcon />
            </button>
          )}
          <Link className="memos-row-title" to={viewMemoPath(memo.id)}>
            {title}
          </Link>
          {memo.conflictOf && (
            <span className="memos-chip memos-chip-conflict">{t("offline.conflictCopy")}</span>
          )}
        </div>
        {memo.preview && <p className="memos-row-preview">{memo.preview}</p>}
        {folder.enableFlashCardFeature && memo.flashCardHint && (
          <FlashCardHint className="memos-hint" title={title} hint={memo.flashCardHint} />
        )}
        {meta.length > 0 && <div className="memos-row-meta">{meta}</div>}
      </div>

      <div className="memos-row-actions">
        <button
          type="button"
          className="memos-review-button"
          aria-label={t("memos.actions.review", { title })}
          onClick={() => void actions.review(memo, !folder.showReviewCount)}
        >
          <ReviewIcon />
          <span>{t("memos.actions.reviewShort")}</span>
        </button>

        <PriorityStepper memo={memo} />

        <span className="memos-row-spacer" />

        <button
          type="button"
          className="memos-icon-action"
          aria-label={t("memos.actions.edit", { title })}
          title={t("common.edit")}
          onClick={() => void actions.edit(memo)}
        >
          <EditIcon />
        </button>
        <button
          type="button"
          className="memos-icon-action"
          aria-label={t("memos.actions.move", { title })}
          title={t("memos.move.short")}
          onClick={() => void actions.move(memo)}
        >
          <MoveIcon />
        </button>
        <button
          type="button"
          className="memos-icon-action memos-icon-action-danger"
          aria-label={t("memos.actions.delete", { title })}
          title={t("common.delete")}
          onClick={() => void actions.remove(memo)}
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
}
