import {
  foldSearchableMemo,
  type JoinedFoldedMemo,
  joinedFoldedMemoOf,
  memoSearchTokens,
  normalizeTags,
  searchableMemoText,
  tagKey,
} from "@mnemo/domain";
import { type Kysely, sql } from "kysely";
import { type Executor, isPostgres } from "./database.js";
import { parseTags } from "./memo-rows.js";
import type { Database } from "./schema.js";
import type { WriteContext } from "./user-write.js";
import { inValueList } from "./value-list.js";

// The search index (see the search-index migration). New memos (a create, an import, a trash
// restore) are indexed in the write's transaction (indexNewMemos): on SQLite that adds one FTS5
// segment. A write that changes what search reads of a memo (its title, contents, hint or tags)
// queues the memo instead (queueMemoForIndexing): replacing its index rows would also write a
// tombstone, about eight pages per commit in all, which made an edit's p99 1.8–2× one without the
// index. The index catches up in batches (indexQueuedMemos) before any read of it and in the
// background (see the search-index-queue migration and features/search/search-index.service.ts).
// Deletes need nothing here: the rows go with their memo (foreign keys; on SQLite a trigger
// removes the FTS row).

// Off only for measurements (MNEMO_SEARCH_INDEX=off, see config.ts): the bench times memo writes
// with and without the index.
let isIndexing = true;

/** Makes memo writes of this process leave the search index alone (measurements only). */
export function stopSearchIndexing(): void {
  isIndexing = false;
}

/** The fields of a memo search reads, as stored. */
export interface MemoSearchSource {
  title: string;
  contents: string;
  flashCardHint: string;
  tags: readonly string[];
}

/**
 * Queues a memo of the write's user for indexing again, in the write's transaction: a field search
 * reads changed. A memo already queued keeps its place.
 */
export async function queueMemoForIndexing(write: WriteContext, memoId: string): Promise<void> {
  if (!isIndexing) return;
  await write.trx
    .insertInto("memo_search_queue")
    .values({ user_id: write.userId, memo_id: memoId, queued_at: write.now })
    .onConflict((oc) => oc.columns(["user_id", "memo_id"]).doNothing())
    .execute();
}

/** Memos indexed per transaction by {@link indexQueuedMemos}. */
export const INDEX_BATCH = 500;

/**
 * Indexes up to `limit` of the user's queued memos, oldest first, as they are stored now, and
 * takes them off the queue; returns how many. Run in a user write (`userWrite`), which orders it
 * with the user's memo writes: a memo queued again while this runs stays queued. On SQLite the
 * batch's FTS5 rows go into one segment.
 */
export async function indexQueuedMemos(write: WriteContext, limit = INDEX_BATCH): Promise<number> {
  const { trx, userId } = write;
  const rows = await trx
    .selectFrom("memo_search_queue as q")
    .innerJoin("memos as m", (join) =>
      join.onRef("m.user_id", "=", "q.user_id").onRef("m.id", "=", "q.memo_id"),
    )
    .leftJoin("memo_search as s", (join) =>
      join.onRef("s.user_id", "=", "q.user_id").onRef("s.memo_id", "=", "q.memo_id"),
    )
    .select([
      "m.id",
      "m.title",
      "m.contents",
      "m.flash_card_hint",
      "m.tags",
      "s.memo_id as indexed",
    ])
    .where("q.user_id", "=", userId)
    .orderBy("q.queued_at")
    .orderBy("q.memo_id")
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  for (const row of rows) {
    const memo = {
      title: row.title,
      contents: row.contents,
      flashCardHint: row.flash_card_hint,
      tags: parseTags(row.tags),
    };
    await writeMemoSearchIndex(write, row.id, memo, { isNew: row.indexed === null });
  }
  await trx
    .deleteFrom("memo_search_queue")
    .where("user_id", "=", userId)
    .where(
      inValueList(
        trx,
        "memo_id",
        rows.map((row) => row.id),
      ),
    )
    .execute();
  return rows.length;
}

