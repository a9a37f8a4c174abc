import { type HomeReviewItem, ROOT_FOLDER_ID } from "@mnemo/domain";
import { type RefObject, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRowsInSlices } from "../../lib/use-rows-in-slices";
import { isSameLocalDay } from "./home-dates";
import { useReviewAction } from "./review-action";

/**
 * The memos of the review list, each with its folder, counts and a Review button. A memo just
 * reviewed shows "reviewed today" at once; when the list comes back re-ranked it slides to its
 * new place (the others glide up, nothing jumps), and keyboard focus, if it was on that row,
 * moves to the next row's Review button (issue 12 › The review list tells the truth).
 */
export function ReviewItems({
  memos,
  label,
  isCompact = false,
}: {
  memos: HomeReviewItem[];
  label: string;
  isCompact?: boolean;
}) {
  const { review, isPending } = useReviewAction();
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useRowsInSlices(memos);
  useRowMotion(listRef, shown.map((memo) => memo.id).join(" "));

  const reviewAt = (index: number) => {
    const memo = memos[index];
    if (!memo) return;
    const list = listRef.current;
    const row = list?.querySelector(`[data-memo-id="${CSS.escape(memo.id)}"]`);
    // Focus leaves the row being reviewed (its button is disabled a moment, then the row moves):
    // it goes to the row after it, which is where the user's eyes and keys go next.
    if (row?.contains(document.activeElement)) {
      const next = memos[index + 1] ?? memos[index - 1];
      if (next) {
        list
          ?.querySelector<HTMLButtonElement>(
            `[data-memo-id="${CSS.escape(next.id)}"] .home-review-button`,
          )
          ?.focus();
      }
    }
    void review(memo);
  };

  return (
    <ul ref={listRef} className="list home-review-list" aria-label={label}>
      {shown.map((memo, index) => (
        <ReviewItem
          key={memo.id}
          memo={memo}
          isCompact={isCompact}
          isPending={isPending(memo.id)}
          onReview={() => reviewAt(index)}
        />
      ))}
    </ul>
  );
}

/**
 * Rows that change place slide from where they were (FLIP: measured before paint, relative to
 * the list so scrolling is not mistaken for a move); none with `prefers-reduced-motion`.
 */
function useRowMotion(listRef: RefObject<HTMLUListElement | null>, order: string) {
  const offsets = useRef<Map<string, number> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order of rows changes
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = (animate: boolean) => {
      const isReduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
      const listTop = list.getBoundingClientRect().top;
      const next = new Map<string, number>();
      for (const row of list.querySelectorAll<HTMLElement>("[data-memo-id]")) {
        const id = row.dataset.memoId ?? "";
        const offset = row.getBoundingClientRect().top - listTop;
        next.set(id, offset);
        const before = offsets.current?.get(id);
        if (!animate || isReduced || before === undefined || before === offset) continue;
        if (!row.animate) continue;
        row.animate([{ transform: `translateY(${before - offset}px)` }, { transform: "none" }], {
          duration: 250,
          easing: "ease-out",
        });
      }
      offsets.current = next;
    };
    if (offsets.current) {
      measure(true);
      return;
    }
    // The first rows move from nowhere: measured once painted, when the layout is done anyway
    // (measuring before paint forced it inside the first render's task).
    offsets.current = new Map();
    const frame = requestAnimationFrame(() => measure(false));
    return () => cancelAnimationFrame(frame);
  }, [order]);
}

function ReviewItem({
  memo,
  isCompact,
  isPending,
  onReview,
}: {
  memo: HomeReviewItem;
  isCompact: boolean;
  isPending: boolean;
  onReview: () => void;
}) {
  const { t } = useTranslation();
  const folderTitle = memo.folderId === ROOT_FOLDER_ID ? t("folders.rootTitle") : memo.folderTitle;
  const isReviewedToday =
    memo.lastReviewedAt !== null && isSameLocalDay(memo.lastReviewedAt, new Date());
  return (
    <li className="list-item home-review-item" data-memo-id={memo.id}>
      <Link
        className="home-review-link"
        to={`/view-private-memo?memoId=${encodeURIComponent(memo.id)}`}
      >
        <span className="home-review-title">{memo.title}</span>
        <span className="home-review-meta">
          <span className="home-review-folder">
            <FolderIcon />
            {folderTitle}
          </span>
          <span className="home-review-count">
            {t("home.reviewCount", { count: memo.reviewCount })}
          </span>
          {isReviewedToday && <span className="home-badge">{t("home.reviewedToday")}</span>}
          {memo.isCompleted && (
            <span className="home-badge home-badge-done">{t("home.completed")}</span>
          )}
        </span>
        {!isCompact && memo.preview && <span className="home-review-preview">{memo.preview}</span>}
      </Link>
      <button
        type="button"
        className="button button-small button-secondary home-review-button"
        aria-label={t("home.reviewButtonLabel", { title: memo.title })}
        disabled={isPending}
        onClick={onReview}
      >
        {t("home.reviewButton")}
      </button>
    </li>
  );
}

function FolderIcon() {
  return (
    <svg className="home-folder-icon" width="13" height="13" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.6l2 2.2h8.4A1.5 1.5 0 0 1 21 8.7v9.8a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z"
        fill="currentColor"
      />
    </svg>
  );
}
