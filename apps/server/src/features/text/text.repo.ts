import type { Executor } from "../../db/database.js";

/** The user's stored scratch text. */
export interface StoredScratchText {
  contents: string;
  updatedAt: number;
}

/** The user's scratch text, or undefined before the first save. */
export async function selectScratchText(
  db: Executor,
  userId: string,
): Promise<StoredScratchText | undefined> {
  const row = await db
    .selectFrom("scratch_texts")
    .select(["contents", "updated_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && { contents: row.contents, updatedAt: row.updated_at };
}

/** Stores the user's scratch text, replacing the one saved before. */
export async function upsertScratchText(
  db: Executor,
  userId: string,
  text: StoredScratchText,
): Promise<void> {
  await db
    .insertInto("scratch_texts")
    .values({ user_id: userId, contents: text.contents, updated_at: text.updatedAt })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ contents: text.contents, updated_at: text.updatedAt }),
    )
    .execute();
}
