import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";
import { createSqliteTriggers, dropSqliteTriggers } from "./sqlite-triggers.js";

// The count tables that follow another count table (day sums, block sums): a trigger on each
// insert into the followed table and one on each update of its counted columns, the same pair on
// both engines. The stats-day-sums and stats-folder-blocks migrations declare theirs.

/**
 * A table kept from `table` by a trigger on each of its inserts and one on each update of
 * `updateOf` (optionally only `when`), named after `name`. `onInsert` and `onUpdate` are SQL
 * statements over NEW (and OLD), valid in a trigger body of both engines.
 */
export interface CountFollower {
  name: string;
  table: string;
  onInsert: string;
  onUpdate: string;
  updateOf: string;
  when?: string;
}

/** The SQLite triggers of `followers` by name, so dropping them names the same list. */
function sqliteTriggersOf(followers: readonly CountFollower[]): Record<string, string> {
  return Object.fromEntries(
    followers.flatMap((follower) => [
      [
        `${follower.name}_insert`,
        `AFTER INSERT ON ${follower.table} BEGIN ${follower.onInsert} END`,
      ],
      [
        `${follower.name}_update`,
        `AFTER UPDATE OF ${follower.updateOf} ON ${follower.table}
       ${follower.when ? `WHEN ${follower.when}` : ""}
       BEGIN ${follower.onUpdate} END`,
      ],
    ]),
  );
}

/** Creates the triggers of `followers` (on PostgreSQL, each with its plpgsql function). */
export async function createCountFollowers(
  db: Kysely<unknown>,
  followers: readonly CountFollower[],
): Promise<void> {
  if (!isPostgres(db)) {
    await createSqliteTriggers(db, sqliteTriggersOf(followers));
    return;
  }
  for (const follower of followers) {
    await sql`
      CREATE FUNCTION ${sql.raw(follower.name)}_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${sql.raw(follower.onInsert)}
        ELSE ${sql.raw(follower.onUpdate)}
        END IF;
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(follower.name)}_insert AFTER INSERT ON ${sql.raw(follower.table)}
      FOR EACH ROW EXECUTE FUNCTION ${sql.raw(follower.name)}_follow()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(follower.name)}_update
      AFTER UPDATE OF ${sql.raw(follower.updateOf)} ON ${sql.raw(follower.table)}
      FOR EACH ROW ${sql.raw(follower.when ? `WHEN (${follower.when})` : "")}
      EXECUTE FUNCTION ${sql.raw(follower.name)}_follow()`.execute(db);
  }
}

/** Drops what {@link createCountFollowers} created for `followers`. */
export async function dropCountFollowers(
  db: Kysely<unknown>,
  followers: readonly CountFollower[],
): Promise<void> {
  if (!isPostgres(db)) {
    await dropSqliteTriggers(db, sqliteTriggersOf(followers));
    return;
  }
  for (const follower of followers) {
    for (const kind of ["insert", "update"]) {
      await sql`DROP TRIGGER ${sql.raw(`${follower.name}_${kind}`)} ON ${sql.raw(follower.table)}`.execute(
        db,
      );
    }
    await sql`DROP FUNCTION ${sql.raw(follower.name)}_follow()`.execute(db);
  }
}
