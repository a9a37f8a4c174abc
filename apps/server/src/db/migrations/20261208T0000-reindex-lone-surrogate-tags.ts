import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// A memo's tags with a lone surrogate were written to memo_search.tags by JSON.stringify as an
// escape (\ud800…\udfff), which PostgreSQL's json parser refuses: every search of that user
// answered 500. Tags are now stored with U+FFFD in its place (the domain's normalizeTag); this
// queues the memos indexed before for indexing again, which the next search of their user does
// first. JSON.stringify writes \u escapes only for control characters (\u00XX) and lone
// surrogates, so "\ud" finds exactly those (and, harmlessly, a tag that spells it out).

export async function up(db: Kysely<unknown>): Promise<void> {
  const hasEscape = isPostgres(db)
    ? sql`strpos(tags, ${"\\ud"}) > 0`
    : sql`instr(tags, ${"\\ud"}) > 0`;
  await sql`
    INSERT INTO memo_search_queue (user_id, memo_id, queued_at)
    SELECT user_id, memo_id, 0 FROM memo_search WHERE ${hasEscape}
    ON CONFLICT (user_id, memo_id) DO NOTHING`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the memos were only indexed again.
}
