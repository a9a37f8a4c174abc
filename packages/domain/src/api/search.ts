import { z } from "zod";
import { MEMO_PAGE_MAX } from "../constants.js";
import { objectIdSchema, queryIntSchema } from "./common.js";
import { memoSummarySchema } from "./memos.js";

/** Default number of results in one page of a search. */
export const SEARCH_PAGE_DEFAULT = 30;

/** Longest search query, in UTF-16 code units. */
export const SEARCH_QUERY_MAX = 500;

/**
 * `GET /api/search` query (issue #10 › Search): `q` as typed (see `parseSearchQuery`; empty or
 * without a term or tag finds nothing); `folderId` keeps the memos of one folder; `tag` keeps
 * the memos carrying that tag (compared by `tagKey`, as `#tag` in `q`); `limit` 1…100 (default
 * 30); `cursor` the `nextCursor` of the previous page (opaque).
 */
export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX).default(""),
  folderId: objectIdSchema.optional(),
  tag: z.string().min(1).max(200).optional(),
  limit: queryIntSchema(1, MEMO_PAGE_MAX).default(SEARCH_PAGE_DEFAULT),
  cursor: z.string().min(1).max(1_000).optional(),
});
export type SearchQueryInput = z.infer<typeof searchQuerySchema>;

/**
 * One search result: the memo as a list row (`sortingValue` `null`), with `snippet` (HTML: the
 * matched text, everything escaped except `<mark>` around the hits, see `searchSnippet`),
 * `score` (see `searchMatcher`) and `isTitleHit` (a term occurs in the title).
 */
export const searchResultSchema = memoSummarySchema.extend({
  snippet: z.string(),
  score: z.number().min(0),
  isTitleHit: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * One page of results, best first (see `compareSearchHits`); `nextCursor` is `null` on the last
 * page.
 */
export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * One of the user's tags: as spelled on most of its memos (tags that differ only in case, width
 * or accents are one tag, see `tagKey`), and how many of the user's memos carry it.
 */
export const tagCountSchema = z.object({
  tag: z.string(),
  memoCount: z.int().min(1),
});
export type TagCount = z.infer<typeof tagCountSchema>;

/** Answer of `GET /api/tags`: the user's tags, ordered by `tagKey`. */
export const tagsResponseSchema = z.object({ tags: z.array(tagCountSchema) });
export type TagsResponse = z.infer<typeof tagsResponseSchema>;
