import { type Folder, ROOT_FOLDER_ID } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useFolders, useFolderTitle } from "../../api/folders.queries";
import { useSearch } from "../../api/search.queries";
import { useMenu } from "../../shell/menu-context";
import { EmptyState, Spinner } from "../../ui/List";
import { Page } from "../../ui/Page";
import { SearchField, searchPath } from "../../ui/SearchField";
import { CloseIcon } from "./icons";
import { MemoRow } from "./MemoRow";
import { NextPage } from "./NextPage";

/**
 * search?q=&tag= (issue #10 › The search screen): the results of the query in the address, best
 * first, as they are typed (at once from the device's index, debounced from the server), each
 * with its folder, tags and snippet and the row actions of a folder list; an optional tag filter
 * (from a tag link); empty and no-result
 * states. The field is the top bar's on a desktop and the screen's own on a phone. Offline, or
 * once the first download finished, the device's index answers, by the same rules.
 */
export function SearchScreen() {
  const { t } = useTranslation();
  const menu = useMenu();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const tag = params.get("tag");
  const isAsking = q.trim() !== "" || Boolean(tag);
  const search = useSearch({ q, tag }, isAsking);
  const folders = useFolders();
  const titleOf = useFolderTitle();
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];
  const isLocal = search.data?.pages[0]?.isLocal ?? false;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;

  const byId = new Map((folders.data ?? []).map((folder) => [folder.id, folder]));
  const folderOf = (folderId: string): Folder | undefined =>
    byId.get(folderId) ?? byId.get(ROOT_FOLDER_ID);

  let body: React.ReactNode;
  if (!isAsking) {
    body = (
      <EmptyState title={t("search.emptyTitle")}>
        <p className="muted">{t("search.emptyHint")}</p>
        {!menu.isCollapsible && <p className="muted small">{t("search.shortcut")}</p>}
      </EmptyState>
    );
  } else if (search.isPending || !folders.data) {
    body = <Spinner label={t("common.loading")} />;
  } else if (search.error) {
    body = (
      <EmptyState title={t("errors.INTERNAL")}>
        <button type="button" className="button button-secondary" onClick={() => search.refetch()}>
          {t("common.retry")}
        </button>
      </EmptyState>
    );
  } else if (results.length === 0) {
    body = (
      <EmptyState title={t("search.noResultsTitle")}>
        {q.trim() !== "" && (
          <p className="muted">
            {tag
              ? t("search.noResultsTag", { query: q.trim(), tag })
              : t("search.noResultsHint", { query: q.trim() })}
          </p>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {isLocal && !navigator.onLine && (
          <p className="muted small search-note">{t("search.offline")}</p>
        )}
        {/* Busy while the rows are an earlier query's, kept on screen until this one's come. */}
        <ul
          className="memos-list"
          aria-label={t("search.results")}
          aria-busy={search.isFetching || search.isPlaceholderData}
          data-query={q}
        >
          {results.map((result) => {
            const folder = folderOf(result.folderId);
            if (!folder) return null;
            return (
              <MemoRow
                key={result.id}
                memo={result}
                folder={folder}
                sortMode={folder.sortingMethod}
                folderTitle={titleOf(folder)}
                snippetHtml={result.snippet}
              />
            );
          })}
        </ul>
        <NextPage
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        />
      </>
    );
  }

  return (
    <Page title={t("search.title")}>
      {menu.isCollapsible && (
        <SearchField live autoFocus={!isAsking} className="search-field-page search-page-field" />
      )}
      {tag && (
        <div className="search-filters">
          <button
            type="button"
            className="search-tag-filter"
            aria-label={t("search.removeTagFilter", { tag })}
            onClick={() => navigate(searchPath(q, null), { replace: true })}
          >
            <span>{t("search.tagFilter", { tag })}</span>
            <CloseIcon />
          </button>
        </div>
      )}
      {body}
    </Page>
  );
}
