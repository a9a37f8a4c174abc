import { ROOT_FOLDER_ID } from "@mnemo/domain";
import { nextChangeSeq } from "./change-log.repo.js";
import type { Db, Executor } from "./database.js";

/**
 * Creates the user's root folder (PRODUCT.md › Root folder: id `root`, pinned in the side
 * navigation) if missing, stamped with the change `seq` of the calling transaction (see
 * nextChangeSeq). Both folders and memos need it on first use, so it lives below the features.
 */
export async function insertRootFolderIfMissing(
  db: Executor,
  userId: string,
  now: number,
  seq: number,
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
      seq,
    })
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .execute();
}

/**
 * Creates the user's root folder if missing, in a write transaction of its own (for reads that
 * find it missing: the root folder is a change the feed must carry like any other).
 */
export async function ensureRootFolder(
  db: Db["kysely"],
  userId: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertRootFolderIfMissing(trx, userId, now, await nextChangeSeq(trx, userId));
  });
}
