import { foldersInTreeOrder, type MemoDetail } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { useFolders, useFolderTitle } from "../../api/folders.queries";
import { useCreateMemo, useMemo, useUpdateMemo } from "../../api/memos.queries";
import { useTags } from "../../api/tags.queries";
import { sanitizeRichText } from "../../lib/html-text";
import type { Draft } from "../../offline/cache-db";
import { draftKey } from "../../offline/draft-key";
import { offline } from "../../offline/offline-lazy";
import { presentAlert } from "../../overlays/alert";
import { showError } from "../../overlays/error-dialog";
import { presentModal, useIsInModal, useModalDismissGuard } from "../../overlays/modal";
import { presentPopover } from "../../overlays/popover";
import { showToast } from "../../overlays/toast";
import { EmptyState, Spinner } from "../../ui/List";
import { LoadBoundary } from "../../ui/LoadBoundary";
import { CloseIcon, HelpIcon } from "./icons";
import { hasMemoChanges, type MemoFormValues } from "./memo-changes";
import { TagInput } from "./TagInput";

// Tiptap is heavy: it loads with the form, never with the first route.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

export interface MemoFormProps {
  /** Edit this memo; create a new one when absent. */
  memoId?: string;
  /** The folder a new memo goes into; when absent the form shows a folder picker. */
  folderId?: string;
  /** Called with the saved memo. */
  onSaved: (memo: MemoDetail) => void;
}

/**
 * The memo form (PRODUCT.md › Memo form), used by the modal and by the upsert-private-memo page:
 * title (required), rich-text contents, tags, flash-card hint (when the folder enables flash
 * cards), a folder picker on create without a folder, and Save. Folder and title are required
 * (PRODUCT.md › Editing and deleting); on update an empty editor leaves the stored contents
 * unchanged.
 */
export function MemoForm({ memoId, folderId, onSaved }: MemoFormProps) {
  const { t } = useTranslation();
  const memo = useMemo(memoId);
  const key = draftKey({ memoId, folderId });
  // Read once when the form opens: later writes are the form's own.
  const draft = useQuery({
    queryKey: ["memo-draft", key],
    queryFn: async () => (await offline()).readDraft(key),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (draft.isPending) return <Spinner label={t("common.loading")} />;
  const restored = draft.data ?? null;
  if (!memoId) {
    return <MemoFields folderId={folderId} onSaved={onSaved} draftKey={key} restored={restored} />;
  }
  if (memo.error) {
    const isMissing = memo.error instanceof ApiError && memo.error.status < 500;
    return (
      <EmptyState title={isMissing ? t("errors.MEMO_NOT_FOUND") : t("errors.INTERNAL")}>
        {!isMissing && (
          <button type="button" className="button button-secondary" onClick={() => memo.refetch()}>
            {t("common.retry")}
          </button>
        )}
      </EmptyState>
    );
  }
  if (!memo.data) return <Spinner label={t("common.loading")} />;
  return (
    <MemoFields
      memo={memo.data}
      folderId={memo.data.folderId}
      onSaved={onSaved}
      draftKey={key}
      restored={restored}
    />
  );
}

/** How long after the last keystroke a draft is written. */
const DRAFT_DELAY_MS = 300;

/**
 * Keeps the form's title and contents as a draft while it is open. The draft is kept until the
 * user saves or discards it (issue 12 §1): it outlives a reload, a crash, and the form going away
 * without either (leaving the full-page form, signing out), and is then offered again by the sync
 * status ("Continue").
 */
function useDraftKeeper(key: string, start: { title: string; contents: string }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(start);
  const isChanged = useRef(false);
  const isDone = useRef(false);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (isChanged.current && !isDone.current) {
      const { title, contents } = latest.current;
      void offline().then((layer) => layer.saveDraft(key, title, contents));
    }
  }, [key]);
  useEffect(() => {
    let markClosed: (() => void) | undefined;
    let isOpen = true;
    void offline().then((layer) => {
      if (isOpen) markClosed = layer.markDraftOpen(key);
    });
    // A tab going away (reload, close) writes at once what the delay still held.
    window.addEventListener("pagehide", flush);
    return () => {
      isOpen = false;
      window.removeEventListener("pagehide", flush);
      // Not saved, not discarded: what the delay still held is written now, and kept.
      flush();
      isDone.current = true;
      markClosed?.();
    };
  }, [key, flush]);
  /** Records a change of the title or the contents (the editor reports only its own). */
  const keep = useCallback(
    (change: { title?: string; contents?: string }) => {
      latest.current = { ...latest.current, ...change };
      isChanged.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_DELAY_MS);
    },
    [flush],
  );
  const discard = useCallback(() => {
    isDone.current = true;
    clearTimeout(timer.current);
    return offline().then((layer) => layer.deleteDraft(key));
  }, [key]);
  return { keep, discard };
}

