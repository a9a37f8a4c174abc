import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// The FSRS scheduler (issue 9 › The scheduler).
//
// - folders.scheduler ('repetition' | 'fsrs') and folders.desired_retention (0.70…0.99).
// - memo_reviews.grade (1…4, null: none given) and memo_reviews.undone_at (epoch ms an undo of
//   the review took it back; null while it counts). Rows are never deleted, so a replayed review
//   after its undo finds its row and stays undone.
// - memo_fsrs: the FSRS state derived from a memo's counting review rows, one row per memo of an
//   FSRS folder (none in repetition folders). A table of its own rather than columns of memos:
//   on SQLite an added column lands after memos.contents, which long texts push into overflow
//   pages every list would then walk, and rebuilding memos here could drop columns other
//   migrations of the same days add. It repeats the memo's folder_id (written with the state,
//   and a move derives the state again), so the review queue finds a folder's due memos on
//   memo_fsrs_folder_due_idx and the home list's on memo_fsrs_due_idx without reading memos.
// - fsrs_parameters: a user's optimized weights and their latest optimization run.
export async function up(db: Kysely<unknown>): Promise<void> {
  const idType = isPostgres(db) ? sql`text collate "C"` : sql`text`;

  await db.schema
    .alterTable("folders")
    .addColumn("scheduler", "text", (c) => c.notNull().defaultTo("repetition"))
    .execute();
  await db.schema
    .alterTable("folders")
    .addColumn("desired_retention", "double precision", (c) => c.notNull().defaultTo(0.9))
    .execute();

  await db.schema.alterTable("memo_reviews").addColumn("grade", "integer").execute();
  await db.schema.alterTable("memo_reviews").addColumn("undone_at", "bigint").execute();

  await db.schema
    .createTable("memo_fsrs")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("memo_id", idType, (c) => c.notNull())
    .addColumn("folder_id", "text", (c) => c.notNull())
    // 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs' State).
    .addColumn("state", "integer", (c) => c.notNull())
    .addColumn("stability", "double precision", (c) => c.notNull())
    .addColumn("difficulty", "double precision", (c) => c.notNull())
    .addColumn("due", "bigint", (c) => c.notNull())
    .addColumn("lapses", "integer", (c) => c.notNull())
    .addColumn("reps", "integer", (c) => c.notNull())
    .addColumn("learning_steps", "integer", (c) => c.notNull())
    .addColumn("last_review", "bigint")
    .addPrimaryKeyConstraint("memo_fsrs_pk", ["user_id", "memo_id"])
    .addForeignKeyConstraint(
      "memo_fsrs_memo_fk",
      ["user_id", "memo_id"],
      "memos",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  // The queue ranks the due memos by stability and last review: in the index, no row reads.
  await db.schema
    .createIndex("memo_fsrs_due_idx")
    .on("memo_fsrs")
    .columns(["user_id", "due", "stability", "last_review", "folder_id", "memo_id"])
    .execute();
  await db.schema
    .createIndex("memo_fsrs_folder_due_idx")
    .on("memo_fsrs")
    .columns(["user_id", "folder_id", "due", "stability", "last_review", "memo_id"])
    .execute();

  await db.schema
    .createTable("fsrs_parameters")
    .addColumn("user_id", "text", (c) =>
      c.notNull().primaryKey().references("users.id").onDelete("cascade"),
    )
    // JSON array of the 21 FSRS-6 weights; null until an optimization succeeded.
    .addColumn("weights", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // The latest optimization run: 'running' | 'done' | 'failed', null when never run.
    .addColumn("run_status", "text")
    .addColumn("run_started_at", "bigint")
    .addColumn("run_finished_at", "bigint")
    .addColumn("run_review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("run_log_loss_before", "double precision")
    .addColumn("run_log_loss_after", "double precision")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("fsrs_parameters").execute();
  await db.schema.dropTable("memo_fsrs").execute();
  await db.schema.alterTable("memo_reviews").dropColumn("undone_at").execute();
  await db.schema.alterTable("memo_reviews").dropColumn("grade").execute();
  await db.schema.alterTable("folders").dropColumn("desired_retention").execute();
  await db.schema.alterTable("folders").dropColumn("scheduler").execute();
}
