import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";
import { inTransaction } from "./in-transaction.js";

// Issue 9 §3 and §4.
//
// review_quarter_counts: how many counting review rows (not undone) each user has per UTC quarter
// hour, kept by triggers on memo_reviews (every path that adds a review row, undoes or restores
// one through undone_at, or deletes one, cascades included, goes through them). `GET /api/stats` groups these by local day instead of every review row: a year
// is at most 35,040 quarters where a heavy user has 400,000 rows, and every UTC offset in use is a
// whole number of quarter hours, so a quarter never straddles a local midnight.
//
// users.reminder_*: the daily reminder settings (null time zone: never set).
// reminder_sends: one row per user and local day whose digest was claimed; inserting it before
// sending is what lets only one of several server processes send that day's digest.

/** The bucket width of review_quarter_counts, in ms (15 minutes). */
const QUARTER_MS = 900_000;

async function createQuarterCountTriggers(db: Kysely<unknown>): Promise<void> {
  const quarter = (row: "NEW" | "OLD") =>
    sql.raw(`CAST(${row}.reviewed_at / ${QUARTER_MS} AS BIGINT)`);
  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION review_quarter_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.undone_at IS NULL THEN
          UPDATE review_quarter_counts SET reviews = reviews - 1
          WHERE user_id = OLD.user_id AND quarter = ${quarter("OLD")};
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.undone_at IS NULL THEN
          INSERT INTO review_quarter_counts (user_id, quarter, reviews)
          VALUES (NEW.user_id, ${quarter("NEW")}, 1)
          ON CONFLICT (user_id, quarter)
          DO UPDATE SET reviews = review_quarter_counts.reviews + 1;
        END IF;
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER memo_reviews_quarter_counts
      AFTER INSERT OR DELETE OR UPDATE OF undone_at, reviewed_at, user_id ON memo_reviews
      FOR EACH ROW EXECUTE FUNCTION review_quarter_counts_track()`.execute(db);
    return;
  }
  const add = (row: "NEW" | "OLD") => sql`
      INSERT INTO review_quarter_counts (user_id, quarter, reviews)
      VALUES (${sql.raw(row)}.user_id, ${quarter(row)}, 1)
      ON CONFLICT (user_id, quarter) DO UPDATE SET reviews = reviews + 1;`;
  const remove = (row: "NEW" | "OLD") => sql`
      UPDATE review_quarter_counts SET reviews = reviews - 1
      WHERE user_id = ${sql.raw(row)}.user_id AND quarter = ${quarter(row)};`;
  await sql`
    CREATE TRIGGER memo_reviews_quarter_insert AFTER INSERT ON memo_reviews
    WHEN NEW.undone_at IS NULL
    BEGIN ${add("NEW")} END`.execute(db);
  await sql`
    CREATE TRIGGER memo_reviews_quarter_delete AFTER DELETE ON memo_reviews
    WHEN OLD.undone_at IS NULL
    BEGIN ${remove("OLD")} END`.execute(db);
  // An undo (undone_at set) takes the row out of the counts; clearing it puts the row back.
  await sql`
    CREATE TRIGGER memo_reviews_quarter_update_out
    AFTER UPDATE OF undone_at, reviewed_at, user_id ON memo_reviews
    WHEN OLD.undone_at IS NULL
    BEGIN ${remove("OLD")} END`.execute(db);
  await sql`
    CREATE TRIGGER memo_reviews_quarter_update_in
    AFTER UPDATE OF undone_at, reviewed_at, user_id ON memo_reviews
    WHEN NEW.undone_at IS NULL
    BEGIN ${add("NEW")} END`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("review_quarter_counts")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("quarter", "bigint", (c) => c.notNull())
      .addColumn("reviews", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("review_quarter_counts_pk", ["user_id", "quarter"])
      // Stored in key order on SQLite, so a user's year is one contiguous read.
      .$call((table) => (isPostgres(trx) ? table : table.modifyEnd(sql`WITHOUT ROWID`)))
      .execute();
    await sql`
      INSERT INTO review_quarter_counts (user_id, quarter, reviews)
      SELECT user_id, CAST(reviewed_at / ${sql.lit(QUARTER_MS)} AS BIGINT), COUNT(*)
      FROM memo_reviews
      WHERE undone_at IS NULL
      GROUP BY user_id, CAST(reviewed_at / ${sql.lit(QUARTER_MS)} AS BIGINT)`.execute(trx);
    await createQuarterCountTriggers(trx);

    await trx.schema
      .alterTable("users")
      .addColumn("reminder_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await trx.schema
      .alterTable("users")
      .addColumn("reminder_time", "text", (c) => c.notNull().defaultTo("20:00"))
      .execute();
    await trx.schema.alterTable("users").addColumn("reminder_time_zone", "text").execute();
    // The scheduler looks for enabled reminders every minute.
    await trx.schema
      .createIndex("users_reminder_idx")
      .on("users")
      .columns(["reminder_enabled", "id"])
      .execute();

    await trx.schema
      .createTable("reminder_sends")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("local_date", "text", (c) => c.notNull())
      .addColumn("claimed_at", "bigint", (c) => c.notNull())
      .addColumn("sent_at", "bigint")
      .addPrimaryKeyConstraint("reminder_sends_pk", ["user_id", "local_date"])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("reminder_sends").execute();
    await trx.schema.dropIndex("users_reminder_idx").execute();
    for (const column of ["reminder_time_zone", "reminder_time", "reminder_enabled"]) {
      await trx.schema.alterTable("users").dropColumn(column).execute();
    }
    if (isPostgres(trx)) {
      await sql`DROP TRIGGER memo_reviews_quarter_counts ON memo_reviews`.execute(trx);
      await sql`DROP FUNCTION review_quarter_counts_track()`.execute(trx);
    } else {
      for (const name of ["insert", "delete", "update_out", "update_in"]) {
        await sql`DROP TRIGGER ${sql.raw(`memo_reviews_quarter_${name}`)}`.execute(trx);
      }
    }
    await trx.schema.dropTable("review_quarter_counts").execute();
  });
}
