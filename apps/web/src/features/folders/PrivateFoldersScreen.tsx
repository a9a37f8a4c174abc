import { type Folder, type FolderTreeRow, foldersInTreeOrder, ROOT_FOLDER_ID } from "@mnemo/domain";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import {
  countFolderContents,
  useDeleteFolder,
  useFolder,
  useFolders,
  useFolderTitle,
  useReorderFolders,
} from "../../api/folders.queries";
import { useRestoreFromTrash } from "../../api/trash.queries";
import { confirmAlert } from "../../overlays/alert";
import { showError } from "../../overlays/error-dialog";
import { showUndoToast } from "../../overlays/toast";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { presentCreateFolder, presentRenameFolder } from "./folder-form";
import { orderAfterSwap, swapTarget } from "./folder-tree";
import { FolderIcon, PlusIcon } from "./icons";

const memosPath = (folderId: string) => `/private-memos/${encodeURIComponent(folderId)}`;
const settingsPath = (folderId: string) =>
  `/folder-settings?folderId=${encodeURIComponent(folderId)}`;

/**
 * private-folders and private-folders/:folderId. Without an id: the root folder and every
 * top-level folder with its sub-folders, as a tree. With an id: that folder, a link to its memos
 * and its sub-folders. An Edit mode shows reorder, rename, settings and delete per folder.
 */
export function PrivateFoldersScreen() {
  const { t } = useTranslation();
  const { folderId } = useParams();
  const titleOf = useFolderTitle();
  const folders = useFolders();
  const current = useFolder(folderId);
  const [isEditing, setIsEditing] = useState(false);

  const all = folders.data ?? [];
  const title = folderId ? (current.data ? titleOf(current.data) : "") : t("folders.list.title");
  const addLabel = folderId ? t("folders.list.addSubFolder") : t("folders.list.add");
  const actions = (
    <>
      <button
        type="button"
        className="text-button"
        aria-pressed={isEditing}
        onClick={() => setIsEditing((value) => !value)}
      >
        {isEditing ? t("common.done") : t("common.edit")}
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={addLabel}
        onClick={() => void presentCreateFolder(addLabel, folderId ?? null)}
      >
        <PlusIcon />
      </button>
    </>
  );

  if (folderId && current.error) {
    const isMissing = current.error instanceof ApiError && current.error.status < 500;
    return (
      <Page title={t("folders.list.title")} backTo="/private-folders">
        <EmptyState title={isMissing ? t("errors.FOLDER_NOT_FOUND") : t("errors.INTERNAL")}>
          <Link to="/private-folders">{t("folders.list.allFolders")}</Link>
        </EmptyState>
      </Page>
    );
  }

  const rows = foldersInTreeOrder(all, folderId ?? null);
  return (
    <Page title={title} backTo={folderId ? "/private-folders" : undefined} actions={actions}>
      {folders.isPending || (folderId && current.isPending) ? (
        <Spinner label={t("common.loading")} />
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
        <>
          {folderId && current.data ? (
            <FolderHeader folder={current.data} isEditing={isEditing} all={all} />
          ) : (
            <h2 className="large-title folders-large-title">{t("folders.list.title")}</h2>
          )}
          {folderId && rows.length > 0 && (
            <h3 className="folders-group-header">{t("folders.list.subFolders")}</h3>
          )}
          {rows.length > 0 ? (
            <ul
              className="list folders-list"
              aria-label={folderId ? t("folders.list.subFolders") : t("folders.list.title")}
            >
              {rows.map((row) => (
                <FolderRow key={row.folder.id} row={row} all={all} isEditing={isEditing} />
              ))}
            </ul>
          ) : (
            folderId && <p className="muted folders-none">{t("folders.list.noSubFolders")}</p>
          )}
          {!folderId && <p className="muted small folders-footnote">{t("folders.list.hint")}</p>}
        </>
      )}
    </Page>
  );
}

/** The opened folder: its title, description, a link to its memos and to its settings. */
function FolderHeader({
  folder,
  isEditing,
  all,
}: {
  folder: Folder;
  isEditing: boolean;
  all: Folder[];
}) {
  const { t } = useTranslation();
  const titleOf = useFolderTitle();
  return (
    <div className="folders-header">
      <div className="folders-header-top">
        <span className="folders-header-icon" aria-hidden="true">
          <FolderIcon />
        </span>
        <div className="folders-header-text">
          <h2 className="folders-header-title">{titleOf(folder)}</h2>
          {folder.description && (
            <p className="muted folders-header-description">{folder.description}</p>
          )}
        </div>
      </div>
      <ul className="list">
        <li className="list-item">
          <Link className="list-item-link" to={memosPath(folder.id)}>
            <span className="list-item-main">{t("folders.list.openMemos")}</span>
            <span className="chevron" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li className="list-item">
          <Link className="list-item-link" to={settingsPath(folder.id)}>
            <span className="list-item-main">{t("folders.settings.title")}</span>
            <span className="chevron" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      </ul>
      {isEditing && folder.id !== ROOT_FOLDER_ID && (
        <div className="folders-header-actions">
          <FolderEditButtons folder={folder} all={all} showMove={false} />
        </div>
      )}
    </div>
  );
}

