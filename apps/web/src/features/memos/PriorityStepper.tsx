import { useTranslation } from "react-i18next";
import { MinusIcon, PlusIcon } from "./icons";
import { type MemoRef, useMemoActions } from "./memo-actions";

/**
 * A memo's priority with − / + (PRODUCT.md › Priority: it changes by 1). Each button says what it
 * changes, for which memo, and the value now (issue 12 §3); a change is announced.
 */
export function PriorityStepper({ memo }: { memo: MemoRef & { priority: number } }) {
  const { t } = useTranslation();
  const actions = useMemoActions();
  const title = memo.title;
  return (
    <fieldset className="memos-stepper" aria-label={t("memos.actions.priorityGroup", { title })}>
      <button
        type="button"
        className="memos-stepper-button"
        aria-label={t("memos.actions.priorityDown", { title, value: memo.priority })}
        onClick={() => void actions.changePriority(memo, -1)}
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
        onClick={() => void actions.changePriority(memo, 1)}
      >
        <PlusIcon />
      </button>
    </fieldset>
  );
}
