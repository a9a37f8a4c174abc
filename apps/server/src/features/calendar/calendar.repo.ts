import type { CalendarEvent as MemoEvent } from "@mnemo/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** The user's memos created in [start, end), oldest first. */
export async function selectCreatedMemos(
  db: Kysely<Database>,
  userId: string,
  start: number,
  end: number,
): Promise<MemoEvent[]> {
  const rows = await db
    .selectFrom("memos")
    .select(["id", "title", "folder_id", "created_at"])
    .where("user_id", "=", userId)
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    memoId: row.id,
    title: row.title,
    folderId: row.folder_id,
    at: row.created_at,
  }));
}

/** The user's reviews in [start, end) that were not undone, with their memo, oldest first. */
export async function selectReviews(
  db: Kysely<Database>,
  userId: string,
  start: number,
  end: number,
): Promise<MemoEvent[]> {
  const rows = await db
    .selectFrom("memo_reviews as r")
    .innerJoin("memos as m", (join) =>
      join.onRef("m.user_id", "=", "r.user_id").onRef("m.id", "=", "r.memo_id"),
    )
    .select(["r.memo_id", "m.title", "m.folder_id", "r.reviewed_at"])
    .where("r.user_id", "=", userId)
    .where("r.reviewed_at", ">=", start)
    .where("r.reviewed_at", "<", end)
    // An undone review (the review session's undo) never happened.
    .where("r.undone_at", "is", null)
    .orderBy("r.reviewed_at")
    .execute();
  return rows.map((row) => ({
    memoId: row.memo_id,
    title: row.title,
    folderId: row.folder_id,
    at: row.reviewed_at,
  }));
}

/** The user's completions in [start, end) that were not undone, with their memo, oldest first. */
export async function selectCompletions(
  db: Kysely<Database>,
  userId: string,
  start: number,
  end: number,
): Promise<MemoEvent[]> {
  const rows = await db
    .selectFrom("memo_completions as c")
    .innerJoin("memos as m", (join) =>
      join.onRef("m.user_id", "=", "c.user_id").onRef("m.id", "=", "c.memo_id"),
    )
    .select(["c.memo_id", "m.title", "m.folder_id", "c.completed_at"])
    .where("c.user_id", "=", userId)
    .where("c.completed_at", ">=", start)
    .where("c.completed_at", "<", end)
    .where("c.undone_at", "is", null)
    .orderBy("c.completed_at")
    .execute();
  return rows.map((row) => ({
    memoId: row.memo_id,
    title: row.title,
    folderId: row.folder_id,
    at: row.completed_at,
  }));
}
