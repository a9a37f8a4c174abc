import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorCodeOf } from "../../api/client";
import { useSaveScratchText, useScratchText } from "../../api/text.queries";
import { useFormat } from "../../i18n/format";
import { confirmAlert } from "../../overlays/alert";
import { errorMessage, showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { htmlToPlainText, plainTextToHtml } from "./plain-text";
import { useReportError } from "./use-report-error";

/** Edits the scratch note as plain text; saving stores it and goes back to the note. */
export function UpsertTextScreen() {
  const { t } = useTranslation();
  const text = useScratchText();
  useReportError(text.error);
  return (
    <Page title={t("text.editTitle")} backTo="/text-editor">
      {text.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : text.isError ? (
        <EmptyState title={t("text.loadFailed")}>
          <p>{errorMessage(errorCodeOf(text.error))}</p>
          <button type="button" className="button button-secondary" onClick={() => text.refetch()}>
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : (
        <TextForm initial={htmlToPlainText(text.data.contents)} />
      )}
    </Page>
  );
}

function TextForm({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const save = useSaveScratchText();
  const [value, setValue] = useState(initial);
  const fieldId = useId();
  const hintId = useId();
  const isChanged = value !== initial;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    try {
      await save.mutateAsync(plainTextToHtml(value));
      showToast(t("common.saved"));
      navigate("/text-editor");
    } catch (error) {
      await showError(error);
    }
  };

  const cancel = async () => {
    if (
      isChanged &&
      !(await confirmAlert(t("text.discardTitle"), t("text.discardMessage"), t("text.discard")))
    ) {
      return;
    }
    navigate("/text-editor");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) void submit();
  };

  return (
    <form className="text-form" onSubmit={submit}>
      <label className="field-label" htmlFor={fieldId}>
        {t("text.fieldLabel")}
      </label>
      <textarea
        id={fieldId}
        className="textarea text-textarea"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t("text.placeholder")}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noAutofocus: the screen exists to type into this field
        autoFocus
      />
      <p id={hintId} className="text-hint muted small">
        {t("text.hint", { count: value.length, characters: format.number(value.length) })}
      </p>
      <div className="text-actions">
        <button type="button" className="button button-secondary" onClick={cancel}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="button" disabled={save.isPending || !isChanged}>
          {save.isPending ? t("text.saving") : t("common.save")}
        </button>
      </div>
    </form>
  );
}
