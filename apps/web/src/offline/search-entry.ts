import {
  type FoldedMemo,
  foldSearchableMemo,
  type MemoSummary,
  type SearchableMemo,
  searchableMemoText,
} from "@mnemo/domain";

/**
 * A memo as the offline search index keeps it (issue #10 › Search): its searchable fields folded
 * by the domain's rule (what a query is matched against), and the two list fields a search ranks
 * and filters by. The whole table is read into memory for the first search of a session (see
 * `local-search.ts`); the text as written, for snippets, lives apart in {@link SearchTextEntry}.
 */
export interface SearchEntry {
  id: string;
  folderId: string;
  updatedAt: number;
  folded: FoldedMemo;
}

/**
 * A memo's searchable text as written (title, contents as text, hint, tags): the snippets of a
 * page of results are cut from it. Kept apart from `bodies`, so an evicted body is still found.
 */
export interface SearchTextEntry {
  id: string;
  text: SearchableMemo;
}

/** The fields of a memo the search looks through and ranks by, besides its contents. */
export type SearchFields = Pick<
  MemoSummary,
  "id" | "title" | "flashCardHint" | "tags" | "folderId" | "updatedAt"
>;

/** A memo's entries in the offline search index (see {@link searchEntries}). */
export interface SearchEntries {
  entry: SearchEntry;
  text: SearchTextEntry;
}

/**
 * A memo's entries in the offline search index, by the domain's rules (the same text and folding
 * as the server's engines). `contents` is its rich text; without it (a list row carries none)
 * the text of the contents in `previous` is kept.
 */
export function searchEntries(
  memo: SearchFields,
  contents: string | undefined,
  previous?: SearchTextEntry,
): SearchEntries {
  const text: SearchableMemo =
    contents === undefined
      ? {
          title: memo.title,
          body: previous?.text.body ?? "",
          hint: memo.flashCardHint,
          tags: [...memo.tags],
        }
      : searchableMemoText({ ...memo, contents });
  return {
    entry: {
      id: memo.id,
      folderId: memo.folderId,
      updatedAt: memo.updatedAt,
      folded: foldSearchableMemo(text),
    },
    text: { id: memo.id, text },
  };
}
