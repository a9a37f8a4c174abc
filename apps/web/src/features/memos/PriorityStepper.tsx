import { useTranslation } from "react-i18next";
import { MinusIcon, PlusIcon } from "./icons";
import type { MemoRef } from "./memo-actions";

/**
 * A memo's priority with − / + (PRODUCT.md › Priority: it changes by 1). Each button says what it
 * changes, for which memo, and the value now (issue 12 §3); a change is announced. `onStep` is
 * the caller's `useMemoActions().changePriority` for this memo: a list row has those already,
 * and a second set per row (seven mutations) made its first render slower.
 */
export function PriorityStepper({
  memo,
  onStep,
}: {
  memo: MemoRef & { priority: number };
  onStep: (delta: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  const title = memo.title;
  return (
    <fieldset className="memos-stepper" aria-label={t("memos.actions.priorityGroup", { title })}>
      <button
        type="button"
        className="memos-stepper-button"
        aria-label={t("memos.actions.priorityDown", { title, value: memo.priority })}
        onClick={() => onStep(-1)}
      >
        <MinusIcon />
      </button>
      <span className="memos-stepper-value" title={t("memos.list.priority")} aria-live="polite">
        <span className="memos-visually-hidden">{t("memos.list.priority")} </span>
        {memo.priority}
      </span>
      <button
        type="button"
        className="memos-stepper-button"
        aria-label={t("memos.actions.priorityUp", { title, value: memo.priority })}
        onClick={() => onStep(1)}
      >
        <PlusIcon />
      </button>
    </fieldset>
  );
}
