import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReviewQueue } from "../../api/review.queries";

/** "Start review (N)": opens the review session over the home review list's queue. */
export function StartReview() {
  const { t } = useTranslation();
  const queue = useReviewQueue(null);
  const count = queue.data?.length ?? 0;
  // While the queue loads, the button's place is kept (empty and hidden), so the list below does
  // not jump down when it arrives (PRODUCT.md › Start-up, layout shift).
  if (queue.isPending) {
    return (
      <span className="button home-start-review home-start-review-pending" aria-hidden="true" />
    );
  }
  if (count === 0) return null;
  return (
    <Link className="button home-start-review" to="/review">
      {t("review.start", { count })}
    </Link>
  );
}
