import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A memo's flash-card hint, hidden until tapped (and hidden again by a second tap). */
export function FlashCardHint({
  title,
  hint,
  className,
}: {
  title: string;
  hint: string;
  className: string;
}) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  return (
    <div className={className}>
      <button
        type="button"
        className="memos-hint-button"
        aria-expanded={isShown}
        aria-label={t("memos.actions.hint", { title })}
        onClick={() => setIsShown((shown) => !shown)}
      >
        {isShown ? t("memos.hint.hide") : t("memos.hint.show")}
      </button>
      {isShown && <p className="memos-hint-text">{hint}</p>}
    </div>
  );
}
