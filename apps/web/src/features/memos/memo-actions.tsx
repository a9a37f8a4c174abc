import {
  applyComplete,
  applyUncomplete,
  changePriority,
  type Folder,
  foldersInTreeOrder,
  isMemoCompleted,
  type MemoSummary,
  randomId,
} from "@mnemo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { invalidateCachedLists } from "../../api/cached-lists";
import { useFolders, useFolderTitle } from "../../api/folders.queries";
import {
  undoMemoChange,
  useChangePriority,
  useCompleteMemo,
  useDeleteMemo,
  useMoveMemo,
  useReviewMemo,
  useUncompleteMemo,
} from "../../api/memos.queries";
import { type ShownChange, showMemoChange, showReview } from "../../api/shown-memos";
import { useRestoreFromTrash } from "../../api/trash.queries";
import { confirmAlert } from "../../overlays/alert";
import { showError } from "../../overlays/error-dialog";
import { presentModal } from "../../overlays/modal";
import { showUndoToast, UNDO_TOAST_DURATION_MS } from "../../overlays/toast";
import { CloseIcon } from "./icons";
import { presentMemoModal } from "./MemoForm";
import { continuePriorityStreak, type PriorityStreak, priorityStepsBack } from "./priority-undo";

export type MemoRef = Pick<MemoSummary, "id" | "title" | "folderId" | "isCompleted">;

/** What a review changes, and the count a press announces. */
type ReviewedFields = Pick<
  MemoSummary,
  "reviewCount" | "accumulatedReviewValue" | "lastReviewedAt"
>;

/** The priority streak Undo of a priority change goes back to (see priority-undo.ts). */
let priorityStreak: PriorityStreak | null = null;

/**
 * What a user can do to a memo, shared by the list rows and the memo screen. Each action reports
 * its own failure with the error dialog; answers true when it happened. A review, completion,
 * un-completion, priority change or move offers Undo for 5 s (PRODUCT.md › Undo): the inverse
 * change, queued like any other.
 */
export function useMemoActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleOf = useFolderTitle();
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
      // A change shown ahead of the device's cache (`show`) did not happen: the screens read the
      // cache again.
      invalidateCachedLists(client);
      await showError(error);
      return false;
    }
  };

  /** Shows a press's change at once (`showMemoChange`); the cache's own follows. */
  const show = (memo: MemoRef, change: ShownChange) => showMemoChange(client, memo.id, change);

  const offerUndo = (message: string, undo: () => Promise<unknown>) =>
    showUndoToast(message, t("common.undo"), () => void attempt(undo));

  /**
   * A press: `written` is its change on the device, already under way, and already shown
   * (`show`). Its Undo toast comes at once too: Undo waits for the change to be written, then
   * takes it back; if the change fails, the toast goes and the error is shown.
   */
  const pressed = <T,>(
    written: Promise<T>,
    message: string,
    undo: (result: T) => Promise<unknown>,
  ): Promise<boolean> => {
    const close = showUndoToast(message, t("common.undo"), () => {
      void attempt(() => written.then(undo, () => undefined));
    });
    written.catch(close);
    return attempt(() => written);
  };

  return {
    /**
     * One press, one review (each with its own opId). `announce` says the new count, for screens
     * where the count is not on display.
     */
    review: (memo: MemoRef & ReviewedFields, announce = false) => {
      const opId = randomId();
      const reviewed = showReview(client, memo, Date.now());
      return pressed(
        review.mutateAsync({ memoId: memo.id, opId }),
        announce
          ? t("memos.actions.reviewed", { count: reviewed.reviewCount })
          : t("memos.undo.reviewed"),
        () => undoMemoChange.review(memo.id, opId),
      );
    },
    toggleComplete: (memo: MemoRef) => {
      const opId = randomId();
      if (memo.isCompleted) {
        show(memo, withIsCompleted(applyUncomplete));
        return pressed(
          uncomplete.mutateAsync({ memoId: memo.id, opId }),
          t("memos.undo.uncompleted"),
          () => undoMemoChange.uncomplete(memo.id, opId),
        );
      }
      const at = Date.now();
      show(
        memo,
        withIsCompleted((shown) => applyComplete(shown, at)),
      );
      return pressed(
        complete.mutateAsync({ memoId: memo.id, opId }),
        t("memos.undo.completed"),
        () => undoMemoChange.complete(memo.id, opId),
      );
    },
    changePriority: (memo: MemoRef & { priority: number }, delta: 1 | -1) => {
      show(memo, (shown) => changePriority(shown, delta));
      const streak = continuePriorityStreak(priorityStreak, {
        memoId: memo.id,
        before: memo.priority,
        now: Date.now(),
        durationMs: UNDO_TOAST_DURATION_MS,
      });
      priorityStreak = streak;
      return pressed(
        priority.mutateAsync({ memoId: memo.id, delta }),
        t("memos.undo.priority", { value: changePriority(memo, delta).priority }),
        async (changed) => {
          if (priorityStreak === streak) priorityStreak = null;
          for (const step of priorityStepsBack(changed.priority, streak.from)) {
            await priority.mutateAsync({ memoId: memo.id, delta: step });
          }
        },
      );
    },
    edit: (memo: MemoRef) => presentMemoModal(t("memos.form.updateTitle"), { memoId: memo.id }),
    move: async (memo: MemoRef) => {
      const folder = await presentModal<Folder>(t("memos.move.title"), (close) => (
        <MoveSheet memo={memo} close={close} />
      ));
      if (!folder || folder.id === memo.folderId) return false;
      const from = memo.folderId;
      const isMoved = await attempt(() =>
        move.mutateAsync({ memoId: memo.id, folderId: folder.id }),
      );
      if (isMoved) {
        offerUndo(t("memos.undo.moved", { folder: titleOf(folder) }), () =>
          move.mutateAsync({ memoId: memo.id, folderId: from }),
        );
      }
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

/** A completion rule of the domain, with `isCompleted` read again from the new count. */
function withIsCompleted(apply: ShownChange): ShownChange {
  return (memo) => {
    const changed = apply(memo);
    return { ...changed, isCompleted: isMemoCompleted(changed) };
  };
}

/** The folder picker of "move": every folder, the memo's own one marked and disabled. */
function MoveSheet({ memo, close }: { memo: MemoRef; close: (folder?: Folder) => void }) {
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
                  onClick={() => close(folder)}
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
