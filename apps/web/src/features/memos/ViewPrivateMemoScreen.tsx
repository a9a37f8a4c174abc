import type { MemoDetail } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { useFolder, useFolderTitle } from "../../api/folders.queries";
import { useMemo, useMemoShare, useShareMemo, useUnshareMemo } from "../../api/memos.queries";
import { useFormat } from "../../i18n/format";
import { sanitizeRichText } from "../../lib/html-text";
import { showError } from "../../overlays/error-dialog";
import { showToast } from "../../overlays/toast";
import { copyText } from "../../platform/copy-text";
import { EmptyState, ListGroup, ListItem, Spinner, Toggle } from "../../ui/List";
import { Page } from "../../ui/Page";
import { FlashCardHint } from "./FlashCardHint";
import { CheckIcon, EditIcon, LinkIcon, ReviewIcon, TrashIcon } from "./icons";
import { MemoTags, viewMemoPath } from "./MemoRow";
import { useMemoActions } from "./memo-actions";
import { PriorityStepper } from "./PriorityStepper";

/**
 * view-private-memo?memoId=: the whole memo with its counters, review and completion dates,
 * review / edit / delete, and sharing. A memo that does not exist or is not the user's shows
 * only a not-found state.
 */
export function ViewPrivateMemoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const memoId = params.get("memoId") ?? "";
  const memo = useMemo(memoId || undefined);

  const isMissing =
    memoId === "" ||
    (memo.error instanceof ApiError && memo.error.status >= 400 && memo.error.status < 500);
  if (isMissing) {
    return (
      <Page title={t("memos.view.title")} backTo="/private-folders">
        <EmptyState title={t("errors.MEMO_NOT_FOUND")}>
          <p className="muted">{t("memos.view.notFoundHint")}</p>
          <Link to="/private-folders">{t("folders.list.allFolders")}</Link>
        </EmptyState>
      </Page>
    );
  }
  if (memo.error) {
    return (
      <Page title={t("memos.view.title")} backTo="/private-folders">
        <EmptyState title={t("errors.INTERNAL")}>
          <button type="button" className="button button-secondary" onClick={() => memo.refetch()}>
            {t("common.retry")}
          </button>
        </EmptyState>
      </Page>
    );
  }
  if (!memo.data) {
    return (
      <Page title={t("memos.view.title")}>
        <Spinner label={t("common.loading")} />
      </Page>
    );
  }
  return <MemoView memo={memo.data} />;
}

