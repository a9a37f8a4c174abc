import { newFsrsMemory, previewFsrsGrades, ROOT_FOLDER_ID, randomId } from "@mnemo/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useFsrsWeights } from "../../api/fsrs.queries";
import { memoDetailQuery } from "../../api/memos.queries";
import type { ReviewQueueItem } from "../../api/review.queries";
import { sanitizeRichText } from "../../lib/html-text";
import { offline } from "../../offline/offline-lazy";
import { showError } from "../../overlays/error-dialog";
import { overlayStore } from "../../overlays/overlay-store";
import { showToast } from "../../overlays/toast";
import { Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { GradeButtons, Kbd } from "./GradeButtons";
import {
  currentItem,
  type ReviewGrade,
  reduceSession,
  type SessionKeyAction,
  sessionKeyAction,
  startSession,
} from "./review-session";
import { SessionSummary } from "./SessionSummary";
import { useSwipe } from "./use-swipe";

/** How many memos after the current one are read ahead, so the next shows at once. */
const READ_AHEAD = 3;

/**
 * The time (ms) until the next review each grade would give the memo shown, by the domain's
 * `previewFsrsGrades` from its state (a memo never reviewed starts new); null outside FSRS.
 */
function gradeIntervals(
  item: ReviewQueueItem,
  weights: readonly number[] | null,
  now: number,
): Record<ReviewGrade, number> | null {
  if (item.scheduler !== "fsrs") return null;
  const due = previewFsrsGrades(item.fsrs ?? newFsrsMemory(item.createdAt), {
    now,
    desiredRetention: item.desiredRetention,
    weights,
  });
  return { 1: due[1] - now, 2: due[2] - now, 3: due[3] - now, 4: due[4] - now };
}

/**
 * One memo at a time: its title (and flash-card hint) first, its contents on Space/Enter, then a
 * grade (FSRS folders) or one Reviewed button (repetition folders). Each review is recorded on
 * the device (cache + outbox) without waiting: the next memo shows at once, online or offline.
 */
export function ReviewSession({
  queue,
  leaveTo,
}: {
  queue: readonly ReviewQueueItem[];
  leaveTo: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [state, dispatch] = useReducer(reduceSession<ReviewQueueItem>, queue, (items) =>
    startSession(items, Date.now()),
  );
  // Each review's write, by opId: an undo waits for the write it takes back.
  const writes = useRef(new Map<string, Promise<boolean>>());
  const cardRef = useRef<HTMLElement>(null);
  const item = currentItem(state);
  const weights = useFsrsWeights().data ?? null;
  const isFsrs = item?.scheduler === "fsrs";
  const isOver = state.finishedAt !== null;
  const detail = useQuery({ ...memoDetailQuery(item?.id ?? ""), enabled: item !== null });

  // The next memos' contents are read while this one is looked at.
  useEffect(() => {
    for (const next of state.queue.slice(state.position + 1, state.position + 1 + READ_AHEAD)) {
      void client.prefetchQuery(memoDetailQuery(next.id));
    }
  }, [client, state.queue, state.position]);

  // Focus follows the memo, so screen readers read it and the keys keep working.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the memo or its side changes
  useEffect(() => {
    cardRef.current?.focus({ preventScroll: true });
  }, [state.position, state.isRevealed]);

  const record = (grade: ReviewGrade | null) => {
    if (!item || !state.isRevealed) return;
    const opId = randomId();
    const at = Date.now();
    const interval = grade === null ? null : gradeIntervals(item, weights, at)?.[grade];
    dispatch({
      type: "reviewed",
      review: { memoId: item.id, opId, grade, nextDueAt: interval == null ? null : at + interval },
      at,
    });
    const write = offline()
      .then((layer) => layer.recordReviewLocally(item.id, opId, grade))
      .then(
        () => true,
        async (error: unknown) => {
          await showError(error);
          return false;
        },
      );
    writes.current.set(opId, write);
  };

  const undo = async () => {
    const last = state.reviews.at(-1);
    if (!last) return;
    dispatch({ type: "undone" });
    try {
      const wasRecorded = await writes.current.get(last.opId);
      writes.current.delete(last.opId);
      // A review whose write failed was never recorded: there is nothing to take back.
      if (wasRecorded === false) return;
      await (await offline()).undoReviewLocally(last.memoId, last.opId);
      showToast(t("review.undone"));
    } catch (error) {
      await showError(error);
    }
  };

  const leave = () => navigate(leaveTo);

  const act = (action: SessionKeyAction) => {
    if (action.type === "reveal") dispatch({ type: "reveal" });
    else if (action.type === "grade") record(action.grade);
    else if (action.type === "reviewed") record(null);
    else if (action.type === "undo") void undo();
    else leave();
  };

  // The latest handler, read by one window listener (added once).
  const onKeyDown = useRef<(event: KeyboardEvent, isCapture: boolean) => void>(() => undefined);
  onKeyDown.current = (event, isCapture) => {
    if (event.defaultPrevented || event.repeat || isTyping(event.target)) return;
    // A dialog (an error, a confirmation) owns the keyboard while it is open.
    if (overlayStore.snapshot().some((overlay) => overlay.kind !== "toast")) return;
    // A focused button or link answers Space and Enter itself.
    const isConfirm = event.key === " " || event.key === "Enter";
    if (isConfirm && isControl(event.target)) return;
    const action = sessionKeyAction(event, { isRevealed: state.isRevealed, isFsrs, isOver });
    if (!action) return;
    // The undo is taken in the capture phase, before the app's Ctrl+Z of Undo toasts
    // (OverlayHost), which then finds it handled: in a session Ctrl+Z takes back the session's
    // last review, never the change of a toast left from before (PRODUCT.md › Undo).
    if (isCapture !== (action.type === "undo")) return;
    event.preventDefault();
    event.stopPropagation();
    act(action);
  };
  useEffect(() => {
    const early = (event: KeyboardEvent) => onKeyDown.current(event, true);
    const listener = (event: KeyboardEvent) => onKeyDown.current(event, false);
    window.addEventListener("keydown", early, true);
    window.addEventListener("keydown", listener);
    return () => {
      window.removeEventListener("keydown", early, true);
      window.removeEventListener("keydown", listener);
    };
  }, []);

  const swipe = useSwipe((direction) => {
    if (!state.isRevealed) return;
    if (isFsrs) record(direction === "left" ? 1 : 3);
    else if (direction === "right") record(null);
  });

  if (isOver) {
    return (
      <Page title={t("review.title")}>
        <SessionSummary state={state} leaveTo={leaveTo} onUndo={() => void undo()} />
      </Page>
    );
  }
  if (!item) return null;

  const total = state.queue.length;
  const html = detail.data ? sanitizeRichText(detail.data.contents) : "";
  const hint = item.enableFlashCardFeature ? item.flashCardHint.trim() : "";
  return (
    <Page title={t("review.title")} backTo={leaveTo}>
      <div className="review-session">
        <div className="review-progress">
          <progress
            className="review-progress-bar"
            value={state.position}
            max={total}
            aria-label={t("review.progressLabel")}
          />
          <span className="review-progress-text muted small">
            {t("review.progress", { current: state.position + 1, total })}
          </span>
        </div>

        <article
          ref={cardRef}
          className="review-card"
          tabIndex={-1}
          aria-labelledby="review-card-title"
          {...swipe}
        >
          <p className="review-card-folder muted small">
            {item.folderId === ROOT_FOLDER_ID ? t("folders.rootTitle") : item.folderTitle}
          </p>
          <h2 id="review-card-title" className="review-card-title">
            {item.title}
          </h2>
          {hint && (
            <p className="review-card-hint">
              <span className="review-card-hint-label">{t("review.hint")}</span> {hint}
            </p>
          )}
          {state.isRevealed && (
            <section className="review-card-contents" aria-label={t("memos.form.contents")}>
              {detail.data ? (
                html.trim() ? (
                  <div
                    className="rich-text"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText
                    dangerouslySetInnerHTML={{ __html: html }}
                  />
                ) : (
                  <p className="muted">{t("review.noContents")}</p>
                )
              ) : detail.isError ? (
                <p className="muted">{t("review.noContents")}</p>
              ) : (
                <Spinner label={t("review.loadingContents")} />
              )}
            </section>
          )}
        </article>

        <div className="review-actions">
          {!state.isRevealed ? (
            <button
              type="button"
              className="button review-action-main"
              aria-keyshortcuts="Space Enter"
              onClick={() => dispatch({ type: "reveal" })}
            >
              {t("review.showAnswer")} <Kbd>Space</Kbd>
            </button>
          ) : isFsrs ? (
            <GradeButtons
              intervals={gradeIntervals(item, weights, Date.now())}
              onGrade={(grade) => record(grade)}
            />
          ) : (
            <button
              type="button"
              className="button review-action-main"
              aria-keyshortcuts="Space Enter"
              onClick={() => record(null)}
            >
              {t("review.reviewed")} <Kbd>Space</Kbd>
            </button>
          )}
        </div>

        <div className="review-footer">
          <button
            type="button"
            className="button button-small button-secondary review-footer-button"
            disabled={state.reviews.length === 0}
            aria-keyshortcuts="U Control+Z"
            onClick={() => void undo()}
          >
            {t("review.undo")} <Kbd>U</Kbd>
          </button>
          <button
            type="button"
            className="button button-small button-secondary review-footer-button"
            aria-keyshortcuts="Escape"
            onClick={leave}
          >
            {t("review.leave")} <Kbd>Esc</Kbd>
          </button>
        </div>
        {isFsrs && <p className="review-swipe-hint muted small">{t("review.swipeHint")}</p>}
      </div>
    </Page>
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
}
