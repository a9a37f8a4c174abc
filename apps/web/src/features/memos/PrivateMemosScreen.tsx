import { type Folder, type MemoSummary, ROOT_FOLDER_ID, type SortMode } from "@mnemo/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { useFolder, useFolderTitle } from "../../api/folders.queries";
import { isSortMode, SORT_MODE_OPTIONS, useMemoPages } from "../../api/memos.queries";
import { useRowsInSlices } from "../../lib/use-rows-in-slices";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { GearIcon, PlusIcon } from "./icons";
import { presentMemoModal } from "./MemoForm";
import { MemoRow } from "./MemoRow";
import { NextPage } from "./NextPage";
import { readSortChoice, storeSortChoice } from "./sort-choice";

/**
 * private-memos/:folderId: the folder's memos in the chosen sort mode (default: the folder's),
 * loaded page by page as the list scrolls, with an Add memo button and a link to the folder's
 * settings.
 */
export function PrivateMemosScreen() {
  const { t } = useTranslation();
  const { folderId = ROOT_FOLDER_ID } = useParams();
  const titleOf = useFolderTitle();
  const folder = useFolder(folderId);

  if (folder.error) {
    const isMissing = folder.error instanceof ApiError && folder.error.status < 500;
    return (
      <Page title={t("memos.list.title")} backTo="/private-folders">
        <EmptyState title={isMissing ? t("errors.FOLDER_NOT_FOUND") : t("errors.INTERNAL")}>
          {isMissing ? (
            <Link to="/private-folders">{t("folders.list.allFolders")}</Link>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => folder.refetch()}
            >
              {t("common.retry")}
            </button>
          )}
        </EmptyState>
      </Page>
    );
  }
  if (!folder.data) {
    return (
      <Page title={t("memos.list.title")}>
        <Spinner label={t("common.loading")} />
      </Page>
    );
  }
  const settingsLabel = t("memos.list.folderSettings");
  return (
    <Page
      title={titleOf(folder.data)}
      actions={
        <Link
          className="icon-button"
          to={`/folder-settings?folderId=${encodeURIComponent(folderId)}`}
          aria-label={settingsLabel}
          title={settingsLabel}
        >
          <GearIcon />
        </Link>
      }
    >
      <MemoList folder={folder.data} />
    </Page>
  );
}

function MemoList({ folder }: { folder: Folder }) {
  const { t } = useTranslation();
  const titleOf = useFolderTitle();
  const sortId = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get("sort");
  // A link's mode, else the one this device last chose for the folder (PRODUCT.md › Sort modes).
  const chosen: SortMode | undefined = isSortMode(requested) ? requested : readSortChoice(folder);
  const sortMode = chosen ?? folder.sortingMethod;
  const pages = useMemoPages(folder.id, chosen);
  const memos = pages.data?.pages.flatMap((page) => page.memos) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  const chooseSort = (mode: SortMode) => {
    storeSortChoice(folder, mode);
    const next = new URLSearchParams(params);
    if (mode === folder.sortingMethod) next.delete("sort");
    else next.set("sort", mode);
    setParams(next, { replace: true });
  };

  return (
    <>
      <div className="memos-list-heading">
        <h2 className="large-title memos-large-title">{titleOf(folder)}</h2>
        {folder.description && <p className="muted memos-description">{folder.description}</p>}
      </div>
      <div className="memos-toolbar-row">
        <div className="memos-sort">
          <label className="memos-sort-label" htmlFor={sortId}>
            {t("memos.list.sort")}
          </label>
          <select
            id={sortId}
            className="select memos-sort-select"
            value={sortMode}
            onChange={(event) => chooseSort(event.target.value as SortMode)}
          >
            {SORT_MODE_OPTIONS.filter(
              // Recall exists in FSRS folders only (issue 9); a link may still ask for it.
              (mode) =>
                mode !== "retrievability" || folder.scheduler === "fsrs" || mode === sortMode,
            ).map((mode) => (
              <option key={mode} value={mode}>
                {t(`memos.sort.${mode}`)}
              </option>
            ))}
          </select>
        </div>
        <Link
          className="button button-small button-secondary memos-review-button"
          to={`/review?folderId=${encodeURIComponent(folder.id)}`}
        >
          {t("review.startFolder")}
        </Link>
        <button
          type="button"
          className="button button-small memos-add-button"
          onClick={() => void presentMemoModal(t("memos.form.addTitle"), { folderId: folder.id })}
        >
          <PlusIcon />
          <span>{t("memos.list.add")}</span>
        </button>
      </div>

      {pages.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : pages.error ? (
        <EmptyState title={t("errors.INTERNAL")}>
          <button type="button" className="button button-secondary" onClick={() => pages.refetch()}>
            {t("common.retry")}
          </button>
        </EmptyState>
      ) : memos.length === 0 ? (
        <EmptyState title={t("memos.list.empty")}>
          <p className="muted">{t("memos.list.emptyHint")}</p>
        </EmptyState>
      ) : (
        <MemoRows
          memos={memos}
          folder={folder}
          sortMode={sortMode}
          label={t("memos.list.listLabel", { folder: titleOf(folder) })}
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        />
      )}
    </>
  );
}

/**
 * The rows of the pages read so far (a screenful first, see `useRowsInSlices`), then the next
 * page's sentinel and button. Mounted with the first page.
 */
function MemoRows({
  memos,
  folder,
  sortMode,
  label,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  memos: readonly MemoSummary[];
  folder: Folder;
  sortMode: SortMode;
  label: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const shown = useRowsInSlices(memos);

  return (
    <>
      <ul className="memos-list" aria-label={label}>
        {shown.map((memo) => (
          <MemoRow key={memo.id} memo={memo} folder={folder} sortMode={sortMode} />
        ))}
      </ul>
      <NextPage
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        isAtEnd={shown.length === memos.length}
      />
    </>
  );
}