function MemoView({ memo }: { memo: MemoDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const titleOf = useFolderTitle();
  const folder = useFolder(memo.folderId);
  const actions = useMemoActions();
  const folderPath = `/private-memos/${encodeURIComponent(memo.folderId)}`;
  const title = memo.title;
  const html = sanitizeRichText(memo.contents);
  const newestFirst = (dates: number[]) => [...dates].sort((a, b) => b - a);

  const remove = async () => {
    if (await actions.remove(memo)) navigate(folderPath, { replace: true });
  };

  return (
    <Page title={t("memos.view.title")} backTo={folderPath}>
      <article className="memos-view">
        <header className="memos-view-header">
          <Link className="memos-view-folder" to={folderPath}>
            {folder.data ? titleOf(folder.data) : "…"}
          </Link>
          <h2 className="memos-view-title">{title}</h2>
          <MemoTags title={title} tags={memo.tags} />
          <p className="muted small memos-view-dates">
            {t("memos.view.updatedAt", { date: format.dateTime(memo.updatedAt) })}
          </p>
          {memo.isCompleted && (
            <span className="memos-badge memos-badge-done">
              <CheckIcon />
              {t("memos.view.completed")}
            </span>
          )}
          {memo.conflictOf && (
            <p className="memos-conflict-note">
              <span className="memos-chip memos-chip-conflict">{t("offline.conflictCopy")}</span>{" "}
              {t("offline.conflictCopyNote")}{" "}
              <Link to={viewMemoPath(memo.conflictOf)}>{t("offline.openOriginal")}</Link>
            </p>
          )}
        </header>

        <div className="memos-view-actions">
          <button
            type="button"
            className="button memos-view-review"
            aria-label={t("memos.actions.review", { title })}
            onClick={() => void actions.review(memo)}
          >
            <ReviewIcon />
            {t("memos.actions.reviewShort")}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={t("memos.actions.edit", { title })}
            onClick={() => void actions.edit(memo)}
          >
            <EditIcon />
            {t("common.edit")}
          </button>
          <button
            type="button"
            className="button button-secondary memos-danger-soft"
            aria-label={t("memos.actions.delete", { title })}
            onClick={remove}
          >
            <TrashIcon />
            {t("common.delete")}
          </button>
        </div>

        <section className="memos-view-card" aria-label={t("memos.form.contents")}>
          {html.trim() ? (
            <div
              className="rich-text memos-view-contents"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText
              dangerouslySetInnerHTML={{ __html: html }}
            />
          ) : (
            <p className="muted">{t("memos.view.noContents")}</p>
          )}
        </section>

        {memo.flashCardHint && (
          <FlashCardHint className="memos-view-hint" title={title} hint={memo.flashCardHint} />
        )}

        <ListGroup header={t("memos.view.details")}>
          <ListItem to={folderPath} end={folder.data ? titleOf(folder.data) : undefined}>
            {t("memos.form.folder")}
          </ListItem>
          <ListItem end={<span>{t("memos.list.reviewCount", { count: memo.reviewCount })}</span>}>
            {t("memos.view.reviewCount")}
          </ListItem>
          <ListItem
            end={
              <PriorityStepper
                memo={memo}
                onStep={(delta) => void actions.changePriority(memo, delta)}
              />
            }
          >
            {t("memos.list.priority")}
          </ListItem>
          {folder.data?.enableCompletionFeature && (
            <ListItem
              end={
                <button
                  type="button"
                  className="memos-check"
                  aria-label={t("memos.actions.complete", { title })}
                  aria-pressed={memo.isCompleted}
                  onClick={() => void actions.toggleComplete(memo)}
                >
                  <CheckIcon />
                </button>
              }
            >
              {t("memos.view.completedState")}
            </ListItem>
          )}
          <ListItem end={format.dateTime(memo.createdAt)}>{t("memos.view.created")}</ListItem>
          <ListItem end={format.dateTime(memo.updatedAt)}>{t("memos.view.updated")}</ListItem>
        </ListGroup>

        <ShareSection memo={memo} />

        <DateList
          header={t("memos.view.reviewDates", { count: memo.reviewedDates.length })}
          empty={t("memos.view.noReviews")}
          dates={newestFirst(memo.reviewedDates)}
        />
        <DateList
          header={t("memos.view.completedDates", { count: memo.completedDates.length })}
          empty={t("memos.view.noCompletions")}
          dates={newestFirst(memo.completedDates)}
        />
      </article>
    </Page>
  );
}

function DateList({ header, empty, dates }: { header: string; empty: string; dates: number[] }) {
  const format = useFormat();
  return (
    <ListGroup header={header}>
      {dates.length === 0 ? (
        <ListItem>
          <span className="muted">{empty}</span>
        </ListItem>
      ) : (
        withKeys(dates).map(({ at, key }) => (
          <ListItem key={key} end={format.time(at)}>
            {format.date(at)}
          </ListItem>
        ))
      )}
    </ListGroup>
  );
}

/** Each time with a key unique even when two times are equal. */
function withKeys(dates: number[]): Array<{ at: number; key: string }> {
  const seen = new Map<number, number>();
  return dates.map((at) => {
    const occurrence = seen.get(at) ?? 0;
    seen.set(at, occurrence + 1);
    return { at, key: `${at}:${occurrence}` };
  });
}

/** Share / unshare, and when shared the public address with a copy button. */
function ShareSection({ memo }: { memo: MemoDetail }) {
  const { t } = useTranslation();
  const share = useShareMemo();
  const unshare = useUnshareMemo();
  const current = useMemoShare(memo.id, memo.isShared);
  const isBusy = share.isPending || unshare.isPending;
  const address = current.data ? `${window.location.origin}${current.data.path}` : null;

  const setShared = async (isShared: boolean) => {
    try {
      if (isShared) await share.mutateAsync(memo.id);
      else await unshare.mutateAsync(memo.id);
      showToast(t(isShared ? "memos.share.shared" : "memos.share.unshared"));
    } catch (error) {
      await showError(error);
    }
  };

  const copy = async () => {
    if (!address) return;
    try {
      await copyText(address);
      showToast(t("common.copied"));
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <ListGroup header={t("memos.share.header")} footer={t("memos.share.footer")}>
      <li className="list-item">
        <div className="list-item-static">
          <Toggle
            label={t("memos.share.toggle")}
            checked={memo.isShared === true}
            disabled={isBusy}
            onChange={(checked) => void setShared(checked)}
          />
        </div>
      </li>
      {memo.isShared && (
        <li className="list-item">
          <div className="list-item-static memos-share-row">
            <LinkIcon />
            {address ? (
              <a className="memos-share-link" href={address} target="_blank" rel="noreferrer">
                {address}
              </a>
            ) : (
              <span className="muted">
                {current.error ? t("errors.INTERNAL") : t("common.loading")}
              </span>
            )}
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={!address}
              onClick={copy}
            >
              {t("memos.share.copy")}
            </button>
          </div>
        </li>
      )}
    </ListGroup>
  );
}
