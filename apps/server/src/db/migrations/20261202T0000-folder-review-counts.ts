import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";
import { inTransaction } from "./in-transaction.js";
import { createSqliteTriggers, dropSqliteTriggers } from "./sqlite-triggers.js";

// Issue 9 (speed): the true retention per FSRS folder of `GET /api/stats` read every review of the
// folders' memos in the range: on the bench's year, 38,800 rows of 10,000 memos through 10,000
// index seeks, 40–50 ms of the request's 52.
//
// folder_review_quarter_counts: per user, folder and UTC quarter hour (as review_quarter_counts),
// the counting review rows (not undone) of the memos now in the folder, and how many of them were
// not graded Again (grade 1; a review without a grade counts as passed). The stats screen sums a
// folder's quarters in its range instead of reading the rows; a quarter never straddles a local
// midnight (see review_quarter_counts), so any local day range is exact.
//
// "The memos now in the folder" (Anki counts by the current deck) means the counts follow the
// memo, not the review. Triggers keep them equal to the rows, whatever path writes them (a review,
// an undo, sync, an import, a trash restore, a move, a delete, cascades included):
// - a memo_reviews row inserted, deleted or updated goes in or out of its memo's current folder;
// - a memo moved (folder_id changed) takes its counting rows, grouped by quarter, from the old
//   folder's counts to the new one's;
// - a memo deleted takes its counting rows out of its folder BEFORE the delete. Both engines
//   delete the memo row before its reviews' ON DELETE CASCADE runs, so the reviews' own delete
//   trigger then finds no memo, hence no folder, and changes nothing;
// - a folder deleted drops its counts through the foreign key.
// Rows whose counts fell to 0 stay; readers skip them. A later migration that rebuilds memos or
// memo_reviews on SQLite must create these triggers again.

/** The bucket width, as review_quarter_counts' (15 minutes, in ms). */
const QUARTER_MS = 900_000;

const quarterOf = (time: string) => `CAST(${time} / ${QUARTER_MS} AS BIGINT)`;
/** 1 when a review with this grade counts as passed (anything but Again), else 0. */
const passedOf = (grade: string) => `CASE WHEN ${grade} = 1 THEN 0 ELSE 1 END`;

// Statements of the trigger bodies; `row` is NEW or OLD of the triggering table.

/** Counts the review `row` (of memo_reviews) in its memo's folder. */
const addReview = (row: string) => `
  INSERT INTO folder_review_quarter_counts (user_id, folder_id, quarter, reviews, passed)
  SELECT user_id, folder_id, ${quarterOf(`${row}.reviewed_at`)}, 1, ${passedOf(`${row}.grade`)}
    FROM memos
   WHERE user_id = ${row}.user_id AND id = ${row}.memo_id
  ON CONFLICT (user_id, folder_id, quarter) DO UPDATE
     SET reviews = folder_review_quarter_counts.reviews + 1,
         passed = folder_review_quarter_counts.passed + excluded.passed;`;

/** Takes the review `row` (of memo_reviews) out of its memo's folder, if the memo is there. */
const removeReview = (row: string) => `
  UPDATE folder_review_quarter_counts
     SET reviews = reviews - 1, passed = passed - ${passedOf(`${row}.grade`)}
   WHERE user_id = ${row}.user_id
     AND folder_id = (SELECT folder_id FROM memos WHERE user_id = ${row}.user_id AND id = ${row}.memo_id)
     AND quarter = ${quarterOf(`${row}.reviewed_at`)};`;

/** The counting reviews of the memo `row` (of memos) per quarter. */
const memoReviewsByQuarter = (row: string) => `
  SELECT ${quarterOf("reviewed_at")} AS quarter, COUNT(*) AS reviews,
         SUM(${passedOf("grade")}) AS passed
    FROM memo_reviews
   WHERE user_id = ${row}.user_id AND memo_id = ${row}.id AND undone_at IS NULL
   GROUP BY ${quarterOf("reviewed_at")}`;

/**
 * Adds (`sign` 1) or takes out (-1) the memo `row`'s counting reviews in its folder
 * `row.folder_id`: one upsert per quarter the memo has reviews in, so the work follows the memo's
 * reviews, not the folder's quarters (an UPDATE … FROM the grouped reviews made SQLite read all of
 * the folder's counts). Nothing when the folder is gone: a folder's delete cascading to its memos
 * (an account delete) drops its counts anyway, and on PostgreSQL a write to a count row written
 * earlier in the transaction checks its foreign key again, which fails once the folder is deleted.
 */
const countMemo = (row: string, sign: 1 | -1) => `
  INSERT INTO folder_review_quarter_counts (user_id, folder_id, quarter, reviews, passed)
  SELECT ${row}.user_id, ${row}.folder_id, quarter, ${sign} * reviews, ${sign} * passed
    FROM (${memoReviewsByQuarter(row)}) AS memo
   WHERE EXISTS (SELECT 1 FROM folders WHERE user_id = ${row}.user_id AND id = ${row}.folder_id)
  ON CONFLICT (user_id, folder_id, quarter) DO UPDATE
     SET reviews = folder_review_quarter_counts.reviews + excluded.reviews,
         passed = folder_review_quarter_counts.passed + excluded.passed;`;