function MemoFields({
  memo,
  folderId: givenFolderId,
  onSaved,
  draftKey: key,
  restored,
}: {
  memo?: MemoDetail;
  folderId?: string;
  onSaved: (memo: MemoDetail) => void;
  draftKey: string;
  restored: Draft | null;
}) {
  const { t } = useTranslation();
  const draft = useDraftKeeper(key, {
    title: restored?.title ?? memo?.title ?? "",
    contents: restored?.contents ?? memo?.contents ?? "",
  });
  const titleOf = useFolderTitle();
  const folders = useFolders();
  const create = useCreateMemo();
  const update = useUpdateMemo();
  const ids = {
    title: useId(),
    titleError: useId(),
    folder: useId(),
    folderError: useId(),
    hint: useId(),
    editorHelp: useId(),
  };
  const titleInput = useRef<HTMLInputElement>(null);
  const isInModal = useIsInModal();
  // In the sheet the title takes the focus once the form is there (issue 12 §3); a page does not
  // steal it (a phone would pop its keyboard over the screen).
  useEffect(() => {
    if (isInModal) titleInput.current?.focus();
  }, [isInModal]);
  const folderSelect = useRef<HTMLSelectElement>(null);
  const editorField = useRef<HTMLDivElement>(null);
  // Enter in the title before the lazily loaded editor arrived: focus it when it does, so the
  // key is not lost and the next keystrokes land in the contents.
  const focusEditorOnReady = useRef(false);
  const [title, setTitle] = useState(restored?.title ?? memo?.title ?? "");
  const [hint, setHint] = useState(memo?.flashCardHint ?? "");
  const [tags, setTags] = useState<string[]>(memo?.tags ?? []);
  const userTags = useTags();
  const [pickedFolderId, setPickedFolderId] = useState(givenFolderId ?? "");
  const [errors, setErrors] = useState<{ title?: string; folder?: string }>({});
  // The editor's latest HTML; a ref so typing does not re-render the whole form.
  const startHtml = restored?.contents ?? memo?.contents ?? "";
  const contents = useRef({ html: startHtml, isEmpty: !startHtml });
  const [initialHtml] = useState(() => sanitizeRichText(startHtml));
  const { keep: keepDraft, discard: discardDraft } = draft;
  const form = useRef<HTMLFormElement>(null);
  // What closing without saving would lose is measured against the saved memo (or an empty one):
  // a restored draft counts as a change.
  const [startValues] = useState<MemoFormValues>(() => ({
    title: memo?.title ?? "",
    contents: memo?.contents ?? "",
    tags: memo?.tags ?? [],
    hint: memo?.flashCardHint ?? "",
  }));
  const latestValues = useRef<() => MemoFormValues>(() => startValues);
  latestValues.current = () => ({
    title,
    contents: contents.current.isEmpty ? "" : contents.current.html,
    tags,
    hint,
  });
  /** Closing the sheet with changes asks first (PRODUCT.md › Memo form); true closes. */
  const confirmClose = useCallback(async () => {
    if (!hasMemoChanges(startValues, latestValues.current())) return true;
    const focused = document.activeElement;
    const isDiscarded = await presentAlert({
      title: t("memos.form.discardTitle"),
      message: "",
      buttons: [
        { label: t("memos.form.keepEditing"), role: "cancel", value: false },
        { label: t("memos.form.discard"), role: "destructive", value: true },
      ],
    });
    if (isDiscarded) await discardDraft();
    else {
      // Back where the typing was, or at the title when the close came from outside the form.
      const target =
        focused instanceof HTMLElement && form.current?.contains(focused)
          ? focused
          : titleInput.current;
      target?.focus();
    }
    return isDiscarded;
  }, [startValues, t, discardDraft]);
  useModalDismissGuard(confirmClose);
  useEffect(() => {
    if (!restored) return;
    // Still a draft until saved: kept again, so closing the tab once more does not lose it.
    keepDraft({});
    showToast(t("offline.draftRestored"));
  }, [restored, keepDraft, t]);
  const isEditing = memo !== undefined;
  const showsPicker = !isEditing && !givenFolderId;
  const folderId = givenFolderId ?? pickedFolderId;
  const folder = folders.data?.find((candidate) => candidate.id === folderId);
  const showsHint = Boolean(folder?.enableFlashCardFeature) || hint !== "";
  const isSaving = create.isPending || update.isPending;

  /**
   * Enter in the title goes on to the contents instead of saving the form; an Enter that ends an
   * IME composition (Korean) is the composition's own.
   */
  const goToEditor = (event: KeyboardEvent<HTMLInputElement>) => {
    const { nativeEvent } = event;
    if (event.key !== "Enter" || nativeEvent.isComposing || nativeEvent.keyCode === 229) return;
    event.preventDefault();
    const editable = editorField.current?.querySelector<HTMLElement>('[contenteditable="true"]');
    if (editable) editable.focus();
    else focusEditorOnReady.current = true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    const found = {
      ...(trimmed === "" && { title: t("memos.form.titleRequired") }),
      ...(folderId === "" && { folder: t("memos.form.folderRequired") }),
    };
    setErrors(found);
    if (found.title || found.folder) {
      (found.title ? titleInput : folderSelect).current?.focus();
      return;
    }
    const { html, isEmpty } = contents.current;
    try {
      const saved = isEditing
        ? await update.mutateAsync({
            memoId: memo.id,
            input: {
              title: trimmed,
              flashCardHint: hint,
              tags,
              // An empty editor leaves the stored contents as they are
              // (PRODUCT.md › Editing and deleting).
              ...(!isEmpty && { contents: html }),
            },
          })
        : await create.mutateAsync({
            folderId,
            title: trimmed,
            ...(!isEmpty && { contents: html }),
            ...(tags.length > 0 && { tags }),
            ...(hint.trim() !== "" && { flashCardHint: hint }),
          });
      await draft.discard();
      showToast(t("common.saved"));
      onSaved(saved);
    } catch (error) {
      // Everything typed stays in the form for another try.
      await showError(error);
    }
  };

  return (
    <form ref={form} className="memos-form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={ids.title}>
          {t("memos.form.title")}
        </label>
        <input
          ref={titleInput}
          id={ids.title}
          className="input memos-title-input"
          value={title}
          maxLength={500}
          required
          aria-required="true"
          aria-invalid={Boolean(errors.title)}
          aria-describedby={errors.title ? ids.titleError : undefined}
          placeholder={t("memos.form.titlePlaceholder")}
          enterKeyHint="next"
          onKeyDown={goToEditor}
          onChange={(event) => {
            setTitle(event.target.value);
            draft.keep({ title: event.target.value });
            if (errors.title) setErrors((previous) => ({ ...previous, title: undefined }));
          }}
        />
        {errors.title && (
          <p id={ids.titleError} className="field-error" role="alert">
            {errors.title}
          </p>
        )}
      </div>

      {showsPicker && (
        <div className="field">
          <label className="field-label" htmlFor={ids.folder}>
            {t("memos.form.folder")}
          </label>
          <select
            ref={folderSelect}
            id={ids.folder}
            className="select"
            value={pickedFolderId}
            required
            aria-invalid={Boolean(errors.folder)}
            aria-describedby={errors.folder ? ids.folderError : undefined}
            onChange={(event) => {
              setPickedFolderId(event.target.value);
              if (errors.folder) setErrors((previous) => ({ ...previous, folder: undefined }));
            }}
          >
            <option value="">{t("memos.form.chooseFolder")}</option>
            {foldersInTreeOrder(folders.data ?? []).map(({ folder: option, depth }) => (
              <option key={option.id} value={option.id}>
                {`${"\u00a0\u00a0".repeat(depth)}${titleOf(option)}`}
              </option>
            ))}
          </select>
          {errors.folder && (
            <p id={ids.folderError} className="field-error" role="alert">
              {errors.folder}
            </p>
          )}
        </div>
      )}

      <div className="field" ref={editorField}>
        <span className="field-label" aria-hidden="true">
          {t("memos.form.contents")}
        </span>
        <LoadBoundary>
          <Suspense
            fallback={
              <div className="memos-editor memos-editor-loading">
                <Spinner label={t("memos.editor.loading")} />
              </div>
            }
          >
            <RichTextEditor
              initialHtml={initialHtml}
              label={t("memos.form.contents")}
              describedBy={isEditing ? ids.editorHelp : undefined}
              onReady={(focus) => {
                if (!focusEditorOnReady.current) return;
                focusEditorOnReady.current = false;
                if (form.current?.contains(document.activeElement)) focus();
              }}
              onChange={(html, isEmpty) => {
                contents.current = { html, isEmpty };
                draft.keep({ contents: html });
              }}
            />
          </Suspense>
        </LoadBoundary>
        {isEditing && (
          <p id={ids.editorHelp} className="muted small memos-field-help">
            {t("memos.form.emptyKeepsContents")}
          </p>
        )}
      </div>

      <TagInput
        tags={tags}
        suggestions={(userTags.data ?? []).map((entry) => entry.tag)}
        onChange={setTags}
      />

      {showsHint && (
        <div className="field">
          <label className="field-label" htmlFor={ids.hint}>
            {t("memos.form.hint")}
          </label>
          <input
            id={ids.hint}
            className="input"
            value={hint}
            maxLength={2000}
            placeholder={t("memos.form.hintPlaceholder")}
            onChange={(event) => setHint(event.target.value)}
          />
        </div>
      )}

      <button type="submit" className="button button-block memos-save" disabled={isSaving}>
        {isSaving ? t("memos.form.saving") : t("common.save")}
      </button>
    </form>
  );
}