function FolderRow({
  row,
  all,
  isEditing,
}: {
  row: FolderTreeRow;
  all: Folder[];
  isEditing: boolean;
}) {
  const { t } = useTranslation();
  const titleOf = useFolderTitle();
  const { folder, depth } = row;
  const title = titleOf(folder);
  const isRoot = folder.id === ROOT_FOLDER_ID;
  const badges = [
    isRoot && t("folders.list.default"),
    folder.isCategoryFolder && t("folders.list.category"),
    folder.pinned && t("folders.list.pinned"),
  ].filter(Boolean);
  const detail = [
    ...badges,
    folder.subFolderIds.length > 0 &&
      t("folders.list.subFolderCount", { count: folder.subFolderIds.length }),
  ].filter(Boolean);
  const indent = { paddingInlineStart: `${16 + depth * 24}px` };
  const body = (
    <>
      <span
        className={isRoot ? "folders-icon folders-icon-root" : "folders-icon"}
        aria-hidden="true"
      >
        <FolderIcon />
      </span>
      <span className="list-item-main">
        <span className="list-item-label folders-row-title">{title}</span>
        {detail.length > 0 && <span className="list-item-detail">{detail.join(" · ")}</span>}
      </span>
    </>
  );
  return (
    <li className={depth > 0 ? "list-item folders-row folders-row-child" : "list-item folders-row"}>
      {isEditing ? (
        <div className="list-item-static folders-row-editing" style={indent}>
          {body}
          <span className="folders-edit-buttons">
            <FolderEditButtons folder={folder} all={all} showMove={!isRoot} />
          </span>
        </div>
      ) : (
        <Link className="list-item-link" to={memosPath(folder.id)} style={indent}>
          {body}
          <span className="chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      )}
    </li>
  );
}

/** Reorder, open, rename, settings and delete buttons of one folder, named with its title. */
function FolderEditButtons({
  folder,
  all,
  showMove,
}: {
  folder: Folder;
  all: Folder[];
  showMove: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { folderId: openedId } = useParams();
  const titleOf = useFolderTitle();
  const reorder = useReorderFolders();
  const remove = useDeleteFolder();
  const restore = useRestoreFromTrash();
  const title = titleOf(folder);
  const isRoot = folder.id === ROOT_FOLDER_ID;
  const up = swapTarget(all, folder, -1);
  const down = swapTarget(all, folder, 1);

  const move = (target: Folder | null) => {
    if (!target) return;
    reorder.mutate(orderAfterSwap(all, folder, target), {
      onError: (error) => void showError(error),
    });
  };

  const deleteFolder = async () => {
    const contents = await countFolderContents(folder.id).catch(() => null);
    const isConfirmed = await confirmAlert(
      t("folders.delete.title"),
      contents ? deleteMessage(t, title, contents) : t("folders.delete.message", { title }),
      t("common.delete"),
    );
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(folder.id);
      // PRODUCT.md › Trash: Undo takes the folder and its memos out of the trash, via the outbox.
      showUndoToast(t("folders.delete.done"), t("common.undo"), () => {
        restore.mutate(
          { kind: "folder", id: folder.id },
          { onError: (error) => void showError(error) },
        );
      });
      if (openedId && (openedId === folder.id || folder.nodeFolderIds.includes(openedId))) {
        navigate("/private-folders", { replace: true });
      }
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <>
      {showMove && (
        <>
          <button
            type="button"
            className="folders-round-button"
            aria-label={t("folders.list.moveUp", { title })}
            disabled={!up || reorder.isPending}
            onClick={() => move(up)}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="folders-round-button"
            aria-label={t("folders.list.moveDown", { title })}
            disabled={!down || reorder.isPending}
            onClick={() => move(down)}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </>
      )}
      {!isRoot && (
        <button
          type="button"
          className="button button-secondary button-small"
          aria-label={t("folders.list.rename", { title })}
          onClick={() => void presentRenameFolder(t("folders.form.renameTitle"), folder)}
        >
          {t("folders.list.renameShort")}
        </button>
      )}
      <Link
        className="button button-secondary button-small"
        aria-label={t("folders.list.settings", { title })}
        to={settingsPath(folder.id)}
      >
        {t("folders.list.settingsShort")}
      </Link>
      {!isRoot && (
        <button
          type="button"
          className="button button-small folders-delete-button"
          aria-label={t("folders.list.delete", { title })}
          onClick={deleteFolder}
        >
          {t("common.delete")}
        </button>
      )}
    </>
  );
}

/** The delete confirmation with what goes with the folder: "2 sub-folders and 14 memos". */
function deleteMessage(
  t: TFunction,
  title: string,
  contents: { subFolders: number; memos: number },
): string {
  if (contents.subFolders === 0 && contents.memos === 0) {
    return t("folders.delete.messageEmpty", { title });
  }
  const memos = t("folders.delete.memos", { count: contents.memos });
  if (contents.subFolders === 0)
    return t("folders.delete.messageCounted", { title, contents: memos });
  const subFolders = t("folders.delete.subFolders", { count: contents.subFolders });
  const both = t("folders.delete.subFoldersAndMemos", { subFolders, memos });
  return t("folders.delete.messageCounted", { title, contents: both });
}
