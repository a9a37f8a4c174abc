import { type RawBuilder, sql } from "kysely";
import type { ChangeKind } from "../../db/change-log.repo.js";
import type { Executor } from "../../db/database.js";
import { type StoredFolder, toStoredFolder } from "../../db/folder-rows.js";

export type { ChangeKind };

/**
 * A change's place in the feed: ordered by seq, then kind ('folder' before 'memo'), then id in
 * code-unit order (the ids' "C" collation on PostgreSQL; SQLite compares bytes).
 */
export interface ChangeKey {
  seq: number;
  kind: ChangeKind;
  id: string;
}

/** A change's place and whether it is a deletion (a tombstone) or an upsert (a live row). */
export interface ChangeEntry extends ChangeKey {
  isDeletion: boolean;
}

/**
 * Rows of a table of one kind (folders, memos) after `after` in feed order: at a later seq, or at
 * the same seq after it by kind, then id. A row-value comparison keeps it one range of the
 * (user_id, seq, id) index on both engines (no OR of ranges).
 */
function afterInTable(kind: ChangeKind, after: ChangeKey): RawBuilder<boolean> {
  if (after.kind < kind) return sql<boolean>`seq >= ${after.seq}`;
  if (after.kind > kind) return sql<boolean>`seq > ${after.seq}`;
  return sql<boolean>`(seq, id) > (${after.seq}, ${after.id})`;
}

/** Tombstones after `after` in feed order: one range of the (user_id, seq, kind, id) index. */
function afterInTombstones(after: ChangeKey): RawBuilder<boolean> {
  return sql<boolean>`(seq, kind, id) > (${after.seq}, ${after.kind}, ${after.id})`;
}

/**
 * The first `limit` changes of each source after `after` (null: from the beginning), in feed
 * order, read from the (user_id, seq, …) indexes alone. The caller merges them: the first
 * `limit` of the union are the page.
 */
export async function selectChangeKeys(
  db: Executor,
  userId: string,
  after: ChangeKey | null,
  limit: number,
): Promise<ChangeEntry[]> {
  const folders = await db
    .selectFrom("folders")
    .select(["seq", "id"])
    .where("user_id", "=", userId)
    .$if(after !== null, (qb) => qb.where(afterInTable("folder", after as ChangeKey)))
    .orderBy("seq")
    .orderBy("id")
    .limit(limit)
    .execute();
  const memos = await db
    .selectFrom("memos")
    .select(["seq", "id"])
    .where("user_id", "=", userId)
    .$if(after !== null, (qb) => qb.where(afterInTable("memo", after as ChangeKey)))
    .orderBy("seq")
    .orderBy("id")
    .limit(limit)
    .execute();
  const tombstones = await db
    .selectFrom("sync_tombstones")
    .select(["seq", "kind", "id"])
    .where("user_id", "=", userId)
    .$if(after !== null, (qb) => qb.where(afterInTombstones(after as ChangeKey)))
    .orderBy("seq")
    .orderBy("kind")
    .orderBy("id")
    .limit(limit)
    .execute();
  return [
    ...folders.map((row) => ({ ...row, kind: "folder" as const, isDeletion: false })),
    ...memos.map((row) => ({ ...row, kind: "memo" as const, isDeletion: false })),
    ...tombstones.map((row) => ({ ...row, isDeletion: true })),
  ];
}

/** How many changes follow `after`, counted on the (user_id, seq, …) indexes. */
export async function countChangesAfter(
  db: Executor,
  userId: string,
  after: ChangeKey,
): Promise<number> {
  const count = sql<number | string>`count(*)`.as("n");
  const [folders, memos, tombstones] = [
    await db
      .selectFrom("folders")
      .select(count)
      .where("user_id", "=", userId)
      .where(afterInTable("folder", after))
      .executeTakeFirstOrThrow(),
    await db
      .selectFrom("memos")
      .select(count)
      .where("user_id", "=", userId)
      .where(afterInTable("memo", after))
      .executeTakeFirstOrThrow(),
    await db
      .selectFrom("sync_tombstones")
      .select(count)
      .where("user_id", "=", userId)
      .where(afterInTombstones(after))
      .executeTakeFirstOrThrow(),
  ];
  // PostgreSQL's count(*) is a bigint; pg hands it over as a string.
  return Number(folders.n) + Number(memos.n) + Number(tombstones.n);
}

/** Every folder of the user (their tree fields need all of them). */
export async function selectAllFolders(db: Executor, userId: string): Promise<StoredFolder[]> {
  const rows = await db.selectFrom("folders").selectAll().where("user_id", "=", userId).execute();
  return rows.map(toStoredFolder);
}
