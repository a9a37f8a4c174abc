import { type Kysely, sql } from "kysely";
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

/** Which memos of the folders on home a scan leaves out. */
export interface HomeMemoFilter {
  /** Folders whose memos are left out (the review queue's FSRS folders). */
  excludeFolderIds?: readonly string[];
  /**
   * Folders with the completion feature: their completed memos leave the list (the domain's
   * `isHomeListEligible`).
   */
  completionFolderIds?: readonly string[];
}

/** The ids of the user's folders shown on home that have the completion feature. */
export async function selectHomeCompletionFolderIds(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("folders")
    .select("id")
    .where("user_id", "=", userId)
    .where("show_at_home_review_list", "=", 1)
    .where("enable_completion_feature", "=", 1)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The `limit` most due memos among those with this home repetition value: a range scan of
 * memos_home_idx (user_id, home_rv, due_key, id) in due-key order, highest score first. With
 * `dueKeyFloor`, only due keys ≥ it; with `after`, only rows after that (due key, id) in scan
 * order (the next batch of the same scan).
 */
export async function selectMostDueMemos(
  db: Kysely<Database>,
  userId: string,
  homeRv: number,
  limit: number,
  filter: HomeMemoFilter = {},
  range: { dueKeyFloor?: number; after?: { dueKey: number; id: string } } = {},
): Promise<HomeMemo[]> {
  const rows = await scopedHomeMemos(db, userId, filter)
    .select([...memoSummaryColumns, "home_rv"])
    .where("home_rv", "=", homeRv)
    .$if(range.dueKeyFloor !== undefined, (qb) => qb.where("due_key", ">=", range.dueKeyFloor ?? 0))
    .$call((qb) => {
      const after = range.after;
      if (!after) return qb;
      return qb.where((eb) =>
        eb.or([
          eb("due_key", ">", after.dueKey),
          eb.and([eb("due_key", "=", after.dueKey), eb("id", ">", after.id)]),
        ]),
      );
    })
    .orderBy("due_key")
    // Ties by id in code-unit order: the column has the "C" collation on PostgreSQL.
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toStoredMemoSummary(row), homeRv: row.home_rv ?? 0 }));
}

/**
 * How many memos the home review list holds (all pages), by the same rule as the scans: the memos
 * of the folders on home, less the completed ones of folders with the completion feature. Read
 * from the per-folder counts the triggers keep (`folder_memo_counts`), so it costs a row per
 * folder, not a row per memo.
 */
export async function countHomeMemos(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("folder_memo_counts as c")
    .innerJoin("folders as f", (join) =>
      join.onRef("f.user_id", "=", "c.user_id").onRef("f.id", "=", "c.folder_id"),
    )
    .select(
      sql<
        number | string | null
      >`sum(c.memos - case when f.enable_completion_feature = 1 then c.completed else 0 end)`.as(
        "count",
      ),
    )
    .where("c.user_id", "=", userId)
    .where("f.show_at_home_review_list", "=", 1)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The user's memos less those `filter` leaves out: the eligibility rule of the scans.
 * `countHomeMemos` sums the same rule from per-folder counts; home-total.routes.test.ts holds the
 * two equal.
 */
function scopedHomeMemos(db: Kysely<Database>, userId: string, filter: HomeMemoFilter) {
  const excluded = filter.excludeFolderIds ?? [];
  const completion = filter.completionFolderIds ?? [];
  return db
    .selectFrom("memos")
    .where("user_id", "=", userId)
    .$if(excluded.length > 0, (qb) => qb.where("folder_id", "not in", excluded))
    .$if(completion.length > 0, (qb) =>
      qb.where((eb) =>
        eb.or([eb("completed_count", "=", 0), eb("folder_id", "not in", completion)]),
      ),
    );
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
