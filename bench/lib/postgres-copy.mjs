// The bench's PostgreSQL column (issue 14 › Scale): the seeded SQLite database copied table by
// table into a PostgreSQL database that the server has migrated, so both engines answer the same
// requests over the same rows. Columns both sides have are copied as they are, but for
// PostgreSQL's booleans (SQLite's 0/1) and its search tokens (memo_search.tokens, where SQLite has
// an FTS5 table): those are made from the row's folded fields as db/memo-search.repo.ts makes
// them. Triggers and foreign keys are off while copying (session_replication_role = replica):
// the counters the triggers keep are copied with the rest.
import { memoSearchTokens } from "@mnemo/domain";
import Database from "better-sqlite3";
import pg from "pg";

/** SQLite's own tables, its FTS5 search table and shadows, and the migrator's bookkeeping. */
const NOT_COPIED = /^(sqlite_|memo_search_fts|kysely_)/;
/** Rows per multi-row INSERT (PostgreSQL binds at most 65,535 values). */
const BATCH = 500;

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every table of `sqliteFile` that `pgUrl`'s database also has (emptied first), then
 * moves sequences past the copied ids and analyzes.
 *
 * @returns {Promise<{ tables: number, rows: number, ms: number }>}
 */
export async function copySqliteToPostgres({ sqliteFile, pgUrl, step = () => {} }) {
  const startedAt = performance.now();
  const lite = new Database(sqliteFile, { readonly: true });
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query("SET session_replication_role = replica");
    const { rows: columnRows } = await client.query(
      `SELECT table_name, column_name, data_type, column_default, is_identity, is_generated
         FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const pgTables = new Map();
    for (const row of columnRows) {
      if (!pgTables.has(row.table_name)) pgTables.set(row.table_name, new Map());
      pgTables.get(row.table_name).set(row.column_name, row);
    }
    const tables = lite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name)
      .filter((name) => !NOT_COPIED.test(name) && pgTables.has(name));
    await client.query(`TRUNCATE ${tables.map(quote).join(", ")}`);
    let copied = 0;
    for (const table of tables) {
      const pgColumns = pgTables.get(table);
      const liteColumns = lite
        .prepare(`SELECT name FROM pragma_table_info(?)`)
        .all(table)
        .map((row) => row.name)
        .filter((name) => pgColumns.has(name) && pgColumns.get(name).is_generated !== "ALWAYS");
      const hasIdentity = liteColumns.some((name) => pgColumns.get(name).is_identity === "YES");
      const withTokens = table === "memo_search" && pgColumns.has("tokens");
      const columns = withTokens ? [...liteColumns, "tokens"] : liteColumns;
      const toValues = (row) => {
        const values = liteColumns.map((name) =>
          pgColumns.get(name).data_type === "boolean" ? row[name] === 1 : row[name],
        );
        if (withTokens) {
          values.push(
            memoSearchTokens({
              title: row.title,
              hint: row.hint,
              tags: JSON.parse(row.tags),
              body: row.body,
            }),
          );
        }
        return values;
      };
      let batch = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const params = [];
        const tuples = batch.map(
          (values) =>
            `(${values
              .map((value) => {
                params.push(value);
                return `$${params.length}`;
              })
              .join(", ")})`,
        );
        await client.query(
          `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")})${
            hasIdentity ? " OVERRIDING SYSTEM VALUE" : ""
          } VALUES ${tuples.join(", ")}`,
          params,
        );
        copied += batch.length;
        batch = [];
      };
      await client.query("BEGIN");
      for (const row of lite.prepare(`SELECT * FROM ${quote(table)}`).iterate()) {
        batch.push(toValues(row));
        if (batch.length === BATCH) await flush();
      }
      await flush();
      await client.query("COMMIT");
      // Serial columns go on after the copied ids.
      for (const [name, column] of pgColumns) {
        const isSerial = String(column.column_default ?? "").startsWith("nextval(");
        if (!isSerial && column.is_identity !== "YES") continue;
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${quote(name)}) FROM ${quote(table)}), 1))`,
          [table, name],
        );
      }
    }
    step(`  copied ${copied.toLocaleString("en")} rows of ${tables.length} tables`);
    await client.query("SET session_replication_role = DEFAULT");
    await client.query("VACUUM ANALYZE");
    return { tables: tables.length, rows: copied, ms: performance.now() - startedAt };
  } finally {
    await client.end();
    lite.close();
  }
}
