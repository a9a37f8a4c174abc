import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// Issue 10 (speed): a search read each candidate's folder and change time from `memos`, one
// lookup per candidate in the largest table; for a two-syllable Korean word with 998 hits among
// 100,000 memos that join was 2.5 of the query's 4.5 ms, and 5 of 7 for an English word. The
// two columns now sit in memo_search beside the folded text, so a search reads one table.
//
// memo_search.folder_id and .updated_at copy the memo's. A write inserting a memo_search row
// sets them (db/memo-search.repo.ts); a trigger on memos keeps them equal afterwards, whatever
// path changes a memo's folder or change time (edits, reviews, moves, folder deletes, sync),
// in the same statement. A later migration that rebuilds `memos` must create the trigger again.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const idType = postgres ? sql`text collate "C"` : sql`text`;
  await db.schema
    .alterTable("memo_search")
    .addColumn("folder_id", idType, (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("memo_search")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE memo_search SET folder_id = m.folder_id, updated_at = m.updated_at
      FROM memos m
     WHERE m.user_id = memo_search.user_id AND m.id = memo_search.memo_id`.execute(db);

  if (postgres) {
    await sql`
      CREATE FUNCTION memo_search_follow_memo() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE memo_search SET folder_id = NEW.folder_id, updated_at = NEW.updated_at
         WHERE user_id = NEW.user_id AND memo_id = NEW.id;
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER memos_search_follow
      AFTER UPDATE OF folder_id, updated_at ON memos
      FOR EACH ROW
      WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
      EXECUTE FUNCTION memo_search_follow_memo()`.execute(db);
  } else {
    await sql`
      CREATE TRIGGER memos_search_follow
      AFTER UPDATE OF folder_id, updated_at ON memos
      WHEN OLD.folder_id IS NOT NEW.folder_id OR OLD.updated_at IS NOT NEW.updated_at
      BEGIN
        UPDATE memo_search SET folder_id = NEW.folder_id, updated_at = NEW.updated_at
         WHERE user_id = NEW.user_id AND memo_id = NEW.id;
      END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER memos_search_follow ON memos`.execute(db);
    await sql`DROP FUNCTION memo_search_follow_memo()`.execute(db);
  } else {
    await sql`DROP TRIGGER memos_search_follow`.execute(db);
  }
  await db.schema.alterTable("memo_search").dropColumn("updated_at").execute();
  await db.schema.alterTable("memo_search").dropColumn("folder_id").execute();
}
