import {
  AppError,
  ErrorCode,
  hasSearchCriteria,
  memoSearchSnippet,
  pageOfSearchHits,
  parseSearchQuery,
  type SearchHit,
  type SearchQueryInput,
  type SearchResponse,
  searchableMemoText,
  searchMatcher,
  searchQueryTokens,
  type TagsResponse,
  tagKey,
  toSearchHit,
} from "@mnemo/domain";
import { selectMemosWithContents } from "../../db/memo-contents.repo.js";
import { selectTagSpellings, visitSearchCandidates } from "../../db/memo-search.repo.js";
import type { ServiceDeps } from "../../deps.js";
import { toSummary } from "../memos/memo-present.js";
import { selectMemoFolder } from "../memos/memos.repo.js";
import { decodeSearchCursor, encodeSearchCursor } from "./search-cursor.js";
import { catchUpSearchIndex } from "./search-index.service.js";

/**
 * One page of the user's memos matching a search (issue #10 › Search). The index gives
 * candidates (memos holding every token of the query), each is verified and ranked by the
 * domain's exact rule (`searchMatcher`: no false hits), and the page is the `limit` ranks after
 * the cursor's (`pageOfSearchHits`).
 *
 * @throws FOLDER_NOT_FOUND when `folderId` is not a folder of the user
 * @throws VALIDATION_FAILED for a forged cursor
 */
export async function searchMemos(
  deps: ServiceDeps,
  userId: string,
  input: SearchQueryInput,
): Promise<SearchResponse> {
  const db = deps.db.kysely;
  const after = input.cursor === undefined ? null : decodeSearchCursor(input.cursor);
  if (input.folderId !== undefined && !(await selectMemoFolder(db, userId, input.folderId))) {
    throw new AppError(ErrorCode.FOLDER_NOT_FOUND, `folder ${input.folderId} not found`);
  }
  const query = parseSearchQuery(input.q);
  const tag = input.tag === undefined ? "" : tagKey(input.tag);
  if (tag !== "" && !query.tags.includes(tag)) query.tags.push(tag);
  if (!hasSearchCriteria(query)) return { results: [], nextCursor: null };
  await catchUpSearchIndex(deps, userId);

  const matcher = searchMatcher(query);
  const hits: SearchHit[] = [];
  await visitSearchCandidates(db, userId, searchQueryTokens(query), input.folderId, (page) => {
    for (const candidate of page) {
      const rank = matcher(candidate.memo);
      if (rank) hits.push(toSearchHit(candidate.memoId, candidate.updatedAt, rank));
    }
  });
  const { page, hasMore } = pageOfSearchHits(hits, after, input.limit);

  const memos = new Map(
    (
      await selectMemosWithContents(
        db,
        userId,
        page.map((hit) => hit.id),
      )
    ).map((memo) => [memo.id, memo]),
  );
  const results = page.flatMap((hit) => {
    const memo = memos.get(hit.id);
    if (!memo) return [];
    const snippet = memoSearchSnippet(searchableMemoText(memo), query);
    return [{ ...toSummary(memo, null), snippet, score: hit.score, isTitleHit: hit.isTitleHit }];
  });
  const last = page.at(-1);
  return { results, nextCursor: hasMore && last ? encodeSearchCursor(last) : null };
}

/**
 * The user's tags with their memo counts (issue #10 › Tags): spellings with the same `tagKey`
 * are one tag, shown as spelled on most of its memos (ties: the first spelling in code-unit
 * order), ordered by key.
 */
export async function listTags(deps: ServiceDeps, userId: string): Promise<TagsResponse> {
  await catchUpSearchIndex(deps, userId);
  const spellings = await selectTagSpellings(deps.db.kysely, userId);
  const tags: TagsResponse["tags"] = [];
  let current: { key: string; tag: string; best: number; memoCount: number } | null = null;
  for (const spelling of spellings) {
    if (current === null || current.key !== spelling.tagKey) {
      if (current) tags.push({ tag: current.tag, memoCount: current.memoCount });
      current = { key: spelling.tagKey, tag: spelling.tag, best: 0, memoCount: 0 };
    }
    current.memoCount += spelling.memoCount;
    if (spelling.memoCount > current.best) {
      current.best = spelling.memoCount;
      current.tag = spelling.tag;
    }
  }
  if (current) tags.push({ tag: current.tag, memoCount: current.memoCount });
  return { tags };
}
