import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";
import { inTransaction } from "./in-transaction.js";
import { createSqliteTriggers, dropSqliteTriggers } from "./sqlite-triggers.js";

// Issue 14 (cost growth): `GET /api/home/review-list` answered its `total` with a COUNT over every
// memo of the folders on home: 3.2 ms of the request's 5 ms at 100,000 memos, 3.2× the time of a
// user with 1,000.
//
// folder_memo_counts: per user and folder, how many memos it holds and how many of them are
// completed (completed_count > 0, what the home list leaves out of a folder with the completion
// feature). The home total sums the counts of the folders on home. Triggers keep them equal to the
// memos, whatever path writes them (create, import, sync, a trash restore, a move, a completion
// or its undo, a delete, cascades included):
// - a memo inserted counts in its folder, a memo deleted leaves it;
// - a memo moved, or completed for the first time or no longer, leaves its old folder's counts
//   and joins its new one's;
// - nothing is written for a folder that is gone: a folder's delete cascading to its memos (an
//   account delete) drops its counts through the foreign key, and on PostgreSQL a write to a count
//   row written earlier in the transaction checks its foreign key again, which then fails.
// A later migration that rebuilds memos on SQLite must create these triggers again.

/** 1 when the memo `row` counts as completed, else 0. */
const completedOf = (row: string) => `CASE WHEN ${row}.completed_count > 0 THEN 1 ELSE 0 END`;

/** Adds (`sign` 1) or takes out (-1) the memo `row` (of memos) in its folder's counts. */
const countMemo = (row: string, sign: 1 | -1) => `
  INSERT INTO folder_memo_counts (user_id, folder_id, memos, completed)
  SELECT ${row}.user_id, ${row}.folder_id, ${sign}, ${sign} * ${completedOf(row)}
   WHERE EXISTS (SELECT 1 FROM folders WHERE user_id = ${row}.user_id AND id = ${row}.folder_id)
  ON CONFLICT (user_id, folder_id) DO UPDATE
     SET memos = folder_memo_counts.memos + excluded.memos,
         completed = folder_memo_counts.completed + excluded.completed;`;

/** An update that moves a memo's count: another folder, or completed and no longer (or back). */
const movesCount = (oldRow: string, newRow: string, isDistinct: string) =>
  `${oldRow}.folder_id ${isDistinct} ${newRow}.folder_id
   OR ${completedOf(oldRow)} <> ${completedOf(newRow)}`;

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION folder_memo_counts_follow_memo() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        ${sql.raw(countMemo("OLD", -1))}
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        ${sql.raw(countMemo("NEW", 1))}
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER memos_folder_memo_counts
    AFTER INSERT OR DELETE ON memos
    FOR EACH ROW EXECUTE FUNCTION folder_memo_counts_follow_memo()`.execute(db);
  await sql`
    CREATE TRIGGER memos_folder_memo_counts_update
    AFTER UPDATE OF folder_id, completed_count ON memos
    FOR EACH ROW WHEN (${sql.raw(movesCount("OLD", "NEW", "IS DISTINCT FROM"))})
    EXECUTE FUNCTION folder_memo_counts_follow_memo()`.execute(db);
}

/** The SQLite triggers by name, so `down` drops the same list. */
const sqliteTriggers: Record<string, string> = {
  memos_folder_memo_counts_insert: `
    AFTER INSERT ON memos
    BEGIN ${countMemo("NEW", 1)} END`,
  memos_folder_memo_counts_delete: `
    AFTER DELETE ON memos
    BEGIN ${countMemo("OLD", -1)} END`,
  memos_folder_memo_counts_update: `
    AFTER UPDATE OF folder_id, completed_count ON memos
    WHEN ${movesCount("OLD", "NEW", "IS NOT")}
    BEGIN ${countMemo("OLD", -1)} ${countMemo("NEW", 1)} END`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("folder_memo_counts")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("folder_id", "text", (c) => c.notNull())
      .addColumn("memos", "integer", (c) => c.notNull())
      .addColumn("completed", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("folder_memo_counts_pk", ["user_id", "folder_id"])
      .addForeignKeyConstraint(
        "folder_memo_counts_folder_fk",
        ["user_id", "folder_id"],
        "folders",
        ["user_id", "id"],
        (c) => c.onDelete("cascade"),
      )
      .$call((table) => (isPostgres(trx) ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
      .execute();
    await sql`
      INSERT INTO folder_memo_counts (user_id, folder_id, memos, completed)
      SELECT user_id, folder_id, COUNT(*), SUM(${sql.raw(completedOf("memos"))})
        FROM memos
       GROUP BY user_id, folder_id`.execute(trx);
    if (isPostgres(trx)) {
      await createPostgresTriggers(trx);
    } else {
      await createSqliteTriggers(trx, sqliteTriggers);
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (isPostgres(trx)) {
      await sql`DROP TRIGGER memos_folder_memo_counts_update ON memos`.execute(trx);
      await sql`DROP TRIGGER memos_folder_memo_counts ON memos`.execute(trx);
      await sql`DROP FUNCTION folder_memo_counts_follow_memo()`.execute(trx);
    } else {
      await dropSqliteTriggers(trx, sqliteTriggers);
    }
    await trx.schema.dropTable("folder_memo_counts").execute();
  });
}