/** The help icon of the memo form: a popover on how reviews and the editor work. */
export function MemoHelpButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t("memos.form.help")}
      onClick={(event) =>
        presentPopover(
          event.currentTarget,
          <div className="memos-help">
            <p>{t("memos.form.helpReview")}</p>
            <p>{t("memos.form.helpEditor")}</p>
          </div>,
        )
      }
    >
      <HelpIcon />
    </button>
  );
}

/**
 * Opens the memo modal (PRODUCT.md › Memo form): "Add" to create in `folderId` (a folder picker
 * when absent), "Update" to edit `memoId`. Answers the saved memo, or undefined when closed without
 * saving.
 */
export function presentMemoModal(
  label: string,
  options: { memoId?: string; folderId?: string },
): Promise<MemoDetail | undefined> {
  return presentModal<MemoDetail>(label, (close) => (
    <div className="memos-sheet">
      <div className="memos-sheet-header">
        <button type="button" className="icon-button memos-sheet-close" onClick={() => close()}>
          <CloseLabel />
        </button>
        <h2 className="memos-sheet-title">{label}</h2>
        <div className="memos-sheet-end">
          <MemoHelpButton />
        </div>
      </div>
      <div className="memos-sheet-body">
        <MemoForm
          memoId={options.memoId}
          folderId={options.folderId}
          onSaved={(memo) => close(memo)}
        />
      </div>
    </div>
  ));
}

function CloseLabel() {
  const { t } = useTranslation();
  return (
    <>
      <CloseIcon />
      <span className="memos-visually-hidden">{t("common.close")}</span>
    </>
  );
}
