import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A settings row that acts (opens a sheet, logs out): a button laid out as a list row. */
export function ActionRow({
  label,
  onClick,
  tone = "default",
  hasChevron = false,
}: {
  label: string;
  onClick: () => void;
  tone?: "default" | "tint" | "danger";
  hasChevron?: boolean;
}) {
  return (
    <li className="list-item">
      <button type="button" className={`account-row-button account-row-${tone}`} onClick={onClick}>
        <span className="list-item-main">{label}</span>
        {hasChevron && (
          <span className="chevron" aria-hidden="true">
            ›
          </span>
        )}
      </button>
    </li>
  );
}

/** The body of a modal sheet: Cancel, the title, then the form. */
export function Sheet({
  title,
  onCancel,
  onSubmit,
  children,
}: {
  title: string;
  onCancel: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="account-sheet" onSubmit={onSubmit} noValidate>
      <header className="account-sheet-header">
        <button type="button" className="text-button" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <h2 className="account-sheet-title">{title}</h2>
        <span aria-hidden="true" />
      </header>
      <div className="account-sheet-body">{children}</div>
    </form>
  );
}
