import { type Folder, foldersInTreeOrder, type UpdateFolderInput } from "@mnemo/domain";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFolders, useFolderTitle, useUpdateFolder } from "../../api/folders.queries";
import { showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { FsrsOptimizeSection } from "./FsrsOptimizeSection";
import { RepetitionValueInput } from "./RepetitionValueInput";
import { parseRepetitionValue } from "./repetition-value";

interface RowDraft {
  showAtHomeReviewList: boolean;
  dateRepetitionValue: string;
  readRepetitionValue: string;
}

const draftOf = (folder: Folder): RowDraft => ({
  showAtHomeReviewList: folder.showAtHomeReviewList,
  dateRepetitionValue: String(folder.dateRepetitionValue),
  readRepetitionValue: String(folder.readRepetitionValue),
});

/** What changed in one folder's row, or null when nothing did (or a value is invalid). */
function changesOf(folder: Folder, draft: RowDraft): UpdateFolderInput | null {
  const input: UpdateFolderInput = {};
  const date = parseRepetitionValue(draft.dateRepetitionValue);
  const read = parseRepetitionValue(draft.readRepetitionValue);
  if (draft.showAtHomeReviewList !== folder.showAtHomeReviewList) {
    input.showAtHomeReviewList = draft.showAtHomeReviewList;
  }
  if (date !== null && date !== folder.dateRepetitionValue) input.dateRepetitionValue = date;
  if (read !== null && read !== folder.readRepetitionValue) input.readRepetitionValue = read;
  return Object.keys(input).length > 0 ? input : null;
}

/**
 * review-memo-settings: one list of every folder with whether it feeds the home review list and
 * its date and read repetition values; one Save for all changed folders; then FSRS's "Optimize".
 */
export function ReviewMemoSettingsScreen() {
  const { t } = useTranslation();
  const folders = useFolders();
  return (
    <Page title={t("folders.review.title")}>
      {folders.data ? (
        <ReviewSettingsForm
          key={folders.data.map((folder) => `${folder.id}:${folder.updatedAt}`).join()}
          folders={folders.data}
        />
      ) : folders.error ? (
        <EmptyState title={t("errors.INTERNAL")}>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => folders.refetch()}
          >
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : (
        <Spinner label={t("common.loading")} />
      )}
      <FsrsOptimizeSection />
    </Page>
  );
}

function ReviewSettingsForm({ folders }: { folders: Folder[] }) {
  const { t } = useTranslation();
  const update = useUpdateFolder();
  const [drafts, setDrafts] = useState<Record<string, RowDraft>>(() =>
    Object.fromEntries(folders.map((folder) => [folder.id, draftOf(folder)])),
  );
  const [isSaving, setIsSaving] = useState(false);
  const rows = foldersInTreeOrder(folders);
  const draftFor = (folder: Folder) => drafts[folder.id] ?? draftOf(folder);
  const hasInvalid = rows.some(({ folder }) => {
    const draft = draftFor(folder);
    return (
      parseRepetitionValue(draft.dateRepetitionValue) === null ||
      parseRepetitionValue(draft.readRepetitionValue) === null
    );
  });
  const changed = rows
    .map(({ folder }) => ({ folder, input: changesOf(folder, draftFor(folder)) }))
    .filter(
      (change): change is { folder: Folder; input: UpdateFolderInput } => change.input !== null,
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasInvalid || changed.length === 0) return;
    setIsSaving(true);
    try {
      for (const { folder, input } of changed) {
        await update.mutateAsync({ folderId: folder.id, input });
      }
      showToast(t("common.saved"));
    } catch (error) {
      await showError(error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2 className="large-title folders-large-title">{t("folders.review.title")}</h2>
      <p className="muted folders-intro">{t("folders.review.intro")}</p>
      <ul className="list folders-review-list">
        {rows.map(({ folder, depth }) => (
          <ReviewRow
            key={folder.id}
            folder={folder}
            depth={depth}
            draft={draftFor(folder)}
            onChange={(draft) => setDrafts((previous) => ({ ...previous, [folder.id]: draft }))}
          />
        ))}
      </ul>
      <p className="muted small folders-footnote">{t("folders.settings.repetitionHelp")}</p>
      <button
        type="submit"
        className="button button-block"
        disabled={isSaving || hasInvalid || changed.length === 0}
      >
        {t("common.save")}
      </button>
    </form>
  );
}

function ReviewRow({
  folder,
  depth,
  draft,
  onChange,
}: {
  folder: Folder;
  depth: number;
  draft: RowDraft;
  onChange: (draft: RowDraft) => void;
}) {
  const { t } = useTranslation();
  const titleOf = useFolderTitle();
  const ids = { date: useId(), read: useId(), error: useId() };
  const title = titleOf(folder);
  const isInvalid = {
    date: parseRepetitionValue(draft.dateRepetitionValue) === null,
    read: parseRepetitionValue(draft.readRepetitionValue) === null,
  };
  return (
    <li
      className="list-item folders-review-row"
      style={{ paddingInlineStart: `${16 + depth * 20}px` }}
    >
      <label className="toggle">
        <span className="toggle-label folders-review-title">{title}</span>
        <input
          type="checkbox"
          role="switch"
          aria-label={t("folders.review.showAtHome", { title })}
          aria-checked={draft.showAtHomeReviewList}
          checked={draft.showAtHomeReviewList}
          onChange={(event) => onChange({ ...draft, showAtHomeReviewList: event.target.checked })}
        />
        <span className="toggle-track" aria-hidden="true" />
      </label>
      <div className="folders-review-values">
        <label className="folders-review-value" htmlFor={ids.date}>
          <span className="muted small">{t("folders.review.date")}</span>
          <RepetitionValueInput
            id={ids.date}
            aria-label={t("folders.review.dateLabel", { title })}
            aria-invalid={isInvalid.date}
            aria-describedby={isInvalid.date || isInvalid.read ? ids.error : undefined}
            value={draft.dateRepetitionValue}
            onChange={(event) => onChange({ ...draft, dateRepetitionValue: event.target.value })}
          />
        </label>
        <label className="folders-review-value" htmlFor={ids.read}>
          <span className="muted small">{t("folders.review.read")}</span>
          <RepetitionValueInput
            id={ids.read}
            aria-label={t("folders.review.readLabel", { title })}
            aria-invalid={isInvalid.read}
            aria-describedby={isInvalid.date || isInvalid.read ? ids.error : undefined}
            value={draft.readRepetitionValue}
            onChange={(event) => onChange({ ...draft, readRepetitionValue: event.target.value })}
          />
        </label>
      </div>
      {(isInvalid.date || isInvalid.read) && (
        <p id={ids.error} className="field-error" role="alert">
          {t("folders.settings.repetitionInvalid")}
        </p>
      )}
    </li>
  );
}
