import type { Executor } from "./database.js";
import { memoSummaryColumns, type StoredMemoSummary, toStoredMemoSummary } from "./memo-rows.js";
import { inValueList } from "./value-list.js";

/** A memo's list row with its contents (the change feed sends them; search cuts snippets). */
export interface StoredMemoWithContents extends StoredMemoSummary {
  contents: string;
}

/** The user's memos with these ids, contents included, in one query and no particular order. */
export async function selectMemosWithContents(
  db: Executor,
  userId: string,
  memoIds: readonly string[],
): Promise<StoredMemoWithContents[]> {
  if (memoIds.length === 0) return [];
  const rows = await db
    .selectFrom("memos")
    .select([...memoSummaryColumns, "contents"])
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", memoIds))
    .execute();
  return rows.map((row) => ({ ...toStoredMemoSummary(row), contents: row.contents }));
}
