import { randomId } from "@mnemo/domain";
import { type Selectable, sql } from "kysely";
import type { Executor } from "./database.js";
import type {
  FoldersTable,
  MemoCompletionsTable,
  MemoFsrsTable,
  MemoReviewsTable,
  MemosTable,
} from "./schema.js";
import type { WriteContext } from "./user-write.js";
import { inValueList } from "./value-list.js";

// The trash (PRODUCT.md › Trash; see the trash migration): a delete copies the rows it is about
// to remove into one trash_items row, then removes them as before, so no read of the live tables
// needs a rule for trashed rows. The memo and folder deletes both write here, so it lives below
// the features.

/** The rows one delete removed, as stored (snake_case, as the tables hold them). */
export interface TrashPayload {
  folders: Selectable<FoldersTable>[];
  memos: Selectable<MemosTable>[];
  reviews: Selectable<MemoReviewsTable>[];
  completions: Selectable<MemoCompletionsTable>[];
  fsrs: Selectable<MemoFsrsTable>[];
}

/** What the trash screen lists of one item. */
export interface TrashListing {
  kind: "memo" | "folder";
  id: string;
  title: string;
  trashedAt: number;
  folderId: string | null;
  folderTitle: string | null;
  memoCount: number;
}

/** A trash item with what it keeps. */
export interface StoredTrashItem extends TrashListing {
  payload: TrashPayload;
}

/** Rows per multi-row insert (SQLite binds at most 32,766 values; a memo row has ~30). */
const INSERT_CHUNK = 200;

/** The memos, reviews, completions and FSRS states of the given memos, read before a delete. */
async function selectMemoRows(
  write: WriteContext,
  memoScope: { memoIds: readonly string[] } | { folderIds: readonly string[] },
): Promise<Omit<TrashPayload, "folders">> {
  const { trx, userId } = write;
  const memoIdsOf = () => {
    const query = trx.selectFrom("memos").select("id").where("user_id", "=", userId);
    return "memoIds" in memoScope
      ? query.where(inValueList(trx, "id", memoScope.memoIds))
      : query.where(inValueList(trx, "folder_id", memoScope.folderIds));
  };
  const memos = await trx
    .selectFrom("memos")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "in", memoIdsOf())
    .execute();
  const reviews = await trx
    .selectFrom("memo_reviews")
    .selectAll()
    .where("user_id", "=", userId)
    .where("memo_id", "in", memoIdsOf())
    .execute();
  const completions = await trx
    .selectFrom("memo_completions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("memo_id", "in", memoIdsOf())
    .execute();
  const fsrs = await trx
    .selectFrom("memo_fsrs")
    .selectAll()
    .where("user_id", "=", userId)
    .where("memo_id", "in", memoIdsOf())
    .execute();
  return { memos, reviews, completions, fsrs };
}

async function folderTitle(write: WriteContext, folderId: string | null): Promise<string | null> {
  if (folderId === null) return null;
  const row = await write.trx
    .selectFrom("folders")
    .select("title")
    .where("user_id", "=", write.userId)
    .where("id", "=", folderId)
    .executeTakeFirst();
  return row?.title ?? null;
}

async function insertTrashItem(
  write: WriteContext,
  item: Omit<TrashListing, "trashedAt" | "memoCount">,
  payload: TrashPayload,
): Promise<void> {
  const { trx, userId, now } = write;
  const values = {
    title: item.title,
    folder_id: item.folderId,
    folder_title: item.folderTitle,
    memo_count: payload.memos.length,
    trashed_at: now,
    payload: JSON.stringify(payload),
    contents: payload.memos.map((memo) => memo.contents).join("\n"),
  };
  await trx
    .insertInto("trash_items")
    .values({ user_id: userId, kind: item.kind, id: item.id, ...values })
    // A memo restored and deleted again replaces its older trash item.
    .onConflict((oc) => oc.columns(["user_id", "kind", "id"]).doUpdateSet(values))
    .execute();
}

/**
 * Keeps a copy of the memo (with its reviews, completions and FSRS state) in the trash; call it
 * in the delete's write, before the delete. False when the user has no such memo.
 */
export async function trashMemoRows(write: WriteContext, memoId: string): Promise<boolean> {
  const rows = await selectMemoRows(write, { memoIds: [memoId] });
  const [memo] = rows.memos;
  if (!memo) return false;
  await insertTrashItem(
    write,
    {
      kind: "memo",
      id: memoId,
      title: memo.title,
      folderId: memo.folder_id,
      folderTitle: await folderTitle(write, memo.folder_id),
    },
    { folders: [], ...rows },
  );
  return true;
}

