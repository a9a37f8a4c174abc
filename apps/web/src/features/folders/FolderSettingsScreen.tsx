import {
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  type Folder,
  foldersInTreeOrder,
  ROOT_FOLDER_ID,
  SCHEDULERS,
  type Scheduler,
  type SortMode,
  type UpdateFolderInput,
} from "@mnemo/domain";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { useFolder, useFolders, useFolderTitle, useUpdateFolder } from "../../api/folders.queries";
import { SORT_MODE_OPTIONS } from "../../api/memos.queries";
import { showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { EmptyState, Spinner, Toggle } from "../../ui/List";
import { Page } from "../../ui/Page";
import { withDescendants } from "./folder-tree";
import { RepetitionValueInput } from "./RepetitionValueInput";
import { parseRepetitionValue } from "./repetition-value";

type SwitchField =
  | "pinned"
  | "sideNavPinned"
  | "enableCompletionFeature"
  | "enableCompletionFeatureWithCompletedMemosOnly"
  | "enableFlashCardFeature"
  | "showSortingValues"
  | "showReviewCount"
  | "showAtHomeReviewList"
  | "isCategoryFolder";

interface Draft extends Record<SwitchField, boolean> {
  title: string;
  description: string;
  parentFolderId: string | null;
  sortingMethod: SortMode;
  dateRepetitionValue: string;
  readRepetitionValue: string;
  scheduler: Scheduler;
  /** Percent, as typed (70–99). */
  desiredRetention: string;
}

/** The typed desired retention (percent) as a fraction, or null outside 70–99 %. */
function parseRetentionPercent(text: string): number | null {
  const percent = Number(text.trim());
  if (text.trim() === "" || !Number.isFinite(percent)) return null;
  const fraction = Math.round(percent * 10) / 1000;
  return fraction >= DESIRED_RETENTION_MIN && fraction <= DESIRED_RETENTION_MAX ? fraction : null;
}

function draftOf(folder: Folder): Draft {
  return {
    title: folder.title,
    description: folder.description,
    parentFolderId: folder.parentFolderId,
    isCategoryFolder: folder.isCategoryFolder,
    sortingMethod: folder.sortingMethod,
    dateRepetitionValue: String(folder.dateRepetitionValue),
    readRepetitionValue: String(folder.readRepetitionValue),
    scheduler: folder.scheduler,
    desiredRetention: String(Math.round(folder.desiredRetention * 1000) / 10),
    pinned: folder.pinned,
    sideNavPinned: folder.sideNavPinned,
    enableCompletionFeature: folder.enableCompletionFeature,
    enableCompletionFeatureWithCompletedMemosOnly:
      folder.enableCompletionFeatureWithCompletedMemosOnly,
    enableFlashCardFeature: folder.enableFlashCardFeature,
    showSortingValues: folder.showSortingValues,
    showReviewCount: folder.showReviewCount,
    showAtHomeReviewList: folder.showAtHomeReviewList,
  };
}

/**
 * folder-settings?folderId=: every setting of a folder (PRODUCT.md › Folder settings), saved
 * together with PATCH.
 */
export function FolderSettingsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const folderId = params.get("folderId") ?? ROOT_FOLDER_ID;
  const folder = useFolder(folderId);
  const backTo = `/private-memos/${encodeURIComponent(folderId)}`;

  if (folder.error) {
    const isMissing = folder.error instanceof ApiError && folder.error.status < 500;
    return (
      <Page title={t("folders.settings.title")} backTo="/private-folders">
        <EmptyState title={isMissing ? t("errors.FOLDER_NOT_FOUND") : t("errors.INTERNAL")}>
          <Link to="/private-folders">{t("folders.list.allFolders")}</Link>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title={t("folders.settings.title")} backTo={backTo}>
      {folder.data ? (
        // A saved folder comes back with a new updatedAt: the form starts again from it.
        <SettingsForm key={`${folder.data.id}:${folder.data.updatedAt}`} folder={folder.data} />
      ) : (
        <Spinner label={t("common.loading")} />
      )}
    </Page>
  );
}

function SettingsForm({ folder }: { folder: Folder }) {
  const { t } = useTranslation();
  const titleOf = useFolderTitle();
  const folders = useFolders();
  const update = useUpdateFolder();
  const ids = {
    title: useId(),
    description: useId(),
    parent: useId(),
    sort: useId(),
    date: useId(),
    read: useId(),
    titleError: useId(),
    dateError: useId(),
    readError: useId(),
    scheduler: useId(),
    retention: useId(),
    retentionError: useId(),
  };
  const initial = draftOf(folder);
  const [draft, setDraft] = useState<Draft>(initial);
  const isRoot = folder.id === ROOT_FOLDER_ID;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));

  const dateValue = parseRepetitionValue(draft.dateRepetitionValue);
  const readValue = parseRepetitionValue(draft.readRepetitionValue);
  const titleError = !isRoot && draft.title.trim() === "" ? t("folders.form.nameRequired") : null;
  const dateError = dateValue === null ? t("folders.settings.repetitionInvalid") : null;
  const readError = readValue === null ? t("folders.settings.repetitionInvalid") : null;
  const retention = parseRetentionPercent(draft.desiredRetention);
  const retentionError =
    draft.scheduler === "fsrs" && retention === null
      ? t("folders.settings.retentionInvalid")
      : null;
  const hasErrors = Boolean(titleError || dateError || readError || retentionError);

  const changes = (): UpdateFolderInput => {
    const input: UpdateFolderInput = {};
    const title = draft.title.trim();
    if (!isRoot && title !== folder.title) input.title = title;
    if (draft.description !== folder.description) input.description = draft.description;
    if (!isRoot && draft.parentFolderId !== folder.parentFolderId) {
      input.parentFolderId = draft.parentFolderId;
    }
    if (draft.sortingMethod !== folder.sortingMethod) input.sortingMethod = draft.sortingMethod;
    if (dateValue !== null && dateValue !== folder.dateRepetitionValue) {
      input.dateRepetitionValue = dateValue;
    }
    if (readValue !== null && readValue !== folder.readRepetitionValue) {
      input.readRepetitionValue = readValue;
    }
    if (draft.scheduler !== folder.scheduler) input.scheduler = draft.scheduler;
    if (retention !== null && retention !== folder.desiredRetention) {
      input.desiredRetention = retention;
    }
    const switches: SwitchField[] = [
      "isCategoryFolder",
      "pinned",
      "sideNavPinned",
      "enableCompletionFeature",
      "enableCompletionFeatureWithCompletedMemosOnly",
      "enableFlashCardFeature",
      "showSortingValues",
      "showReviewCount",
      "showAtHomeReviewList",
    ];
    for (const key of switches) if (draft[key] !== folder[key]) input[key] = draft[key];
    return input;
  };
  const pending = changes();
  const isChanged = Object.keys(pending).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasErrors || !isChanged) return;
    try {
      await update.mutateAsync({ folderId: folder.id, input: pending });
      showToast(t("common.saved"));
    } catch (error) {
      await showError(error);
    }
  };

  // A folder cannot move into itself or one of its sub-folders.
  const excluded = withDescendants(folders.data ?? [], folder.id);
  const parents = foldersInTreeOrder(folders.data ?? []).filter(
    (row) => !excluded.has(row.folder.id),
  );

  const toggle = (key: SwitchField, label: string, disabled = false) => (
    <li className="list-item">
      <div className="list-item-static">
        <Toggle
          label={label}
          checked={draft[key]}
          disabled={disabled}
          onChange={(checked) => set(key, checked)}
        />
      </div>
    </li>
  );

  return (
    <form className="folders-settings" onSubmit={submit} noValidate>
      <h2 className="large-title folders-large-title">{titleOf(folder)}</h2>

      <Section header={t("folders.settings.general")}>
        {isRoot ? (
          <li className="list-item">
            <div className="list-item-static">
              <span className="list-item-main">{t("folders.form.name")}</span>
              <span className="list-item-end">{t("folders.rootTitle")}</span>
            </div>
          </li>
        ) : (
          <FieldRow
            id={ids.title}
            label={t("folders.form.name")}
            error={titleError}
            errorId={ids.titleError}
          >
            <input
              id={ids.title}
              className="input folders-inline-input"
              value={draft.title}
              maxLength={200}
              aria-invalid={Boolean(titleError)}
              aria-describedby={titleError ? ids.titleError : undefined}
              onChange={(event) => set("title", event.target.value)}
            />
          </FieldRow>
        )}
        <li className="list-item folders-stacked-row">
          <label className="field-label" htmlFor={ids.description}>
            {t("folders.settings.description")}
          </label>
          <textarea
            id={ids.description}
            className="textarea folders-textarea"
            rows={3}
            maxLength={2000}
            value={draft.description}
            placeholder={t("folders.settings.descriptionPlaceholder")}
            onChange={(event) => set("description", event.target.value)}
          />
        </li>
        {!isRoot && (
          <FieldRow id={ids.parent} label={t("folders.form.parent")}>
            <select
              id={ids.parent}
              className="select folders-inline-select"
              value={draft.parentFolderId ?? ""}
              onChange={(event) => set("parentFolderId", event.target.value || null)}
            >
              <option value="">{t("folders.form.noParent")}</option>
              {parents.map(({ folder: option, depth }) => (
                <option key={option.id} value={option.id}>
                  {`${"\u00a0\u00a0".repeat(depth)}${titleOf(option)}`}
                </option>
              ))}
            </select>
          </FieldRow>
        )}
        {!isRoot &&
          draft.parentFolderId === null &&
          toggle("isCategoryFolder", t("folders.form.isCategory"))}
      </Section>

      <Section
        header={t("folders.settings.sortingAndReview")}
        footer={t("folders.settings.repetitionHelp")}
      >
        <FieldRow id={ids.sort} label={t("folders.settings.sortingMethod")}>
          <select
            id={ids.sort}
            className="select folders-inline-select"
            value={draft.sortingMethod}
            onChange={(event) => set("sortingMethod", event.target.value as SortMode)}
          >
            {SORT_MODE_OPTIONS.filter(
              (mode) =>
                mode !== "retrievability" ||
                draft.scheduler === "fsrs" ||
                mode === folder.sortingMethod,
            ).map((mode) => (
              <option key={mode} value={mode}>
                {t(`memos.sort.${mode}`)}
              </option>
            ))}
          </select>
        </FieldRow>
        <FieldRow
          id={ids.date}
          label={t("folders.settings.dateRepetitionValue")}
          error={dateError}
          errorId={ids.dateError}
        >
          <RepetitionValueInput
            id={ids.date}
            value={draft.dateRepetitionValue}
            aria-invalid={Boolean(dateError)}
            aria-describedby={dateError ? ids.dateError : undefined}
            onChange={(event) => set("dateRepetitionValue", event.target.value)}
          />
        </FieldRow>
        <FieldRow
          id={ids.read}
          label={t("folders.settings.readRepetitionValue")}
          error={readError}
          errorId={ids.readError}
        >
          <RepetitionValueInput
            id={ids.read}
            value={draft.readRepetitionValue}
            aria-invalid={Boolean(readError)}
            aria-describedby={readError ? ids.readError : undefined}
            onChange={(event) => set("readRepetitionValue", event.target.value)}
          />
        </FieldRow>
      </Section>

      <Section
        header={t("folders.settings.scheduling")}
        footer={
          draft.scheduler === "fsrs"
            ? t("folders.settings.fsrsHelp")
            : t("folders.settings.repetitionSchedulerHelp")
        }
      >
        <FieldRow id={ids.scheduler} label={t("folders.settings.scheduler")}>
          <select
            id={ids.scheduler}
            className="select folders-inline-select"
            value={draft.scheduler}
            onChange={(event) => set("scheduler", event.target.value as Scheduler)}
          >
            {SCHEDULERS.map((scheduler) => (
              <option key={scheduler} value={scheduler}>
                {t(`folders.settings.schedulers.${scheduler}`)}
              </option>
            ))}
          </select>
        </FieldRow>
        {draft.scheduler === "fsrs" && (
          <FieldRow
            id={ids.retention}
            label={t("folders.settings.desiredRetention")}
            error={retentionError}
            errorId={ids.retentionError}
          >
            <span className="folders-percent">
              <input
                id={ids.retention}
                className="input folders-inline-input folders-percent-input"
                type="number"
                inputMode="decimal"
                min={DESIRED_RETENTION_MIN * 100}
                max={DESIRED_RETENTION_MAX * 100}
                step={1}
                value={draft.desiredRetention}
                aria-invalid={Boolean(retentionError)}
                aria-describedby={retentionError ? ids.retentionError : undefined}
                onChange={(event) => set("desiredRetention", event.target.value)}
              />
              <span aria-hidden="true">%</span>
            </span>
          </FieldRow>
        )}
      </Section>

      <Section header={t("folders.settings.display")}>
        {toggle("pinned", t("folders.settings.pinned"))}
        {toggle("sideNavPinned", t("folders.settings.sideNavPinned"))}
        {toggle("showReviewCount", t("folders.settings.showReviewCount"))}
        {toggle("showSortingValues", t("folders.settings.showSortingValues"))}
        {toggle("showAtHomeReviewList", t("folders.settings.showAtHomeReviewList"))}
      </Section>

      <Section header={t("folders.settings.features")} footer={t("folders.settings.featuresHelp")}>
        {toggle("enableCompletionFeature", t("folders.settings.enableCompletionFeature"))}
        {toggle(
          "enableCompletionFeatureWithCompletedMemosOnly",
          t("folders.settings.enableCompletionFeatureWithCompletedMemosOnly"),
          !draft.enableCompletionFeature,
        )}
        {toggle("enableFlashCardFeature", t("folders.settings.enableFlashCardFeature"))}
      </Section>

      <button
        type="submit"
        className="button button-block"
        disabled={update.isPending || !isChanged}
      >
        {t("common.save")}
      </button>
    </form>
  );
}

function Section({
  header,
  footer,
  children,
}: {
  header: string;
  footer?: string;
  children: ReactNode;
}) {
  return (
    <div className="list-group">
      <h3 className="list-group-header folders-section-header">{header}</h3>
      <ul className="list">{children}</ul>
      {footer && <p className="list-group-footer folders-section-footer">{footer}</p>}
    </div>
  );
}

/** A list row with a label on the left and its control on the right; an error below. */
function FieldRow({
  id,
  label,
  error,
  errorId,
  children,
}: {
  id: string;
  label: string;
  error?: string | null | false;
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <li className="list-item folders-field-row">
      <div className="folders-field-line">
        <label className="folders-field-label" htmlFor={id}>
          {label}
        </label>
        <div className="folders-field-control">{children}</div>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
