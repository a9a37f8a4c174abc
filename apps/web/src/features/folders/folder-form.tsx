import { type Folder, foldersInTreeOrder } from "@mnemo/domain";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  useCreateFolder,
  useFolders,
  useFolderTitle,
  useUpdateFolder,
} from "../../api/folders.queries";
import { showError } from "../../overlays/error-dialog";
import { presentModal } from "../../overlays/modal";
import { showToast } from "../../overlays/toast";
import { Toggle } from "../../ui/List";

type FolderFormProps =
  | { mode: "create"; parentFolderId: string | null; close: (folder?: Folder) => void }
  | { mode: "rename"; folder: Folder; close: (folder?: Folder) => void };

/** The sheet that creates a folder (title, category, parent) or renames one. */
function FolderForm(props: FolderFormProps) {
  const { t } = useTranslation();
  const titleOf = useFolderTitle();
  const folders = useFolders();
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const ids = { title: useId(), titleError: useId(), parent: useId(), heading: useId() };
  const [title, setTitle] = useState(props.mode === "rename" ? props.folder.title : "");
  const [isCategory, setIsCategory] = useState(props.mode === "create");
  const [parentId, setParentId] = useState<string | null>(
    props.mode === "create" ? props.parentFolderId : null,
  );
  const [titleError, setTitleError] = useState<string | null>(null);
  const isSaving = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setTitleError(t("folders.form.nameRequired"));
      return;
    }
    try {
      const folder =
        props.mode === "create"
          ? await create.mutateAsync({
              title: trimmed,
              parentFolderId: parentId,
              isCategoryFolder: parentId === null && isCategory,
            })
          : await update.mutateAsync({ folderId: props.folder.id, input: { title: trimmed } });
      showToast(t(props.mode === "create" ? "folders.form.created" : "common.saved"));
      props.close(folder);
    } catch (error) {
      await showError(error);
    }
  };

  const heading = t(
    props.mode === "create" ? "folders.form.createTitle" : "folders.form.renameTitle",
  );
  return (
    <form className="folders-sheet" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <div className="folders-sheet-header">
        <button type="button" className="text-button" onClick={() => props.close()}>
          {t("common.cancel")}
        </button>
        <h2 id={ids.heading} className="folders-sheet-title">
          {heading}
        </h2>
        <button type="submit" className="text-button folders-sheet-save" disabled={isSaving}>
          {t("common.save")}
        </button>
      </div>
      <div className="folders-sheet-body">
        <div className="field">
          <label className="field-label" htmlFor={ids.title}>
            {t("folders.form.name")}
          </label>
          <input
            id={ids.title}
            className="input"
            value={title}
            maxLength={200}
            // biome-ignore lint/a11y/noAutofocus: the sheet exists to type this name
            autoFocus
            aria-invalid={titleError !== null}
            aria-describedby={titleError ? ids.titleError : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              setTitleError(null);
            }}
          />
          {titleError && (
            <p id={ids.titleError} className="field-error" role="alert">
              {titleError}
            </p>
          )}
        </div>
        {props.mode === "create" && (
          <>
            <div className="field">
              <label className="field-label" htmlFor={ids.parent}>
                {t("folders.form.parent")}
              </label>
              <select
                id={ids.parent}
                className="select"
                value={parentId ?? ""}
                onChange={(event) => setParentId(event.target.value || null)}
              >
                <option value="">{t("folders.form.noParent")}</option>
                {foldersInTreeOrder(folders.data ?? []).map(({ folder, depth }) => (
                  <option key={folder.id} value={folder.id}>
                    {`${"\u00a0\u00a0".repeat(depth)}${titleOf(folder)}`}
                  </option>
                ))}
              </select>
            </div>
            {parentId === null && (
              <div className="folders-toggle-card">
                <Toggle
                  label={t("folders.form.isCategory")}
                  checked={isCategory}
                  onChange={setIsCategory}
                />
                <p className="muted small folders-toggle-help">
                  {t("folders.form.isCategoryHelp")}
                </p>
              </div>
            )}
          </>
        )}
      </div>
    </form>
  );
}

/** Opens the create-folder sheet; answers the new folder, or undefined when cancelled. */
export function presentCreateFolder(label: string, parentFolderId: string | null) {
  return presentModal<Folder>(label, (close) => (
    <FolderForm mode="create" parentFolderId={parentFolderId} close={close} />
  ));
}

/** Opens the rename sheet for `folder`. */
export function presentRenameFolder(label: string, folder: Folder) {
  return presentModal<Folder>(label, (close) => (
    <FolderForm mode="rename" folder={folder} close={close} />
  ));
}
