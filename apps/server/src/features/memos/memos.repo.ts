export { isReplay, opIdConflict } from "../../db/applied-ops.repo.js";
export {
  deleteTombstone,
  hasTombstone,
  insertTombstones,
  nextChangeSeq,
} from "../../db/change-log.repo.js";
export { ensureRootFolder, insertRootFolderIfMissing } from "../../db/root-folder.repo.js";

import type { SortMode } from "@mnemo/domain";
import { DAY_MS, REVIEWED_TODAY_SHIFT } from "@mnemo/domain";
import { type Insertable, type RawBuilder, sql, type Updateable } from "kysely";
import { type Executor, isPostgres } from "../../db/database.js";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import { precompile } from "../../db/precompiled.js";
import type { MemosTable } from "../../db/schema.js";

/** What the memo routes need to know of a folder. */
export interface MemoFolder {
  id: string;
  sortingMethod: SortMode;
  dateRepetitionValue: number;
  readRepetitionValue: number;
  showAtHomeReviewList: boolean;
}

export type { StoredMemoSummary };

/** A stored memo with its contents. */
export interface StoredMemo extends StoredMemoSummary {
  contents: string;
}

/** The memo fields a create or update writes. */
export interface MemoWrite {
  folderId: string;
  title: string;
  preview: string;
  contents: string;
  categoryId: string | null;
  category: string | null;
  type: string;
  tags: string[];
  userName: string;
  flashCardHint: string;
  priority: number;
  dueKey: number;
  homeRv: number | null;
  updatedAt: number;
  /** The change counter value of the write (see nextChangeSeq). */
  seq: number;
  revision: number;
  conflictOf: string | null;
}

function toColumns(write: Partial<MemoWrite>): Updateable<MemosTable> {
  const columns: Updateable<MemosTable> = {};
  if (write.folderId !== undefined) columns.folder_id = write.folderId;
  if (write.title !== undefined) columns.title = write.title;
  if (write.preview !== undefined) columns.preview = write.preview;
  if (write.contents !== undefined) columns.contents = write.contents;
  if (write.categoryId !== undefined) columns.category_id = write.categoryId;
  if (write.category !== undefined) columns.category = write.category;
  if (write.type !== undefined) columns.type = write.type;
  if (write.tags !== undefined) columns.tags = JSON.stringify(write.tags);
  if (write.userName !== undefined) columns.user_name = write.userName;
  if (write.flashCardHint !== undefined) columns.flash_card_hint = write.flashCardHint;
  if (write.priority !== undefined) columns.priority = write.priority;
  if (write.dueKey !== undefined) columns.due_key = write.dueKey;
  if (write.homeRv !== undefined) columns.home_rv = write.homeRv;
  if (write.updatedAt !== undefined) columns.updated_at = write.updatedAt;
  if (write.seq !== undefined) columns.seq = write.seq;
  if (write.revision !== undefined) columns.revision = write.revision;
  if (write.conflictOf !== undefined) columns.conflict_of = write.conflictOf;
  return columns;
}

/** The user's folder as the memo routes see it, or undefined. */
const selectMemoFolderQuery = precompile((db, userId: string, folderId: string) =>
  db
    .selectFrom("folders")
    .select([
      "id",
      "sorting_method",
      "date_repetition_value",
      "read_repetition_value",
      "show_at_home_review_list",
    ])
    .where("user_id", "=", userId)
    .where("id", "=", folderId),
);

export async function selectMemoFolder(
  db: Executor,
  userId: string,
  folderId: string,
): Promise<MemoFolder | undefined> {
  const [row] = await selectMemoFolderQuery(db, userId, folderId);
  return (
    row && {
      id: row.id,
      sortingMethod: row.sorting_method as SortMode,
      dateRepetitionValue: row.date_repetition_value,
      readRepetitionValue: row.read_repetition_value,
      showAtHomeReviewList: row.show_at_home_review_list === 1,
    }
  );
}

/** A memo's summary with its folder's repetition values, read in one query for a review. */
export interface MemoForReview {
  memo: StoredMemoSummary;
  dateRepetitionValue: number;
  readRepetitionValue: number;
}