/** Whether the user has memos whose index is behind their text. */
export async function hasQueuedMemos(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("memo_search_queue")
    .select("memo_id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Up to `limit` users with queued memos. */
export async function selectUsersWithQueuedMemos(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("memo_search_queue")
    .select("user_id")
    .distinct()
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * (Re)indexes one memo of the write's user: its folded fields, its tokens and its tags.
 * Tags stored before tags were normalized are indexed normalized. `isNew`: the memo has no rows
 * in the index yet, so there is nothing to replace.
 */
async function writeMemoSearchIndex(
  write: WriteContext,
  memoId: string,
  memo: MemoSearchSource,
  options: { isNew?: boolean } = {},
): Promise<void> {
  const { trx, userId } = write;
  const { tags, tokens, fields } = searchRow(memo);
  if (isPostgres(trx)) {
    await trx
      .insertInto("memo_search")
      .values({ ...memoKeyAndSortColumns(write, memoId), ...fields, tokens })
      .onConflict((oc) => oc.columns(["user_id", "memo_id"]).doUpdateSet({ ...fields, tokens }))
      .execute();
  } else {
    const row = await trx
      .insertInto("memo_search")
      .values({ ...memoKeyAndSortColumns(write, memoId), ...fields })
      .onConflict((oc) => oc.columns(["user_id", "memo_id"]).doUpdateSet(fields))
      .returning("doc_id")
      .executeTakeFirstOrThrow();
    // A new memo has no FTS row yet; deleting one costs as much as the insert (FTS5 records a
    // tombstone), so a create skips it.
    if (options.isNew !== true) {
      await sql`delete from memo_search_fts where rowid = ${row.doc_id}`.execute(trx);
    }
    await sql`insert into memo_search_fts (rowid, tokens) values (${row.doc_id}, ${tokens.join(" ")})`.execute(
      trx,
    );
  }
  if (options.isNew !== true) {
    await trx
      .deleteFrom("memo_tags")
      .where("user_id", "=", userId)
      .where("memo_id", "=", memoId)
      .execute();
  }
  if (tags.length > 0) {
    await trx
      .insertInto("memo_tags")
      .values(tags.map((tag) => ({ user_id: userId, memo_id: memoId, tag_key: tagKey(tag), tag })))
      .execute();
  }
}

/** What the index holds of a memo: its normalized tags, its tokens and its folded fields. */
function searchRow(memo: MemoSearchSource) {
  const tags = normalizeTags(memo.tags);
  const folded = foldSearchableMemo(searchableMemoText({ ...memo, tags }));
  const tokens = memoSearchTokens(folded);
  const fields = {
    title: folded.title,
    hint: folded.hint,
    tags: JSON.stringify(folded.tags),
    body: folded.body,
  };
  return { tags, tokens, fields };
}

/** Rows per multi-row insert of {@link indexNewMemos} (SQLite binds at most 32,766 values). */
const INDEX_CHUNK = 500;

/**
 * Indexes memos inserted in this write, many to a statement (an import writes thousands): the
 * same rows {@link writeMemoSearchIndex} writes for each, with the memo's folder and change time
 * given instead of read back.
 */
export async function indexNewMemos(
  write: WriteContext,
  memos: ReadonlyArray<MemoSearchSource & { id: string; folderId: string; updatedAt: number }>,
): Promise<void> {
  if (!isIndexing) return;
  const { trx, userId } = write;
  for (let start = 0; start < memos.length; start += INDEX_CHUNK) {
    const chunk = memos.slice(start, start + INDEX_CHUNK).map((memo) => ({
      memo,
      ...searchRow(memo),
    }));
    const keys = (memo: { id: string; folderId: string; updatedAt: number }) => ({
      user_id: userId,
      memo_id: memo.id,
      folder_id: memo.folderId,
      updated_at: memo.updatedAt,
    });
    if (isPostgres(trx)) {
      await trx
        .insertInto("memo_search")
        .values(chunk.map((row) => ({ ...keys(row.memo), ...row.fields, tokens: row.tokens })))
        .execute();
    } else {
      const inserted = await trx
        .insertInto("memo_search")
        .values(chunk.map((row) => ({ ...keys(row.memo), ...row.fields })))
        .returning(["doc_id", "memo_id"])
        .execute();
      const docIds = new Map(inserted.map((row) => [row.memo_id, row.doc_id]));
      const ftsRows = chunk.map(
        (row) => sql`(${docIds.get(row.memo.id) as number}, ${row.tokens.join(" ")})`,
      );
      await sql`insert into memo_search_fts (rowid, tokens) values ${sql.join(ftsRows)}`.execute(
        trx,
      );
    }
    const tagRows = chunk.flatMap((row) =>
      row.tags.map((tag) => ({ user_id: userId, memo_id: row.memo.id, tag_key: tagKey(tag), tag })),
    );
    if (tagRows.length > 0) await trx.insertInto("memo_tags").values(tagRows).execute();
  }
}

/**
 * A new memo_search row's key and its copies of the memo's folder and change time, read from the
 * memo in the same statement (a trigger on memos keeps them equal afterwards; see the
 * search-sort-columns migration). An existing row keeps its copies on conflict.
 */
function memoKeyAndSortColumns(write: WriteContext, memoId: string) {
  const { trx, userId } = write;
  const ofMemo = <C extends "folder_id" | "updated_at">(column: C) =>
    trx.selectFrom("memos").select(column).where("user_id", "=", userId).where("id", "=", memoId);
  return {
    user_id: userId,
    memo_id: memoId,
    folder_id: ofMemo("folder_id"),
    updated_at: ofMemo("updated_at"),
  };
}

/** A memo that may match a search: its folded fields as the domain's rule scans them, and its change time. */
export interface SearchCandidate {
  memoId: string;
  updatedAt: number;
  memo: JoinedFoldedMemo;
}

/** How many candidates a search reads at a time (see {@link visitSearchCandidates}). */
const CANDIDATE_PAGE_SIZE = 256;

/**
 * Hands `visit` the user's memos that hold every one of `tokens` in the index (all the user's
 * memos when `tokens` is empty), optionally only those of one folder, a page at a time: a
 * superset of the matches, which the caller verifies and ranks with `searchMatcher`.
 *
 * A page at a time because a common word has thousands of candidates, each with its text: held
 * all at once they outlived the young generation, so garbage collection made a search's p99.
 * SQLite reads each page with its own query (keyset on the FTS rowid, or on memo_id without
 * tokens); PostgreSQL runs the query once, through a cursor.
 */
export async function visitSearchCandidates(
  db: Kysely<Database>,
  userId: string,
  tokens: readonly string[],
  folderId: string | undefined,
  visit: (candidates: SearchCandidate[]) => void,
): Promise<void> {
  const inFolder = folderId === undefined ? sql`` : sql`and s.folder_id = ${folderId}`;
  // Each candidate's fields in one string, joined as the domain joins them (`JoinedFoldedMemo`;
  // the order of the tags does not matter to the rule): a common word has thousands of
  // candidates, and one string each instead of four fields, their tags' array and their join is
  // a fraction of the garbage (on PostgreSQL, collecting it made a search's p99).
  const joined = isPostgres(db)
    ? sql`s.title || chr(10) || s.body || chr(10) || s.hint || case when s.tags = '[]' then ''
            else (select string_agg(chr(10) || t, '') from jsonb_array_elements_text(s.tags::jsonb) t) end`
    : sql`s.title || char(10) || s.body || char(10) || s.hint || case when s.tags = '[]' then ''
            else (select group_concat(char(10) || value, '') from json_each(s.tags)) end`;
  if (isPostgres(db)) {
    const hasTokens = tokens.length > 0 ? sql`and s.tokens @> ${[...tokens]}::text[]` : sql``;
    const readPages = async (trx: Executor) => {
      // Planned as the plain query would be (the whole result is read), not for its first rows.
      await sql`set local cursor_tuple_fraction = 1`.execute(trx);
      await sql`declare search_candidates no scroll cursor for
        select s.memo_id, ${joined} as joined, s.updated_at
          from memo_search s
         where s.user_id = ${userId} ${hasTokens} ${inFolder}`.execute(trx);
      for (;;) {
        const page =
          await sql<CandidateRow>`fetch ${sql.lit(CANDIDATE_PAGE_SIZE)} from search_candidates`.execute(
            trx,
          );
        if (page.rows.length > 0) visit(page.rows.map(toSearchCandidate));
        if (page.rows.length < CANDIDATE_PAGE_SIZE) break;
      }
      await sql`close search_candidates`.execute(trx);
    };
    // A cursor lives in a transaction.
    await db.transaction().execute(readPages);
    return;
  }
  let after: { docId: number; memoId: string } = { docId: -1, memoId: "" };
  for (;;) {
    const result =
      tokens.length > 0
        ? // Driven by the FTS5 match (CROSS JOIN keeps SQLite's join order): otherwise the
          // planner walks every memo of the user and tests each against the match's list.
          await sql<CandidateRow>`
            select s.doc_id, s.memo_id, ${joined} as joined, s.updated_at
              from memo_search_fts f
              cross join memo_search s on s.doc_id = f.rowid
             where memo_search_fts match ${ftsQuery(tokens)} and f.rowid > ${after.docId}
               and s.user_id = ${userId} ${inFolder}
             order by f.rowid
             limit ${CANDIDATE_PAGE_SIZE}`.execute(db)
        : await sql<CandidateRow>`
            select s.doc_id, s.memo_id, ${joined} as joined, s.updated_at
              from memo_search s
             where s.user_id = ${userId} and s.memo_id > ${after.memoId} ${inFolder}
             order by s.memo_id
             limit ${CANDIDATE_PAGE_SIZE}`.execute(db);
    const last = result.rows.at(-1);
    if (last) visit(result.rows.map(toSearchCandidate));
    if (!last || result.rows.length < CANDIDATE_PAGE_SIZE) return;
    after = { docId: Number(last.doc_id), memoId: last.memo_id };
  }
}

function toSearchCandidate(row: CandidateRow): SearchCandidate {
  return {
    memoId: row.memo_id,
    updatedAt: Number(row.updated_at),
    memo: joinedFoldedMemoOf(row.joined),
  };
}

interface CandidateRow {
  doc_id?: number;
  memo_id: string;
  /** Title, body, hint and tags, joined by line breaks. */
  joined: string;
  updated_at: number;
}

/** An FTS5 query asking for every token: each a quoted string (tokens hold no quote). */
function ftsQuery(tokens: readonly string[]): string {
  return tokens.map((token) => `"${token}"`).join(" ");
}

/** A tag of the user's memos as spelled, with its key and how many memos carry that spelling. */
export interface TagSpelling {
  tagKey: string;
  tag: string;
  memoCount: number;
}

/** The user's tags, each spelling with its memo count, ordered by key then spelling. */
export async function selectTagSpellings(db: Executor, userId: string): Promise<TagSpelling[]> {
  const rows = await db
    .selectFrom("memo_tags")
    .select(["tag_key", "tag", (eb) => eb.fn.countAll<number | string>().as("memo_count")])
    .where("user_id", "=", userId)
    .groupBy(["tag_key", "tag"])
    .orderBy("tag_key")
    .orderBy("tag")
    .execute();
  return rows.map((row) => ({
    tagKey: row.tag_key,
    tag: row.tag,
    memoCount: Number(row.memo_count),
  }));
}