/**
 * Keeps a copy of the folder, its sub-folders (`folderIds`, the folder first) and all their memos
 * in the trash as one item; call it in the delete's write, before the delete.
 */
export async function trashFolderRows(
  write: WriteContext,
  folderIds: readonly string[],
): Promise<void> {
  const { trx, userId } = write;
  const folders = await trx
    .selectFrom("folders")
    .selectAll()
    .where("user_id", "=", userId)
    .where(inValueList(trx, "id", folderIds))
    .execute();
  const top = folders.find((folder) => folder.id === folderIds[0]);
  if (!top) return;
  const rows = await selectMemoRows(write, { folderIds });
  await insertTrashItem(
    write,
    {
      kind: "folder",
      id: top.id,
      title: top.title,
      folderId: top.parent_folder_id,
      folderTitle: await folderTitle(write, top.parent_folder_id),
    },
    { folders, ...rows },
  );
}

const listingColumns = [
  "kind",
  "id",
  "title",
  "trashed_at",
  "folder_id",
  "folder_title",
  "memo_count",
] as const;

function toListing(row: {
  kind: string;
  id: string;
  title: string;
  trashed_at: number;
  folder_id: string | null;
  folder_title: string | null;
  memo_count: number;
}): TrashListing {
  return {
    kind: row.kind as TrashListing["kind"],
    id: row.id,
    title: row.title,
    trashedAt: row.trashed_at,
    folderId: row.folder_id,
    folderTitle: row.folder_title,
    memoCount: row.memo_count,
  };
}

/** The user's trash, newest delete first (ties by kind and id, so the order is stable). */
export async function selectTrashListing(db: Executor, userId: string): Promise<TrashListing[]> {
  const rows = await db
    .selectFrom("trash_items")
    .select(listingColumns)
    .where("user_id", "=", userId)
    .orderBy("trashed_at", "desc")
    .orderBy("kind")
    .orderBy("id")
    .execute();
  return rows.map(toListing);
}

/** One item of the user's trash with its payload, or undefined. */
export async function selectTrashItem(
  db: Executor,
  userId: string,
  kind: TrashListing["kind"],
  id: string,
): Promise<StoredTrashItem | undefined> {
  const row = await db
    .selectFrom("trash_items")
    .select([...listingColumns, "payload"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { ...toListing(row), payload: JSON.parse(row.payload) as TrashPayload };
}

/**
 * Removes trash items of the user (all of them without `item`); answers the removed items' memo
 * contents joined, for the image clean-up.
 */
export async function deleteTrashItems(
  db: Executor,
  userId: string,
  item?: { kind: TrashListing["kind"]; id: string },
): Promise<string[]> {
  const rows = await db
    .deleteFrom("trash_items")
    .where("user_id", "=", userId)
    .$if(item !== undefined, (qb) =>
      qb.where("kind", "=", item?.kind ?? "").where("id", "=", item?.id ?? ""),
    )
    .returning("contents")
    .execute();
  return rows.map((row) => row.contents);
}

/** Up to `limit` trash items deleted before `trashedBefore`, any user's, oldest first. */
export async function selectExpiredTrashItems(
  db: Executor,
  trashedBefore: number,
  limit: number,
): Promise<{ userId: string; kind: TrashListing["kind"]; id: string }[]> {
  const rows = await db
    .selectFrom("trash_items")
    .select(["user_id", "kind", "id"])
    .where("trashed_at", "<", trashedBefore)
    .orderBy("trashed_at")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    kind: row.kind as TrashListing["kind"],
    id: row.id,
  }));
}

