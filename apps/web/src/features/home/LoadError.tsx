import { useTranslation } from "react-i18next";
import { errorCodeOf } from "../../api/client";
import { errorMessage } from "../../overlays/error-dialog";
import { EmptyState } from "../../ui/List";

/** A list that could not be loaded: the error code's message and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={t("home.loadFailed")}>
      <p>{errorMessage(errorCodeOf(error))}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t("common.retry")}
      </button>
    </EmptyState>
  );
}
