import { sql } from "kysely";
import type { Executor } from "./database.js";
import { precompile } from "./precompiled.js";

// The per-user change counter and the tombstones behind the change feed (GET /api/sync/changes).
// Folders and memos both write here, so it lives below the features.

/** What a tombstone records the deletion of. */
export type ChangeKind = "folder" | "memo";

const nextChangeSeqQuery = precompile((db, userId: string) =>
  db
    .insertInto("sync_counters")
    .values({ user_id: userId, seq: 1 })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ seq: sql<number>`sync_counters.seq + 1` }),
    )
    .returning("seq"),
);

/**
 * Bumps the user's change counter and answers the new value: the `seq` a write stamps on every
 * folder, memo and tombstone it changes. Call it as the FIRST statement of every transaction that
 * changes a folder or a memo, and only inside such a transaction.
 *
 * Why first: on PostgreSQL the upsert locks the user's counter row until the transaction ends, so
 * the user's writes take their seq and commit one after another: commit order equals seq order.
 * A reader that sees a row at seq s therefore also sees every change below s, and a client that
 * stored "everything up to s" never misses a change committed later with a smaller seq. Taking
 * this lock before any row lock makes it the one order in which a user's writes lock things, so
 * two writes of one user cannot deadlock. SQLite runs one write transaction at a time anyway.
 * A transaction that turns out to change nothing (a replayed opId) leaves a gap in the sequence;
 * gaps are harmless, only the order matters.
 */
export async function nextChangeSeq(db: Executor, userId: string): Promise<number> {
  const [row] = await nextChangeSeqQuery(db, userId);
  if (!row) throw new Error("the change counter upsert returned no row");
  return row.seq;
}

/** Records deletions at `seq` (a repeated delete moves the tombstone to the new seq). */
export async function insertTombstones(
  db: Executor,
  userId: string,
  kind: ChangeKind,
  ids: readonly string[],
  seq: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto("sync_tombstones")
    .values(ids.map((id) => ({ user_id: userId, kind, id, seq })))
    .onConflict((oc) => oc.columns(["user_id", "kind", "id"]).doUpdateSet({ seq }))
    .execute();
}

/**
 * Records the deletion of every memo in the folders at `seq`, read and written by the database
 * (a folder may hold many thousands of memos: none of them passes through the server's memory).
 * Call it before the memos are deleted.
 */
export async function insertMemoTombstonesOfFolders(
  db: Executor,
  userId: string,
  folderIds: readonly string[],
  seq: number,
): Promise<void> {
  if (folderIds.length === 0) return;
  await db
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
        .where("folder_id", "in", folderIds),
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

/**
 * Forgets the deletion of an id that is created again (clients choose ids): a page of the feed
 * then never holds both a deletion and an upsert of one id.
 */
export async function deleteTombstone(
  db: Executor,
  userId: string,
  kind: ChangeKind,
  id: string,
): Promise<void> {
  await db
    .deleteFrom("sync_tombstones")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("id", "=", id)
    .execute();
}
