import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReviewQueue } from "../../api/review.queries";

/** "Start review (N)": opens the review session over the home review list's queue. */
export function StartReview() {
  const { t } = useTranslation();
  const queue = useReviewQueue(null);
  const count = queue.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Link className="button home-start-review" to="/review">
      {t("review.start", { count })}
    </Link>
  );
}