const selectMemoForReviewQuery = precompile((db, userId: string, memoId: string) =>
  db
    .selectFrom("memos")
    .innerJoin("folders", (join) =>
      join
        .onRef("folders.user_id", "=", "memos.user_id")
        .onRef("folders.id", "=", "memos.folder_id"),
    )
    .select(memoSummaryColumns.map((column) => `memos.${column}` as const))
    .select(["folders.date_repetition_value", "folders.read_repetition_value"])
    .where("memos.user_id", "=", userId)
    .where("memos.id", "=", memoId)
    // Locks the memo on PostgreSQL so operations on it run one after another; SQLite
    // writes one transaction at a time anyway.
    .$if(isPostgres(db), (qb) => qb.forUpdate("memos")),
);

/** The memo and its folder's repetition values in one query (the memo locked on PostgreSQL). */
export async function selectMemoForReview(
  db: Executor,
  userId: string,
  memoId: string,
): Promise<MemoForReview | undefined> {
  const [row] = await selectMemoForReviewQuery(db, userId, memoId);
  return (
    row && {
      memo: toStoredMemoSummary(row),
      dateRepetitionValue: row.date_repetition_value,
      readRepetitionValue: row.read_repetition_value,
    }
  );
}

/**
 * One memo of the user without its contents, or undefined. With `lock` the row is locked until
 * the transaction ends on PostgreSQL, so operations on one memo run one after another (SQLite
 * runs one write transaction at a time anyway).
 */
