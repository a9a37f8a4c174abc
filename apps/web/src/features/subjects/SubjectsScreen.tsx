import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCodeOf } from "../../api/client";
import { useAddSubjects, useSubjects } from "../../api/subjects.queries";
import { useFormat } from "../../i18n/format";
import { errorMessage, showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { useSignedInMe } from "../../session/me-context";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";

/** The server's limits on one request: names per request and characters per name. */
const MAX_NAMES = 50;
const MAX_NAME_LENGTH = 100;

/** The names of the field: split at commas and line breaks, trimmed, blanks and repeats dropped. */
export function parseSubjectNames(text: string): string[] {
  const names = text
    .split(/[,，\n]/)
    .map((name) => name.normalize("NFC").trim())
    .filter((name) => name !== "");
  return [...new Set(names)];
}

/** The subjects of the user's country and a form to add some (PRODUCT.md › Subjects). */
export function SubjectsScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useSignedInMe();
  const subjects = useSubjects();
  const country =
    me.user.countryCode === "GL"
      ? t("subjects.global")
      : (new Intl.DisplayNames([format.locale], { type: "region" }).of(me.user.countryCode) ??
        me.user.countryCode);

  return (
    <Page title={t("subjects.title")}>
      <p className="subjects-intro muted">{t("subjects.intro", { country })}</p>
      <AddSubjectsForm />

      <div className="subjects-head">
        <h2 className="section-title subjects-title" id="subjects-list-title">
          {t("subjects.listTitle", { country })}
        </h2>
        {subjects.isSuccess && (
          <span className="muted small">
            {t("subjects.count", { count: subjects.data.length })}
          </span>
        )}
      </div>
      {subjects.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : subjects.isError ? (
        <EmptyState title={t("subjects.loadFailed")}>
          <p>{errorMessage(errorCodeOf(subjects.error))}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => subjects.refetch()}
          >
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : subjects.data.length === 0 ? (
        <div className="subjects-empty">
          <EmptyState title={t("subjects.emptyTitle")}>
            <p>{t("subjects.emptyBody")}</p>
          </EmptyState>
        </div>
      ) : (
        <ul className="list subjects-list" aria-labelledby="subjects-list-title">
          {subjects.data.map((subject) => (
            <li key={subject.name} className="list-item subjects-item">
              <div className="subjects-item-main">
                <span className="subjects-name">
                  {subject.name}
                  {!subject.isActive && (
                    <span className="subjects-badge">{t("subjects.inactive")}</span>
                  )}
                </span>
                <span className="subjects-meta">
                  {subject.pinnedCount > 0 && (
                    <span>{t("subjects.pinned", { count: subject.pinnedCount })}</span>
                  )}
                  <span>{t("subjects.updated", { date: format.date(subject.updatedAt) })}</span>
                </span>
              </div>
              <span className="subjects-set-count">
                {t("subjects.setCount", {
                  count: subject.setCount,
                  formatted: format.number(subject.setCount),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function AddSubjectsForm() {
  const { t } = useTranslation();
  const addSubjects = useAddSubjects();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const names = parseSubjectNames(text);
    const tooLong = names.find((name) => name.length > MAX_NAME_LENGTH);
    if (names.length === 0) return setProblem(t("subjects.form.empty"));
    if (names.length > MAX_NAMES)
      return setProblem(t("subjects.form.tooMany", { count: MAX_NAMES }));
    if (tooLong) {
      return setProblem(t("subjects.form.tooLong", { count: MAX_NAME_LENGTH, name: tooLong }));
    }
    setProblem(null);
    try {
      const result = await addSubjects.mutateAsync(names);
      const parts = [
        result.created.length > 0 && t("subjects.toast.created", { count: result.created.length }),
        result.incremented.length > 0 &&
          t("subjects.toast.incremented", { count: result.incremented.length }),
      ].filter(Boolean);
      showToast(parts.length > 0 ? parts.join(" · ") : t("subjects.toast.nothing"));
      setText("");
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <form className="form-card subjects-form" onSubmit={submit} noValidate>
      <label className="field-label subjects-label" htmlFor={fieldId}>
        {t("subjects.form.label")}
      </label>
      <textarea
        id={fieldId}
        className="textarea subjects-textarea"
        rows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        placeholder={t("subjects.form.placeholder")}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        aria-invalid={problem ? true : undefined}
      />
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="subjects-form-footer">
        <p id={hintId} className="muted small subjects-hint">
          {t("subjects.form.hint")}
        </p>
        <button type="submit" className="button" disabled={addSubjects.isPending}>
          {addSubjects.isPending ? t("subjects.form.adding") : t("subjects.form.submit")}
        </button>
      </div>
    </form>
  );
}
