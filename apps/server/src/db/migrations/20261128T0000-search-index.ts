import {
  foldSearchableMemo,
  memoSearchTokens,
  normalizeTags,
  searchableMemoText,
  tagKey,
} from "@mnemo/domain";
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// Search and tags (issue #10), maintained in the transaction of every memo write
// (db/memo-search.repo.ts):
//
// - memo_search: one row per memo with its fields folded as the domain folds them (title, hint,
//   tag keys as a JSON array, then the text of its contents, last as in memos), which the server
//   verifies candidates against without rendering HTML again. It goes with its memo (foreign key,
//   cascade).
//   - PostgreSQL: `tokens`, the domain's index tokens (`memoSearchTokens`) as text[], under a GIN
//     index (fastupdate off); a search asks `tokens @> the query's tokens`.
//   - SQLite: `doc_id`, the rowid of the memo's row in memo_search_fts, an FTS5 table fed the
//     same tokens joined by spaces. It is contentless (the tokens are stored nowhere else) with
//     `detail=none` (only which documents hold a token, no positions): the smallest index that
//     answers "which memos hold all these tokens". The `ascii` tokenizer splits only at ASCII
//     characters that are not letters or digits; tokens hold no such character (they are runs
//     of letters, digits and marks), so FTS5 indexes exactly the domain's tokens. A trigger
//     removes the FTS row when the memo_search row goes, however it goes (memo or folder
//     delete, account delete).
// - memo_tags: the memo's tags with their keys (`tagKey`), for GET /api/tags.
//
// The backfill indexes every existing memo with the domain's rules as they are today; a later
// change of those rules needs a migration that indexes again.

const BACKFILL_BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const idType = postgres ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable("memo_search")
    .$call((table) =>
      postgres ? table : table.addColumn("doc_id", "integer", (c) => c.primaryKey()),
    )
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("memo_id", idType, (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("hint", "text", (c) => c.notNull())
    .addColumn("tags", "text", (c) => c.notNull())
    .$call((table) =>
      postgres ? table.addColumn("tokens", sql`text[]`, (c) => c.notNull()) : table,
    )
    .addColumn("body", "text", (c) => c.notNull())
    .$call((table) =>
      postgres
        ? table.addPrimaryKeyConstraint("memo_search_pk", ["user_id", "memo_id"])
        : table.addUniqueConstraint("memo_search_memo_uq", ["user_id", "memo_id"]),
    )
    .addForeignKeyConstraint(
      "memo_search_memo_fk",
      ["user_id", "memo_id"],
      "memos",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();

  await db.schema
    .createTable("memo_tags")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("memo_id", idType, (c) => c.notNull())
    .addColumn("tag_key", idType, (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("memo_tags_pk", ["user_id", "memo_id", "tag_key"])
    .addForeignKeyConstraint(
      "memo_tags_memo_fk",
      ["user_id", "memo_id"],
      "memos",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("memo_tags_key_idx")
    .on("memo_tags")
    .columns(["user_id", "tag_key", "memo_id"])
    .execute();

  if (postgres) {
    // fastupdate off: with it on, inserts pile up in a pending list that every search scans
    // (and the planner then prefers a sequential scan) until a vacuum; a memo write pays the
    // index update itself instead.
    await sql`create index memo_search_tokens_idx on memo_search using gin (tokens) with (fastupdate = off)`.execute(
      db,
    );
  } else {
    await sql`create virtual table memo_search_fts using fts5(tokens, content='', contentless_delete=1, detail=none, tokenize='ascii')`.execute(
      db,
    );
    await sql`create trigger memo_search_fts_delete after delete on memo_search begin delete from memo_search_fts where rowid = old.doc_id; end`.execute(
      db,
    );
  }

  await backfill(db, postgres);
}

interface MemoTextRow {
  user_id: string;
  id: string;
  title: string;
  contents: string;
  flash_card_hint: string;
  tags: string;
}

function parseTagList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
}

async function backfill(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  let after: { userId: string; id: string } | null = null;
  for (;;) {
    const cursor = after;
    const page: { rows: MemoTextRow[] } = await sql<MemoTextRow>`
      select user_id, id, title, contents, flash_card_hint, tags from memos
      ${cursor ? sql`where (user_id, id) > (${cursor.userId}, ${cursor.id})` : sql``}
      order by user_id, id limit ${BACKFILL_BATCH}`.execute(db);
    for (const row of page.rows) {
      const tags = normalizeTags(parseTagList(row.tags));
      const folded = foldSearchableMemo(
        searchableMemoText({
          title: row.title,
          contents: row.contents,
          flashCardHint: row.flash_card_hint,
          tags,
        }),
      );
      const tokens = memoSearchTokens(folded);
      const values = sql`${row.user_id}, ${row.id}, ${folded.title}, ${folded.hint}, ${JSON.stringify(folded.tags)}, ${folded.body}`;
      if (postgres) {
        await sql`insert into memo_search (user_id, memo_id, title, hint, tags, body, tokens)
          values (${values}, ${tokens})`.execute(db);
      } else {
        const inserted = await sql<{ doc_id: number }>`
          insert into memo_search (user_id, memo_id, title, hint, tags, body)
          values (${values}) returning doc_id`.execute(db);
        const docId = inserted.rows[0]?.doc_id;
        await sql`insert into memo_search_fts (rowid, tokens) values (${docId}, ${tokens.join(" ")})`.execute(
          db,
        );
      }
      for (const tag of tags) {
        await sql`insert into memo_tags (user_id, memo_id, tag_key, tag)
          values (${row.user_id}, ${row.id}, ${tagKey(tag)}, ${tag})`.execute(db);
      }
    }
    const last = page.rows.at(-1);
    if (!last || page.rows.length < BACKFILL_BATCH) return;
    after = { userId: last.user_id, id: last.id };
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop trigger memo_search_fts_delete`.execute(db);
    await sql`drop table memo_search_fts`.execute(db);
  }
  await db.schema.dropTable("memo_tags").execute();
  await db.schema.dropTable("memo_search").execute();
}
