import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";
import { type CountFollower, createCountFollowers, dropCountFollowers } from "./count-followers.js";
import { inTransaction } from "./in-transaction.js";

// Issue 14 (cost growth): the stats screen's true retention per FSRS folder summed each folder's
// day counts of the year: 3,300 rows for the bench's user with 100,000 memos and 10 FSRS folders
// (0.76 ms of the request), against 160 for a user with 1,000. folder_review_block_counts holds
// the same counts per block of 16 UTC days, so a year is ~22 block rows a folder plus the day
// rows of the two partial blocks at its ends (0.22 ms measured on the bench's database; blocks
// of 8 and 32 days measured 0.26 and 0.23).
//
// It follows folder_review_day_counts through triggers on that table (count-followers.ts), as the
// day counts follow the quarter counts: every path that keeps those keeps this.
// Block rows go only with their folder (foreign key), as the day rows do.

/** UTC days in a block; stats.repo.ts reads blocks of the same width. */
const BLOCK_DAYS = 16;

/** Adds `reviews` and `passed` to NEW's folder and block. */
const addToFolderBlock = (reviews: string, passed: string) => `
  INSERT INTO folder_review_block_counts (user_id, folder_id, block, reviews, passed)
  VALUES (NEW.user_id, NEW.folder_id, NEW.day / ${BLOCK_DAYS}, ${reviews}, ${passed})
  ON CONFLICT (user_id, folder_id, block) DO UPDATE
     SET reviews = folder_review_block_counts.reviews + excluded.reviews,
         passed = folder_review_block_counts.passed + excluded.passed;`;

const followers: CountFollower[] = [
  {
    name: "folder_review_block_counts",
    table: "folder_review_day_counts",
    onInsert: addToFolderBlock("NEW.reviews", "NEW.passed"),
    onUpdate: addToFolderBlock("NEW.reviews - OLD.reviews", "NEW.passed - OLD.passed"),
    updateOf: "reviews, passed",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("folder_review_block_counts")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("folder_id", "text", (c) => c.notNull())
      .addColumn("block", "bigint", (c) => c.notNull())
      .addColumn("reviews", "integer", (c) => c.notNull())
      .addColumn("passed", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("folder_review_block_counts_pk", ["user_id", "folder_id", "block"])
      .addForeignKeyConstraint(
        "folder_review_block_counts_folder_fk",
        ["user_id", "folder_id"],
        "folders",
        ["user_id", "id"],
        (c) => c.onDelete("cascade"),
      )
      .$call((table) => (isPostgres(trx) ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
      .execute();
    await sql`
      INSERT INTO folder_review_block_counts (user_id, folder_id, block, reviews, passed)
      SELECT user_id, folder_id, day / ${sql.lit(BLOCK_DAYS)}, SUM(reviews), SUM(passed)
        FROM folder_review_day_counts
       GROUP BY user_id, folder_id, day / ${sql.lit(BLOCK_DAYS)}`.execute(trx);

    await createCountFollowers(trx, followers);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await dropCountFollowers(trx, followers);
    await trx.schema.dropTable("folder_review_block_counts").execute();
  });
}
