import type { Executor } from "../../db/database.js";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import { inValueList } from "../../db/value-list.js";

/** A memo of a result page: its list row and its contents (for the snippet). */
export interface StoredSearchMemo extends StoredMemoSummary {
  contents: string;
}

/** The user's memos with these ids, with their contents, in no particular order. */
export async function selectSearchMemos(
  db: Executor,
  userId: string,
  memoIds: readonly string[],
): Promise<StoredSearchMemo[]> {
  if (memoIds.length === 0) return [];
  const rows = await db
    .selectFrom("memos")
    .select([...memoSummaryColumns, "contents"])
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", memoIds))
    .execute();
  return rows.map((row) => ({ ...toStoredMemoSummary(row), contents: row.contents }));
}