/** Which of the folder ids the user has (live). */
export async function selectLiveFolderIds(
  db: Executor,
  userId: string,
  folderIds: readonly string[],
): Promise<Set<string>> {
  if (folderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("folders")
    .select("id")
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", folderIds))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Which of `ids` the user's rows of `table` hold in `column` now. The opIds of reviews and
 * completions, and the un-complete opIds of undone completions, are each unique per user.
 */
async function takenIds(
  write: WriteContext,
  { table, column }: OpIdColumn,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { trx, userId } = write;
  const found = await sql<{ taken: string }>`
    select ${sql.ref(column)} as taken from ${sql.table(table)}
     where user_id = ${userId} and ${inValueList(trx, column, ids)}`.execute(trx);
  return new Set(found.rows.map((row) => row.taken));
}

type OpIdColumn =
  | { table: "memo_reviews"; column: "op_id" }
  | { table: "memo_completions"; column: "op_id" | "undo_op_id" };

/** The rows, each under a new opId when the user has a row with its opId now. */
async function keysTaken<R extends { op_id: string }>(
  write: WriteContext,
  table: OpIdColumn["table"],
  rows: readonly R[],
): Promise<R[]> {
  const ids = rows.map((row) => row.op_id);
  const taken = await takenIds(write, { table, column: "op_id" }, ids);
  return rows.map((row) => (taken.has(row.op_id) ? { ...row, op_id: randomId() } : row));
}

/**
 * The completions, each undone under a new un-complete opId when the user has a completion undone
 * under its un-complete opId now.
 */
async function undoKeysTaken(
  write: WriteContext,
  rows: readonly Selectable<MemoCompletionsTable>[],
): Promise<Selectable<MemoCompletionsTable>[]> {
  const ids = rows.flatMap((row) => (row.undo_op_id === null ? [] : [row.undo_op_id]));
  const taken = await takenIds(write, { table: "memo_completions", column: "undo_op_id" }, ids);
  return rows.map((row) =>
    row.undo_op_id !== null && taken.has(row.undo_op_id) ? { ...row, undo_op_id: randomId() } : row,
  );
}

/**
 * Puts the kept rows back, stamped with the write's `seq` so the change feed sends them again, and
 * removes their tombstones (they are live again). Folders are inserted parents first; the caller
 * chose each row's folder (and a top folder's parent) and removes the trash item.
 */
export async function insertRestoredRows(
  write: WriteContext,
  payload: TrashPayload,
): Promise<void> {
  const { trx, userId, seq } = write;
  const pending = [...payload.folders];
  const inserted = new Set<string>();
  while (pending.length > 0) {
    const index = pending.findIndex(
      (folder) =>
        folder.parent_folder_id === null ||
        inserted.has(folder.parent_folder_id) ||
        !pending.some((other) => other.id === folder.parent_folder_id),
    );
    const [folder] = pending.splice(index === -1 ? 0 : index, 1);
    if (!folder) break;
    await trx
      .insertInto("folders")
      .values({ ...folder, seq })
      .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
      .execute();
    inserted.add(folder.id);
  }
  const memos = payload.memos.map((memo) => ({ ...memo, seq }));
  for (let start = 0; start < memos.length; start += INSERT_CHUNK) {
    await trx
      .insertInto("memos")
      .values(memos.slice(start, start + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
      .execute();
  }
  // A review's or completion's opId, or the opId of the un-complete that undid a completion, may
  // have been taken since the delete (a replayed op applies to another memo once the row is
  // gone): such a row comes back under a new opId, so the memo's counters still equal its rows
  // and the opId keeps naming what took it.
  const reviews = await keysTaken(write, "memo_reviews", payload.reviews);
  for (let start = 0; start < reviews.length; start += INSERT_CHUNK * 4) {
    await trx
      .insertInto("memo_reviews")
      .values(reviews.slice(start, start + INSERT_CHUNK * 4))
      .execute();
  }
  const completions = await undoKeysTaken(
    write,
    await keysTaken(write, "memo_completions", payload.completions),
  );
  for (let start = 0; start < completions.length; start += INSERT_CHUNK * 4) {
    await trx
      .insertInto("memo_completions")
      .values(completions.slice(start, start + INSERT_CHUNK * 4))
      .execute();
  }
  for (let start = 0; start < payload.fsrs.length; start += INSERT_CHUNK * 2) {
    await trx
      .insertInto("memo_fsrs")
      .values(payload.fsrs.slice(start, start + INSERT_CHUNK * 2))
      .onConflict((oc) => oc.columns(["user_id", "memo_id"]).doNothing())
      .execute();
  }
  const tombstoned = [
    ...payload.folders.map((folder) => ({ kind: "folder", id: folder.id })),
    ...payload.memos.map((memo) => ({ kind: "memo", id: memo.id })),
  ];
  for (const kind of ["folder", "memo"] as const) {
    const ids = tombstoned.filter((row) => row.kind === kind).map((row) => row.id);
    for (let start = 0; start < ids.length; start += 500) {
      await trx
        .deleteFrom("sync_tombstones")
        .where("user_id", "=", userId)
        .where("kind", "=", kind)
        .where(inValueList(trx, "id", ids.slice(start, start + 500)))
        .execute();
    }
  }
}
