import { type Folder, type MemoSummary, type SortMode, snippetParts } from "@mnemo/domain";
import { memo as memoized } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format";
import { searchPath } from "../../ui/SearchField";
import { FlashCardHint } from "./FlashCardHint";
import { CheckIcon, EditIcon, MoveIcon, ReviewIcon, TrashIcon } from "./icons";
import { useMemoActions } from "./memo-actions";
import { PriorityStepper } from "./PriorityStepper";

export const viewMemoPath = (memoId: string) =>
  `/view-private-memo?memoId=${encodeURIComponent(memoId)}`;

export const folderPath = (folderId: string) => `/private-memos/${encodeURIComponent(folderId)}`;

/** The number a sort mode orders by, as a reader understands it. */
export function useSortingValueText() {
  const format = useFormat();
  return (mode: SortMode, value: number) =>
    mode === "latest" || mode === "oldest" ? format.dateTime(value) : format.number(value);
}

/**
 * An FSRS memo's predicted recall now (issue 9 › The scheduler) as a small bar with its percent
 * written beside it (the bar alone would tell it by length and colour only).
 */
function RecallBar({ retrievability }: { retrievability: number }) {
  const { t } = useTranslation();
  const percent = Math.round(retrievability * 100);
  return (
    <span className="memos-chip memos-chip-plain memos-recall">
      <span className="memos-recall-bar" aria-hidden="true">
        <span
          className={percent < 70 ? "memos-recall-fill memos-recall-low" : "memos-recall-fill"}
          style={{ width: `${percent}%` }}
        />
      </span>
      {t("memos.list.recall", { percent })}
    </span>
  );
}

/**
 * One memo of a folder's list: title (opens the memo), preview, tags, the counters the folder
 * shows, and its actions. Every button's accessible name includes the memo title. A search
 * result shows its folder and, instead of the preview, its snippet (`snippetHtml`: escaped text
 * with `<mark>` around the hits, read back into text and marks here). Memoized: a list renders
 * again with the same rows when the address changes (each keystroke of a search).
 */
export const MemoRow = memoized(function MemoRow({
  memo,
  folder,
  sortMode,
  folderTitle,
  snippetHtml,
}: {
  memo: MemoSummary;
  folder: Folder;
  sortMode: SortMode;
  folderTitle?: string;
  snippetHtml?: string;
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
    // In the retrievability order the recall bar below is the sorting value.
    folder.showSortingValues &&
      memo.sortingValue !== null &&
      !(sortMode === "retrievability" && memo.fsrs) && (
        <span key="sorting" className="memos-chip memos-chip-plain">
          {t("memos.list.sortingValue", { value: sortingValueText(sortMode, memo.sortingValue) })}
        </span>
      ),
    folder.showSortingValues && memo.fsrs && (
      <RecallBar key="recall" retrievability={memo.fsrs.retrievability} />
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
        {folderTitle !== undefined && (
          <Link className="memos-row-folder" to={folderPath(memo.folderId)}>
            {t("search.inFolder", { folder: folderTitle })}
          </Link>
        )}
        {snippetHtml !== undefined ? (
          // Text runs and marks, no HTML parsed: a DOMPurify pass per row took most of the time
          // a page of results took to render.
          <p className="memos-row-preview memos-row-snippet">
            {snippetParts(snippetHtml).map((part, index) =>
              part.isHit ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
                <mark key={index}>{part.text}</mark>
              ) : (
                part.text
              ),
            )}
          </p>
        ) : (
          memo.preview && <p className="memos-row-preview">{memo.preview}</p>
        )}
        <MemoTags title={title} tags={memo.tags} />
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

        <PriorityStepper memo={memo} onStep={(delta) => void actions.changePriority(memo, delta)} />

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
});

/** A memo's tags as links, each opening the search for that tag (PRODUCT.md › Tags). */
export function MemoTags({ title, tags }: { title: string; tags: readonly string[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul className="memos-tags" aria-label={t("memos.tags.list", { title })}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="memos-tag" to={searchPath("", tag)}>
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
