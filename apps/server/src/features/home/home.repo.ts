import type { Kysely } from "kysely";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import type { Database } from "../../db/schema.js";
import { inValueList } from "../../db/value-list.js";

/** A memo of the home review list: its summary and its folder's repetition value. */
export interface HomeMemo extends StoredMemoSummary {
  /** The date repetition value of its folder (which is shown on home). */
  homeRv: number;
}

/** The distinct date repetition values of the user's folders shown on home. */
export async function selectHomeRepetitionValues(
  db: Kysely<Database>,
  userId: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom("folders")
    .select("date_repetition_value")
    .distinct()
    .where("user_id", "=", userId)
    .where("show_at_home_review_list", "=", 1)
    .execute();
  return rows.map((row) => row.date_repetition_value);
}

/**
 * The `limit` most due memos among those with this home repetition value: a range scan of
 * memos_home_idx (user_id, home_rv, due_key, id) in due-key order, highest score first.
 */
export async function selectMostDueMemos(
  db: Kysely<Database>,
  userId: string,
  homeRv: number,
  limit: number,
  excludeFolderIds: readonly string[] = [],
): Promise<HomeMemo[]> {
  const rows = await db
    .selectFrom("memos")
    .select([...memoSummaryColumns, "home_rv"])
    .where("user_id", "=", userId)
    .where("home_rv", "=", homeRv)
    .$if(excludeFolderIds.length > 0, (qb) => qb.where("folder_id", "not in", excludeFolderIds))
    .orderBy("due_key")
    // Ties by id in code-unit order: the column has the "C" collation on PostgreSQL.
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toStoredMemoSummary(row), homeRv: row.home_rv ?? 0 }));
}

/** Titles of the user's folders with these ids. */
export async function selectFolderTitles(
  db: Kysely<Database>,
  userId: string,
  folderIds: readonly string[],
): Promise<Map<string, string>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("folders")
    .select(["id", "title"])
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", folderIds))
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}
