import { sql } from "kysely";
import type { Executor } from "./database.js";
import type { WriteContext } from "./user-write.js";
import { inValueList } from "./value-list.js";

// The tombstones behind the change feed (GET /api/sync/changes); the per-user change counter is
// bumped by userWrite (user-write.ts). Folders and memos both write here, so it lives below the
// features.

/** What a tombstone records the deletion of. */
export type ChangeKind = "folder" | "memo";

/** Records deletions at the write's `seq` (a repeated delete moves the tombstone to the new seq). */
export async function insertTombstones(
  write: WriteContext,
  kind: ChangeKind,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const { trx, userId, seq } = write;
  await trx
    .insertInto("sync_tombstones")
    .values(ids.map((id) => ({ user_id: userId, kind, id, seq })))
    .onConflict((oc) => oc.columns(["user_id", "kind", "id"]).doUpdateSet({ seq }))
    .execute();
}

/**
 * Records the deletion of every memo in the folders at the write's `seq`, read and written by the
 * database (a folder may hold many thousands of memos: none of them passes through the server's
 * memory). Call it before the memos are deleted.
 */
export async function insertMemoTombstonesOfFolders(
  write: WriteContext,
  folderIds: readonly string[],
): Promise<void> {
  if (folderIds.length === 0) return;
  const { trx, userId, seq } = write;
  await trx
    .insertInto("sync_tombstones")
    .columns(["user_id", "kind", "id", "seq"])
    .expression((eb) =>
      eb
        .selectFrom("memos")
        .select([
          "user_id",
          sql<"memo">`'memo'`.as("kind"),
          "id",
          sql<number>`cast(${seq} as bigint)`.as("seq"),
        ])
        // SQLite needs a WHERE in an INSERT … SELECT with an upsert clause (parsing ambiguity).
        .where("user_id", "=", userId)
        .where(inValueList(trx, "folder_id", folderIds)),
    )
    .onConflict((oc) => oc.columns(["user_id", "kind", "id"]).doUpdateSet({ seq }))
    .execute();
}

/** Whether a deletion of this folder or memo is recorded. */
export async function hasTombstone(
  db: Executor,
  userId: string,
  kind: ChangeKind,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("sync_tombstones")
    .select("seq")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}
