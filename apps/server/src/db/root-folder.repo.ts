import { ROOT_FOLDER_ID } from "@mnemo/domain";
import type { Executor } from "./database.js";

/**
 * Creates the user's root folder (spec 3: id `root`, pinned in the side navigation) if missing.
 * Both folders and memos need it on first use, so it lives below the features.
 */
export async function insertRootFolderIfMissing(
  db: Executor,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto("folders")
    .values({
      user_id: userId,
      id: ROOT_FOLDER_ID,
      title: "",
      is_in_root: 1,
      side_nav_pinned: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .execute();
}
