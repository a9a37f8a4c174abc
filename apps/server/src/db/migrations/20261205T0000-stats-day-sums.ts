import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";
import { type CountFollower, createCountFollowers, dropCountFollowers } from "./count-followers.js";
import { inTransaction } from "./in-transaction.js";

// Issue 14 (cost growth): `GET /api/stats` for a year read every quarter-hour count of the year:
// 32,000 rows of review_quarter_counts and 35,000 of folder_review_quarter_counts for the bench's
// user with 100,000 memos (21 of its 24 ms), against a few thousand for a user with 1,000. Two
// sums make the work follow the number of days asked for instead:
//
// - review_quarter_counts.day_before: the reviews of the same UTC day in the quarters before this
//   one. The reviews of quarters [day start, q) are then the last row before q (its day_before
//   plus its reviews): one seek. A local day is an interval of quarters, so the histogram of a
//   year takes ~2 seeks a day (stats.repo.ts), whatever the number of reviews.
// - folder_review_day_counts: a folder's reviews and passes per UTC day. A range is its whole
//   UTC days plus the quarters of the partial days at its two ends.
//
// Both follow their quarter table through triggers ON that table, so every path that already
// keeps the quarter counts (reviews, undos, sync, imports, moves, deletes: see the two migrations
// that made them) keeps these too. Count rows are deleted only with their user or folder, which
// takes the day rows along (foreign keys), so no delete trigger is needed.

/** Quarters in a UTC day. */
const QUARTERS_PER_DAY = 96;

/** The quarters after `row`'s in its UTC day. */
const laterInDay = (row: string) => `
  user_id = ${row}.user_id AND quarter > ${row}.quarter
  AND quarter < (${row}.quarter / ${QUARTERS_PER_DAY} + 1) * ${QUARTERS_PER_DAY}`;

/** A new quarter row's day_before: the sum of its day's earlier quarters, from the last of them. */
const setDayBefore = `
  UPDATE review_quarter_counts
     SET day_before = COALESCE((
       SELECT earlier.day_before + earlier.reviews FROM review_quarter_counts AS earlier
        WHERE earlier.user_id = NEW.user_id
          AND earlier.quarter >= NEW.quarter / ${QUARTERS_PER_DAY} * ${QUARTERS_PER_DAY}
          AND earlier.quarter < NEW.quarter
        ORDER BY earlier.quarter DESC LIMIT 1), 0)
   WHERE user_id = NEW.user_id AND quarter = NEW.quarter;`;

/** Adds `delta` reviews to the day_before of the quarters after NEW's in its day. */
const addToLaterQuarters = (delta: string) => `
  UPDATE review_quarter_counts SET day_before = day_before + (${delta})
   WHERE ${laterInDay("NEW")};`;

/** Adds `reviews` and `passed` to NEW's folder and UTC day. */
const addToFolderDay = (reviews: string, passed: string) => `
  INSERT INTO folder_review_day_counts (user_id, folder_id, day, reviews, passed)
  VALUES (NEW.user_id, NEW.folder_id, NEW.quarter / ${QUARTERS_PER_DAY}, ${reviews}, ${passed})
  ON CONFLICT (user_id, folder_id, day) DO UPDATE
     SET reviews = folder_review_day_counts.reviews + excluded.reviews,
         passed = folder_review_day_counts.passed + excluded.passed;`;

const followers: CountFollower[] = [
  {
    name: "review_quarter_counts_day_before",
    table: "review_quarter_counts",
    onInsert: `${setDayBefore} ${addToLaterQuarters("NEW.reviews")}`,
    onUpdate: addToLaterQuarters("NEW.reviews - OLD.reviews"),
    updateOf: "reviews",
    when: "NEW.reviews <> OLD.reviews",
  },
  {
    name: "folder_review_day_counts",
    table: "folder_review_quarter_counts",
    onInsert: addToFolderDay("NEW.reviews", "NEW.passed"),
    onUpdate: addToFolderDay("NEW.reviews - OLD.reviews", "NEW.passed - OLD.passed"),
    updateOf: "reviews, passed",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .alterTable("review_quarter_counts")
      .addColumn("day_before", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      UPDATE review_quarter_counts SET day_before = sums.day_before
        FROM (SELECT user_id, quarter,
                     COALESCE(SUM(reviews) OVER (
                       PARTITION BY user_id, quarter / ${sql.lit(QUARTERS_PER_DAY)}
                       ORDER BY quarter ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                       AS day_before
                FROM review_quarter_counts) AS sums
       WHERE review_quarter_counts.user_id = sums.user_id
         AND review_quarter_counts.quarter = sums.quarter`.execute(trx);

    await trx.schema
      .createTable("folder_review_day_counts")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("folder_id", "text", (c) => c.notNull())
      .addColumn("day", "bigint", (c) => c.notNull())
      .addColumn("reviews", "integer", (c) => c.notNull())
      .addColumn("passed", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("folder_review_day_counts_pk", ["user_id", "folder_id", "day"])
      .addForeignKeyConstraint(
        "folder_review_day_counts_folder_fk",
        ["user_id", "folder_id"],
        "folders",
        ["user_id", "id"],
        (c) => c.onDelete("cascade"),
      )
      .$call((table) => (isPostgres(trx) ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
      .execute();
    await sql`
      INSERT INTO folder_review_day_counts (user_id, folder_id, day, reviews, passed)
      SELECT user_id, folder_id, quarter / ${sql.lit(QUARTERS_PER_DAY)}, SUM(reviews), SUM(passed)
        FROM folder_review_quarter_counts
       GROUP BY user_id, folder_id, quarter / ${sql.lit(QUARTERS_PER_DAY)}`.execute(trx);

    await createCountFollowers(trx, followers);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await dropCountFollowers(trx, followers);
    await trx.schema.dropTable("folder_review_day_counts").execute();
    await trx.schema.alterTable("review_quarter_counts").dropColumn("day_before").execute();
  });
}
