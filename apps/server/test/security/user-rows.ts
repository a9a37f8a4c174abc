import type { TestServer } from "../helpers/test-server.js";

/**
 * Every row a user owns in the app's private tables, each table in a stable order, so a test can
 * compare the whole of a user's data before and after something that must not change it.
 */
export async function userRows(server: TestServer, userId: string) {
  const { kysely } = server.db;
  return {
    folders: await kysely
      .selectFrom("folders")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
    memos: await kysely
      .selectFrom("memos")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
    memoReviews: await kysely
      .selectFrom("memo_reviews")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("op_id")
      .execute(),
    memoCompletions: await kysely
      .selectFrom("memo_completions")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("op_id")
      .execute(),
    appliedOps: await kysely
      .selectFrom("applied_ops")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("op_id")
      .execute(),
    memoSearch: await kysely
      .selectFrom("memo_search")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("memo_id")
      .execute(),
    memoSearchQueue: await kysely
      .selectFrom("memo_search_queue")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("memo_id")
      .execute(),
    memoTags: await kysely
      .selectFrom("memo_tags")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("memo_id")
      .orderBy("tag_key")
      .execute(),
    trashItems: await kysely
      .selectFrom("trash_items")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("kind")
      .orderBy("id")
      .execute(),
    scratchTexts: await kysely
      .selectFrom("scratch_texts")
      .selectAll()
      .where("user_id", "=", userId)
      .execute(),
    memoFsrs: await kysely
      .selectFrom("memo_fsrs")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("memo_id")
      .execute(),
    fsrsParameters: await kysely
      .selectFrom("fsrs_parameters")
      .selectAll()
      .where("user_id", "=", userId)
      .execute(),
    // The bytes are known by their hash.
    attachments: await kysely
      .selectFrom("attachments")
      .select(["id", "content_type", "byte_size", "sha256", "created_at", "deleted_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
    imports: await kysely
      .selectFrom("imports")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
  };
}

export type UserRows = Awaited<ReturnType<typeof userRows>>;

/** How many rows of each private table a user owns. */
export function rowCounts(rows: UserRows): Record<keyof UserRows, number> {
  return {
    folders: rows.folders.length,
    memos: rows.memos.length,
    memoReviews: rows.memoReviews.length,
    memoCompletions: rows.memoCompletions.length,
    trashItems: rows.trashItems.length,
    appliedOps: rows.appliedOps.length,
    memoSearch: rows.memoSearch.length,
    memoSearchQueue: rows.memoSearchQueue.length,
    memoTags: rows.memoTags.length,
    scratchTexts: rows.scratchTexts.length,
    memoFsrs: rows.memoFsrs.length,
    fsrsParameters: rows.fsrsParameters.length,
    attachments: rows.attachments.length,
    imports: rows.imports.length,
  };
}
