import { ROOT_FOLDER_ID, type TrashItem } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import {
  useDeleteFromTrash,
  useEmptyTrash,
  useRestoreFromTrash,
  useTrash,
} from "../../api/trash.queries";
import { confirmAlert } from "../../overlays/alert";
import { showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { EmptyState, ListGroup, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";

/**
 * The trash (PRODUCT.md › Trash): deleted memos and folders, newest first, each with when it was
 * deleted and the folder it came from; restore or delete for good, or empty it all.
 */
export function TrashScreen() {
  const { t } = useTranslation();
  const trash = useTrash();
  const empty = useEmptyTrash();
  const items = trash.data ?? [];

  const emptyAll = async () => {
    const isConfirmed = await confirmAlert(
      t("trash.empty.title"),
      t("trash.empty.message", { count: items.length }),
      t("trash.empty.confirm"),
    );
    if (!isConfirmed) return;
    try {
      await empty.mutateAsync();
      showToast(t("trash.empty.done"));
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <Page
      title={t("trash.title")}
      actions={
        items.length > 0 && (
          <button
            type="button"
            className="button button-secondary trash-empty-button"
            onClick={emptyAll}
            disabled={empty.isPending}
          >
            {t("trash.empty.button")}
          </button>
        )
      }
    >
      <p className="muted trash-intro">{t("trash.intro")}</p>
      {trash.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : trash.isError ? (
        <EmptyState title={t("trash.loadFailed")} />
      ) : items.length === 0 ? (
        <EmptyState title={t("trash.emptyState")} />
      ) : (
        <ListGroup>
          {items.map((item) => (
            <TrashRow key={`${item.kind}:${item.id}`} item={item} />
          ))}
        </ListGroup>
      )}
    </Page>
  );
}

function TrashRow({ item }: { item: TrashItem }) {
  const { t, i18n } = useTranslation();
  const restore = useRestoreFromTrash();
  const remove = useDeleteFromTrash();
  const when = new Date(item.trashedAt).toLocaleString(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const from =
    item.folderId === null
      ? t("trash.fromTop")
      : t("trash.from", {
          folder:
            item.folderId === ROOT_FOLDER_ID || !item.folderTitle
              ? t("folders.rootTitle")
              : item.folderTitle,
        });
  const title = item.title || t("trash.untitled");

  const restoreItem = async () => {
    try {
      await restore.mutateAsync({ kind: item.kind, id: item.id });
      showToast(t("trash.restored"));
    } catch (error) {
      await showError(error);
    }
  };

  const deleteForGood = async () => {
    const isConfirmed = await confirmAlert(
      t("trash.deleteForGood.title"),
      t("trash.deleteForGood.message", { title }),
      t("trash.deleteForGood.confirm"),
    );
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync({ kind: item.kind, id: item.id });
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <li className="list-item trash-item">
      <div className="list-item-static">
        <div className="list-item-main">
          <div className="list-item-label">
            <span className="trash-kind muted">
              {item.kind === "folder" ? t("trash.kindFolder") : t("trash.kindMemo")}
            </span>{" "}
            <span className="trash-title">{title}</span>
          </div>
          <div className="list-item-detail">
            {item.kind === "folder"
              ? t("trash.detailFolder", { when, from, count: item.memoCount })
              : t("trash.detail", { when, from })}
          </div>
        </div>
        <div className="list-item-end trash-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-label={t("trash.restoreLabel", { title })}
            onClick={restoreItem}
            disabled={restore.isPending}
          >
            {t("trash.restore")}
          </button>
          <button
            type="button"
            className="button button-danger"
            aria-label={t("trash.deleteForGoodLabel", { title })}
            onClick={deleteForGood}
            disabled={remove.isPending}
          >
            {t("trash.deleteForGood.button")}
          </button>
        </div>
      </div>
    </li>
  );
}