/** The review columns a count depends on: an update of any of them moves the row's count. */
const COUNTED_REVIEW_COLUMNS = "undone_at, reviewed_at, grade, memo_id, user_id";

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION folder_review_counts_follow_review() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.undone_at IS NULL THEN
        ${sql.raw(removeReview("OLD"))}
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.undone_at IS NULL THEN
        ${sql.raw(addReview("NEW"))}
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER memo_reviews_folder_counts
    AFTER INSERT OR DELETE OR UPDATE OF ${sql.raw(COUNTED_REVIEW_COLUMNS)} ON memo_reviews
    FOR EACH ROW EXECUTE FUNCTION folder_review_counts_follow_review()`.execute(db);
  // OLD goes on both paths: an AFTER trigger's result is ignored, a BEFORE DELETE one's lets the
  // delete proceed.
  await sql`
    CREATE FUNCTION folder_review_counts_follow_memo() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(countMemo("OLD", -1))}
      IF TG_OP = 'UPDATE' THEN
        ${sql.raw(countMemo("NEW", 1))}
      END IF;
      RETURN OLD;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER memos_folder_review_counts_move
    AFTER UPDATE OF folder_id ON memos
    FOR EACH ROW WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id)
    EXECUTE FUNCTION folder_review_counts_follow_memo()`.execute(db);
  await sql`
    CREATE TRIGGER memos_folder_review_counts_delete
    BEFORE DELETE ON memos
    FOR EACH ROW EXECUTE FUNCTION folder_review_counts_follow_memo()`.execute(db);
}

/** The SQLite triggers by name, so `down` drops the same list. */
const sqliteTriggers: Record<string, string> = {
  memo_reviews_folder_counts_insert: `
    AFTER INSERT ON memo_reviews WHEN NEW.undone_at IS NULL
    BEGIN ${addReview("NEW")} END`,
  memo_reviews_folder_counts_delete: `
    AFTER DELETE ON memo_reviews WHEN OLD.undone_at IS NULL
    BEGIN ${removeReview("OLD")} END`,
  // An undo (undone_at set) takes the row out of the counts; clearing it puts the row back.
  memo_reviews_folder_counts_update_out: `
    AFTER UPDATE OF ${COUNTED_REVIEW_COLUMNS} ON memo_reviews WHEN OLD.undone_at IS NULL
    BEGIN ${removeReview("OLD")} END`,
  memo_reviews_folder_counts_update_in: `
    AFTER UPDATE OF ${COUNTED_REVIEW_COLUMNS} ON memo_reviews WHEN NEW.undone_at IS NULL
    BEGIN ${addReview("NEW")} END`,
  memos_folder_review_counts_move: `
    AFTER UPDATE OF folder_id ON memos WHEN OLD.folder_id IS NOT NEW.folder_id
    BEGIN ${countMemo("OLD", -1)} ${countMemo("NEW", 1)} END`,
  memos_folder_review_counts_delete: `
    BEFORE DELETE ON memos
    BEGIN ${countMemo("OLD", -1)} END`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("folder_review_quarter_counts")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("folder_id", "text", (c) => c.notNull())
      .addColumn("quarter", "bigint", (c) => c.notNull())
      .addColumn("reviews", "integer", (c) => c.notNull())
      .addColumn("passed", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("folder_review_quarter_counts_pk", [
        "user_id",
        "folder_id",
        "quarter",
      ])
      .addForeignKeyConstraint(
        "folder_review_quarter_counts_folder_fk",
        ["user_id", "folder_id"],
        "folders",
        ["user_id", "id"],
        (c) => c.onDelete("cascade"),
      )
      // Stored in key order on SQLite, so a folder's year is one contiguous read.
      .$call((table) => (isPostgres(trx) ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
      .execute();
    await sql`
      INSERT INTO folder_review_quarter_counts (user_id, folder_id, quarter, reviews, passed)
      SELECT r.user_id, m.folder_id, ${sql.raw(quarterOf("r.reviewed_at"))}, COUNT(*),
             SUM(${sql.raw(passedOf("r.grade"))})
        FROM memo_reviews r
        JOIN memos m ON m.user_id = r.user_id AND m.id = r.memo_id
       WHERE r.undone_at IS NULL
       GROUP BY r.user_id, m.folder_id, ${sql.raw(quarterOf("r.reviewed_at"))}`.execute(trx);
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
      await sql`DROP TRIGGER memos_folder_review_counts_delete ON memos`.execute(trx);
      await sql`DROP TRIGGER memos_folder_review_counts_move ON memos`.execute(trx);
      await sql`DROP FUNCTION folder_review_counts_follow_memo()`.execute(trx);
      await sql`DROP TRIGGER memo_reviews_folder_counts ON memo_reviews`.execute(trx);
      await sql`DROP FUNCTION folder_review_counts_follow_review()`.execute(trx);
    } else {
      await dropSqliteTriggers(trx, sqliteTriggers);
    }
    await trx.schema.dropTable("folder_review_quarter_counts").execute();
  });
}
