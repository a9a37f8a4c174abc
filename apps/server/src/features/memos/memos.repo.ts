import type { SortMode } from "@mnemo/domain";
import type { Insertable, Updateable } from "kysely";
import { type Executor, isPostgres } from "../../db/database.js";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import { indexNewMemos, queueMemoForIndexing } from "../../db/memo-search.repo.js";
import { precompile } from "../../db/precompiled.js";
import type { MemosTable } from "../../db/schema.js";
import type { WriteContext } from "../../db/user-write.js";

/** What the memo routes need to know of a folder. */
export interface MemoFolder {
  id: string;
  sortingMethod: SortMode;
  dateRepetitionValue: number;
  readRepetitionValue: number;
  showAtHomeReviewList: boolean;
  /** Only memos of an FSRS folder have a stored FSRS state (see `deriveMemoFsrs`). */
  scheduler: "repetition" | "fsrs";
}

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
  revision: number;
  conflictOf: string | null;
}

function toColumns(fields: Partial<MemoWrite>, seq: number): Updateable<MemosTable> {
  const columns: Updateable<MemosTable> = {};
  if (fields.folderId !== undefined) columns.folder_id = fields.folderId;
  if (fields.title !== undefined) columns.title = fields.title;
  if (fields.preview !== undefined) columns.preview = fields.preview;
  if (fields.contents !== undefined) columns.contents = fields.contents;
  if (fields.categoryId !== undefined) columns.category_id = fields.categoryId;
  if (fields.category !== undefined) columns.category = fields.category;
  if (fields.type !== undefined) columns.type = fields.type;
  if (fields.tags !== undefined) columns.tags = JSON.stringify(fields.tags);
  if (fields.userName !== undefined) columns.user_name = fields.userName;
  if (fields.flashCardHint !== undefined) columns.flash_card_hint = fields.flashCardHint;
  if (fields.priority !== undefined) columns.priority = fields.priority;
  if (fields.dueKey !== undefined) columns.due_key = fields.dueKey;
  if (fields.homeRv !== undefined) columns.home_rv = fields.homeRv;
  if (fields.updatedAt !== undefined) columns.updated_at = fields.updatedAt;
  columns.seq = seq;
  if (fields.revision !== undefined) columns.revision = fields.revision;
  if (fields.conflictOf !== undefined) columns.conflict_of = fields.conflictOf;
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
      "scheduler",
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
      scheduler: row.scheduler === "fsrs" ? "fsrs" : "repetition",
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

/** Times of a memo's reviews that were not undone, oldest first. */
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
    .where("undone_at", "is", null)
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
 * Inserts a memo unless the user has one with this id, stamped with the write's `seq`, and indexes
 * it for search; true when this call inserted it. Its revision is 1 unless given.
 */
export async function insertMemo(
  write: WriteContext,
  memo: Omit<MemoWrite, "revision"> & { id: string; createdAt: number },
): Promise<boolean> {
  const { trx, userId, seq } = write;
  const values = {
    ...toColumns(memo, seq),
    user_id: userId,
    id: memo.id,
    created_at: memo.createdAt,
  } as Insertable<MemosTable>;
  const inserted = await trx
    .insertInto("memos")
    .values(values)
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) await indexNewMemos(write, [memo]);
  return inserted !== undefined;
}

/** Rows per multi-row insert of {@link insertNewMemos} (about 25 values a row). */
const MEMO_INSERT_CHUNK = 200;

/**
 * Inserts memos the user does not have (the caller checked), many to a statement, each with its
 * review counters, stamped with the write's `seq`, and indexes them for search: the rows
 * {@link insertMemo} and a review's counters make, for an import's thousands of memos.
 */
export async function insertNewMemos(
  write: WriteContext,
  memos: ReadonlyArray<
    Omit<MemoWrite, "revision"> & {
      id: string;
      createdAt: number;
      reviewCount: number;
      accumulatedReviewValue: number;
      lastReviewedAt: number | null;
    }
  >,
): Promise<void> {
  const { trx, userId, seq } = write;
  for (let start = 0; start < memos.length; start += MEMO_INSERT_CHUNK) {
    const chunk = memos.slice(start, start + MEMO_INSERT_CHUNK);
    await trx
      .insertInto("memos")
      .values(
        chunk.map(
          (memo) =>
            ({
              ...toColumns(memo, seq),
              user_id: userId,
              id: memo.id,
              created_at: memo.createdAt,
              review_count: memo.reviewCount,
              accumulated_review_value: memo.accumulatedReviewValue,
              last_reviewed_at: memo.lastReviewedAt,
            }) as Insertable<MemosTable>,
        ),
      )
      .execute();
  }
  await indexNewMemos(write, memos);
}

/**
 * Writes the given fields of a memo, stamped with the write's change `seq`; when a field search
 * reads changes, queues the memo for the search index.
 */
export async function updateMemo(
  write: WriteContext,
  memoId: string,
  fields: Partial<MemoWrite>,
): Promise<void> {
  const { trx, userId, seq } = write;
  await trx
    .updateTable("memos")
    .set(toColumns(fields, seq))
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
  const isSearchedFieldChanged =
    fields.title !== undefined ||
    fields.contents !== undefined ||
    fields.flashCardHint !== undefined ||
    fields.tags !== undefined;
  if (isSearchedFieldChanged) await queueMemoForIndexing(write, memoId);
}

/**
 * Deletes a memo (its reviews and completions go with it); its contents when it existed, and
 * then the caller records its tombstone and deletes the images only it showed.
 */
export async function deleteMemo(
  write: WriteContext,
  memoId: string,
): Promise<{ contents: string } | undefined> {
  const { trx, userId } = write;
  return trx
    .deleteFrom("memos")
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .returning("contents")
    .executeTakeFirst();
}
