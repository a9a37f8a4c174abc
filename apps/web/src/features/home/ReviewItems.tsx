import { type HomeReviewItem, ROOT_FOLDER_ID } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isSameLocalDay } from "./home-dates";
import { useReviewAction } from "./review-action";

/** The memos of the review list, each with its folder, counts and a Review button. */
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
  return (
    <ul className="list home-review-list" aria-label={label}>
      {memos.map((memo) => (
        <ReviewItem
          key={memo.id}
          memo={memo}
          isCompact={isCompact}
          isPending={isPending(memo.id)}
          onReview={() => review(memo)}
        />
      ))}
    </ul>
  );
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
    <li className="list-item home-review-item">
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