export async function selectMemoSummary(
  db: Executor,
  userId: string,
  memoId: string,
  options: { lock?: boolean } = {},
): Promise<StoredMemoSummary | undefined> {
  const row = await db
    .selectFrom("memos")
    .select(memoSummaryColumns)
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .$if(options.lock === true && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row && toStoredMemoSummary(row);
}

/** One memo of the user with its contents, or undefined; `lock` as in selectMemoSummary. */
export async function selectMemo(
  db: Executor,
  userId: string,
  memoId: string,
  options: { lock?: boolean } = {},
): Promise<StoredMemo | undefined> {
  const row = await db
    .selectFrom("memos")
    .select([...memoSummaryColumns, "contents"])
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .$if(options.lock === true && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row && { ...toStoredMemoSummary(row), contents: row.contents };
}

/** Review times of a memo, oldest first. */
export async function selectReviewTimes(
  db: Executor,
  userId: string,
  memoId: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom("memo_reviews")
    .select("reviewed_at")
    .where("user_id", "=", userId)
    .where("memo_id", "=", memoId)
    .orderBy("reviewed_at")
    .execute();
  return rows.map((row) => row.reviewed_at);
}

/** Times of a memo's completions that were not undone, oldest first. */
export async function selectCompletionTimes(
  db: Executor,
  userId: string,
  memoId: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom("memo_completions")
    .select("completed_at")
    .where("user_id", "=", userId)
    .where("memo_id", "=", memoId)
    .where("undone_at", "is", null)
    .orderBy("completed_at")
    .execute();
  return rows.map((row) => row.completed_at);
}

/**
 * Inserts a memo unless the user has one with this id; true when this call inserted it. Its
 * revision is 1 unless given.
 */
export async function insertMemo(
  db: Executor,
  userId: string,
  memo: Omit<MemoWrite, "revision"> & { id: string; createdAt: number },
): Promise<boolean> {
  const values = {
    ...toColumns(memo),
    user_id: userId,
    id: memo.id,
    created_at: memo.createdAt,
  } as Insertable<MemosTable>;
  const inserted = await db
    .insertInto("memos")
    .values(values)
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Writes the given fields of a memo, stamped with the write's change `seq`. */
export async function updateMemo(
  db: Executor,
  userId: string,
  memoId: string,
  write: Partial<MemoWrite> & { seq: number },
): Promise<void> {
  await db
    .updateTable("memos")
    .set(toColumns(write))
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}

/** Deletes a memo (its reviews and completions go with it); true when it existed. */
export async function deleteMemo(db: Executor, userId: string, memoId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom("memos")
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .returning("id")
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Whether a memo is shared, under which country and which token. */
export interface MemoSharing {
  /** The country it is shared under; null while it is not shared. */
  countryCode: string | null;
  /** The key of its public address; null while it is not shared. */
  shareToken: string | null;
}

/**
 * A memo's sharing state, or undefined when the user has no such memo; the row is locked until
 * the transaction ends on PostgreSQL, so shares of one memo run one after another.
 */
export async function selectMemoSharing(
  db: Executor,
  userId: string,
  memoId: string,
): Promise<MemoSharing | undefined> {
  const row = await db
    .selectFrom("memos")
    .select(["is_shared", "shared_country_code", "share_token"])
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  const isShared = row?.is_shared === 1;
  return (
    row && {
      countryCode: isShared ? row.shared_country_code : null,
      shareToken: isShared ? row.share_token : null,
    }
  );
}

/**
 * Shares a memo under a country at a new random token (the unique index memos_share_token_uq
 * keeps one address to one memo).
 */
export async function markMemoShared(
  db: Executor,
  userId: string,
  memoId: string,
  share: { countryCode: string; shareToken: string; seq: number },
): Promise<void> {
  await db
    .updateTable("memos")
    .set({
      is_shared: 1,
      shared_country_code: share.countryCode,
      share_token: share.shareToken,
      seq: share.seq,
    })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}

/**
 * Stops sharing a memo (a memo not shared stays so, its seq too: nothing changed); true when the
 * user has the memo.
 */
export async function markMemoUnshared(
  db: Executor,
  userId: string,
  memoId: string,
  seq: number,
): Promise<boolean> {
  const updated = await db
    .updateTable("memos")
    .set({
      is_shared: 0,
      shared_country_code: null,
      share_token: null,
      seq: sql<number>`case when is_shared = 1 then ${seq} else seq end`,
    })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

/** What anyone may read of a shared memo. */
export interface SharedMemo {
  id: string;
  title: string;
  contents: string;
  preview: string;
  createdAt: number;
  updatedAt: number;
}

/**
 * The memo shared under `countryCode` at `shareToken`, or undefined. The one memo query without
 * a user id: the owner made this row public by sharing it, and the query selects only the public
 * columns of the row shared at exactly this address (found through memos_share_token_uq).
 */
export async function selectSharedMemo(
  db: Executor,
  countryCode: string,
  shareToken: string,
): Promise<SharedMemo | undefined> {
  const row = await db
    .selectFrom("memos")
    .select(["id", "title", "contents", "preview", "created_at", "updated_at"])
    .where("shared_country_code", "=", countryCode)
    .where("share_token", "=", shareToken)
    .where("is_shared", "=", 1)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      title: row.title,
      contents: row.contents,
      preview: row.preview,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  );
}

const insertReviewQuery = precompile(
  (db, userId: string, opId: string, memoId: string, value: number, reviewedAt: number) =>
    db
      .insertInto("memo_reviews")
      .values({ user_id: userId, op_id: opId, memo_id: memoId, value, reviewed_at: reviewedAt })
      .onConflict((oc) => oc.columns(["user_id", "op_id"]).doNothing())
      .returning("op_id"),
);

/** Appends a review row unless the opId is known; true when this call inserted it. */
export async function insertReview(
  db: Executor,
  userId: string,
  review: { opId: string; memoId: string; value: number; reviewedAt: number },
): Promise<boolean> {
  const { opId, memoId, value, reviewedAt } = review;
  const inserted = await insertReviewQuery(db, userId, opId, memoId, value, reviewedAt);
  return inserted.length > 0;
}

/** The memo a review opId was used for, or undefined. */
export async function selectReviewOpMemoId(
  db: Executor,
  userId: string,
  opId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("memo_reviews")
    .select("memo_id")
    .where("user_id", "=", userId)
    .where("op_id", "=", opId)
    .executeTakeFirst();
  return row?.memo_id;
}

/**
 * Adds one review to a memo's counters: count + 1, accumulated value + value, latest review time,
 * and the due key recomputed as `dateRV × createdAt / DAY_MS + accumulated` (the order of
 * `repetitionDueKey`, so the stored key equals what the domain computes); stamps the change seq.
 */
const addReviewQuery = precompile(
  (
    db,
    userId: string,
    memoId: string,
    value: number,
    reviewedAt: number,
    dateRV: number,
    seq: number,
  ) => {
    const amount = sql<number>`cast(${value} as double precision)`;
    const rv = sql<number>`cast(${dateRV} as double precision)`;
    return (
      db
        .updateTable("memos")
        .set({
          review_count: sql<number>`review_count + 1`,
          accumulated_review_value: sql<number>`accumulated_review_value + ${amount}`,
          last_reviewed_at: sql<number>`case when last_reviewed_at is null or last_reviewed_at < ${reviewedAt} then ${reviewedAt} else last_reviewed_at end`,
          due_key: sql<number>`${rv} * created_at / ${sql.lit(DAY_MS)} + (accumulated_review_value + ${amount})`,
          seq,
        })
        .where("user_id", "=", userId)
        .where("id", "=", memoId)
        // The new state comes back with the update: no second read in the review's transaction.
        .returning(memoSummaryColumns)
    );
  },
);

export async function addReviewToMemo(
  db: Executor,
  userId: string,
  memoId: string,
  review: { value: number; reviewedAt: number; dateRepetitionValue: number; seq: number },
): Promise<StoredMemoSummary> {
  const { value, reviewedAt, dateRepetitionValue, seq } = review;
  const [row] = await addReviewQuery(
    db,
    userId,
    memoId,
    value,
    reviewedAt,
    dateRepetitionValue,
    seq,
  );
  if (!row) throw new Error(`memo ${memoId} vanished inside its review transaction`);
  return toStoredMemoSummary(row);
}

/** Appends a completion row unless the opId is known; true when this call inserted it. */
export async function insertCompletion(
  db: Executor,
  userId: string,
  completion: { opId: string; memoId: string; completedAt: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto("memo_completions")
    .values({
      user_id: userId,
      op_id: completion.opId,
      memo_id: completion.memoId,
      completed_at: completion.completedAt,
    })
    .onConflict((oc) => oc.columns(["user_id", "op_id"]).doNothing())
    .returning("op_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The memo a completion opId was used for, or undefined. */
export async function selectCompletionOpMemoId(
  db: Executor,
  userId: string,
  opId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("memo_completions")
    .select("memo_id")
    .where("user_id", "=", userId)
    .where("op_id", "=", opId)
    .executeTakeFirst();
  return row?.memo_id;
}

/** The memo an un-complete opId was used for, or undefined. */
export async function selectUndoOpMemoId(
  db: Executor,
  userId: string,
  undoOpId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("memo_completions")
    .select("memo_id")
    .where("user_id", "=", userId)
    .where("undo_op_id", "=", undoOpId)
    .executeTakeFirst();
  return row?.memo_id;
}

/**
 * Stamps the memo's latest completion that is not undone with the un-complete's opId and time;
 * false when the memo has none.
 */
export async function markLatestCompletionUndone(
  db: Executor,
  userId: string,
  memoId: string,
  undo: { opId: string; undoneAt: number },
): Promise<boolean> {
  const latest = await db
    .selectFrom("memo_completions")
    .select("op_id")
    .where("user_id", "=", userId)
    .where("memo_id", "=", memoId)
    .where("undone_at", "is", null)
    .orderBy("completed_at", "desc")
    .orderBy("op_id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) return false;
  const updated = await db
    .updateTable("memo_completions")
    .set({ undone_at: undo.undoneAt, undo_op_id: undo.opId })
    .where("user_id", "=", userId)
    .where("op_id", "=", latest.op_id)
    .where("undone_at", "is", null)
    .returning("op_id")
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Recounts a memo's completions that are not undone, and the latest of them; stamps the change
 * `seq`.
 */
export async function refreshCompletionCounters(
  db: Executor,
  userId: string,
  memoId: string,
  seq: number,
): Promise<void> {
  const live = db
    .selectFrom("memo_completions")
    .where("user_id", "=", userId)
    .where("memo_id", "=", memoId)
    .where("undone_at", "is", null);
  await db
    .updateTable("memos")
    .set({
      completed_count: live.select((eb) => eb.fn.countAll<number>().as("n")),
      last_completed_at: live.select((eb) => eb.fn.max("completed_at").as("m")),
      seq,
    })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}

/** Adds `delta` to a memo's priority; stamps the change `seq`. */
export async function addToPriority(
  db: Executor,
  userId: string,
  memoId: string,
  change: { delta: number; seq: number },
): Promise<void> {
  await db
    .updateTable("memos")
    .set({ priority: sql<number>`priority + ${change.delta}`, seq: change.seq })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}

/** Where a page ends: the sort-key values of its last memo (see `memoPageKey`) and its id. */
export interface PagePosition {
  values: number[];
  id: string;
}

interface SortColumn {
  expr: RawBuilder<number>;
  isDescending: boolean;
}

/**
 * The ORDER BY of a sort mode, before the id: the same order as the domain's `memoSortKey`.
 * `todayStart` (epoch ms) decides which memos count as reviewed today.
 */
function sortColumns(mode: SortMode, todayStart: number): SortColumn[] {
  const createdAt = sql<number>`created_at`;
  const reviewedToday = sql<number>`(case when last_reviewed_at >= ${todayStart} then ${sql.lit(REVIEWED_TODAY_SHIFT)} else 0 end)`;
  switch (mode) {
    case "latest":
      return [{ expr: createdAt, isDescending: true }];
    case "oldest":
      return [{ expr: createdAt, isDescending: false }];
    case "priority":
      return [
        { expr: sql<number>`priority`, isDescending: true },
        { expr: createdAt, isDescending: true },
      ];
    case "review_count_asc":
      return [
        { expr: sql<number>`review_count + ${reviewedToday}`, isDescending: false },
        { expr: createdAt, isDescending: true },
      ];
    case "review_count_desc":
      return [
        { expr: sql<number>`review_count - ${reviewedToday}`, isDescending: true },
        { expr: createdAt, isDescending: true },
      ];
    case "repetition_value":
      return [{ expr: sql<number>`due_key`, isDescending: false }];
  }
}

/** How many key values a page position of `mode` carries. */
export function pageKeyLength(mode: SortMode): number {
  return sortColumns(mode, 0).length;
}

type PageQuery = ReturnType<typeof buildPageQuery>;

/**
 * The page query of one sort mode, with or without a cursor, built once (see precompile). Its
 * arguments, in order: userId, folderId, limit, [todayStart for review-count modes], then with a
 * cursor the last row's sort values and id.
 */
function buildPageQuery(mode: SortMode, hasCursor: boolean) {
  const usesToday = mode === "review_count_asc" || mode === "review_count_desc";
  return precompile((db, ...args: Array<string | number>) => {
    let next = 0;
    const take = () => args[next++] as never;
    const userId: string = take();
    const folderId: string = take();
    const limit: number = take();
    const columns = sortColumns(mode, usesToday ? take() : 0);
    // Ties by id in code-unit order on both engines: the id column has the "C" collation on
    // PostgreSQL (see the migration), SQLite compares bytes.
    const id = sql<string>`id`;
    let page = db
      .selectFrom("memos")
      .where("user_id", "=", userId)
      .where("folder_id", "=", folderId);
    if (hasCursor) {
      const values: number[] = columns.map(() => take());
      const afterId: string = take();
      page = page.where((eb) => {
        const branches = [];
        for (let i = 0; i <= columns.length; i += 1) {
          const equal = columns
            .slice(0, i)
            .map((column, j) => eb(column.expr, "=", values[j] ?? 0));
          const column = columns[i];
          branches.push(
            column
              ? eb.and([...equal, eb(column.expr, column.isDescending ? "<" : ">", values[i] ?? 0)])
              : eb.and([...equal, eb(id, ">", afterId)]),
          );
        }
        return eb.or(branches);
      });
    }
    const ordered = (query: typeof page): typeof page => {
      let result = query;
      for (const column of columns) {
        result = result.orderBy(column.expr, column.isDescending ? "desc" : "asc");
      }
      return result.orderBy(id, "asc");
    };
    if (!usesToday) return ordered(page).select(memoSummaryColumns).limit(limit);
    // Review-count modes sort by an expression no index holds, so every memo of the folder is
    // ranked: rank ids on the covering index memos_folder_review_idx first, then read only the
    // page's rows (reading all rows to sort them cost ~3× as much).
    const pageIds = ordered(page).select("id").limit(limit);
    return ordered(
      db.selectFrom("memos").where("user_id", "=", userId).where("id", "in", pageIds),
    ).select(memoSummaryColumns);
  });
}

const pageQueries = new Map<string, PageQuery>();

/**
 * One keyset page of a folder's memos in a sort mode (ties by id), after `page.after` when given.
 * Never OFFSET: the cursor holds the last row's sort values.
 */
export async function selectMemoPage(
  db: Executor,
  userId: string,
  page: {
    folderId: string;
    mode: SortMode;
    todayStart: number;
    after: PagePosition | null;
    limit: number;
  },
): Promise<StoredMemoSummary[]> {
  const key = `${page.mode}:${page.after !== null}`;
  let query = pageQueries.get(key);
  if (!query) {
    query = buildPageQuery(page.mode, page.after !== null);
    pageQueries.set(key, query);
  }
  const usesToday = page.mode === "review_count_asc" || page.mode === "review_count_desc";
  const args: Array<string | number> = [userId, page.folderId, page.limit];
  if (usesToday) args.push(page.todayStart);
  if (page.after) args.push(...page.after.values, page.after.id);
  const rows = await query(db, ...args);
  return rows.map(toStoredMemoSummary);
}
