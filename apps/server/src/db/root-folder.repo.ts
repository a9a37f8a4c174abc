import { ROOT_FOLDER_ID } from "@mnemo/domain";
import type { Db } from "./database.js";
import { userWrite, type WriteContext } from "./user-write.js";

/**
 * Creates the user's root folder (PRODUCT.md › Root folder: id `root`, pinned in the side navigation) if missing,
 * stamped with the write's change `seq`. Both folders and memos need it on first use, so it lives
 * below the features.
 */
export async function insertRootFolderIfMissing(write: WriteContext): Promise<void> {
  const { trx, userId, now, seq } = write;
  await trx
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
  deps: { db: Db; now: () => number },
  userId: string,
): Promise<void> {
  await userWrite(deps, userId, (_trx, write) => insertRootFolderIfMissing(write));
}
