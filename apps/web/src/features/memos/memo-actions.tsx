import { foldersInTreeOrder, type MemoSummary } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { useFolders, useFolderTitle } from "../../api/folders.queries";
import {
  useChangePriority,
  useCompleteMemo,
  useDeleteMemo,
  useMoveMemo,
  useReviewMemo,
  useUncompleteMemo,
} from "../../api/memos.queries";
import { useRestoreFromTrash } from "../../api/trash.queries";
import { confirmAlert } from "../../overlays/alert";
import { showError } from "../../overlays/error-dialog";
import { presentModal } from "../../overlays/modal";
import { showToast, showUndoToast } from "../../overlays/toast";
import { CloseIcon } from "./icons";
import { presentMemoModal } from "./MemoForm";

export type MemoRef = Pick<MemoSummary, "id" | "title" | "folderId" | "isCompleted">;

/**
 * What a user can do to a memo, shared by the list rows and the memo screen. Each action reports
 * its own failure with the error dialog; answers true when it happened.
 */
export function useMemoActions() {
  const { t } = useTranslation();
  const review = useReviewMemo();
  const complete = useCompleteMemo();
  const uncomplete = useUncompleteMemo();
  const priority = useChangePriority();
  const move = useMoveMemo();
  const remove = useDeleteMemo();
  const restore = useRestoreFromTrash();

  const attempt = async (work: () => Promise<unknown>): Promise<boolean> => {
    try {
      await work();
      return true;
    } catch (error) {
      await showError(error);
      return false;
    }
  };

  return {
    /**
     * One press, one review (each with its own opId). `announce` shows a toast with the new
     * count, for screens where the count is not on display.
     */
    review: (memo: MemoRef, announce = false) =>
      attempt(async () => {
        const reviewed = await review.mutateAsync(memo.id);
        if (announce) showToast(t("memos.actions.reviewed", { count: reviewed.reviewCount }));
      }),
    toggleComplete: (memo: MemoRef) =>
      attempt(async () => {
        if (memo.isCompleted) await uncomplete.mutateAsync(memo.id);
        else await complete.mutateAsync(memo.id);
      }),
    changePriority: (memo: MemoRef, delta: 1 | -1) =>
      attempt(() => priority.mutateAsync({ memoId: memo.id, delta })),
    edit: (memo: MemoRef) => presentMemoModal(t("memos.form.updateTitle"), { memoId: memo.id }),
    move: async (memo: MemoRef) => {
      const folderId = await presentModal<string>(t("memos.move.title"), (close) => (
        <MoveSheet memo={memo} close={close} />
      ));
      if (!folderId || folderId === memo.folderId) return false;
      const isMoved = await attempt(() => move.mutateAsync({ memoId: memo.id, folderId }));
      if (isMoved) showToast(t("memos.move.done"));
      return isMoved;
    },
    /** Asks first (Cancel / Delete, PRODUCT.md › Editing and deleting) and deletes only on OK. */
    remove: async (memo: MemoRef) => {
      const isConfirmed = await confirmAlert(
        t("memos.delete.title"),
        t("memos.delete.message", { title: memo.title }),
        t("common.delete"),
      );
      if (!isConfirmed) return false;
      const isDeleted = await attempt(() => remove.mutateAsync(memo.id));
      // PRODUCT.md › Trash: Undo takes it out of the trash again, through the outbox.
      if (isDeleted) {
        showUndoToast(t("memos.delete.done"), t("common.undo"), () => {
          void attempt(() => restore.mutateAsync({ kind: "memo", id: memo.id }));
        });
      }
      return isDeleted;
    },
  };
}

/** The folder picker of "move": every folder, the memo's own one marked and disabled. */
function MoveSheet({ memo, close }: { memo: MemoRef; close: (folderId?: string) => void }) {
  const { t } = useTranslation();
  const titleOf = useFolderTitle();
  const folders = useFolders();
  return (
    <div className="memos-sheet">
      <div className="memos-sheet-header">
        <button type="button" className="icon-button memos-sheet-close" onClick={() => close()}>
          <CloseIcon />
          <span className="memos-visually-hidden">{t("common.close")}</span>
        </button>
        <h2 className="memos-sheet-title">{t("memos.move.title")}</h2>
        <span />
      </div>
      <div className="memos-sheet-body">
        <p className="muted memos-move-intro">{t("memos.move.intro", { title: memo.title })}</p>
        <ul className="list">
          {foldersInTreeOrder(folders.data ?? []).map(({ folder, depth }) => {
            const isCurrent = folder.id === memo.folderId;
            return (
              <li key={folder.id} className="list-item">
                <button
                  type="button"
                  className="memos-move-option"
                  style={{ paddingInlineStart: `${16 + depth * 20}px` }}
                  disabled={isCurrent}
                  aria-current={isCurrent ? "true" : undefined}
                  onClick={() => close(folder.id)}
                >
                  <span>{titleOf(folder)}</span>
                  {isCurrent && <span className="muted small">{t("memos.move.current")}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
