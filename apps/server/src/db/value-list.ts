import { type RawBuilder, type SqlBool, sql } from "kysely";
import { type Executor, isPostgres } from "./database.js";

/**
 * `column IN values` with the values bound as ONE parameter, so the SQL text is the same for
 * every number of values: a JSON array read by `json_each` on SQLite, an array compared with
 * `= any(…)` on PostgreSQL. Kysely's `where(column, "in", list)` writes one placeholder per
 * value, so each list length was a new SQL text, and SQLite's statement cache (database.ts)
 * kept a compiled statement for each: memory that grew with every new page size of the change
 * feed. Use it wherever the list's length depends on the user's data.
 */
export function inValueList(
  db: Executor,
  column: string,
  values: readonly string[],
): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(${values}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}

/** A row of {@link integerPairs}. */
export interface IntegerPair {
  a: number;
  b: number;
}

/**
 * A table `(a, b)` of integer pairs bound as ONE parameter (JSON on SQLite, two arrays on
 * PostgreSQL), so the SQL text is the same for every number of pairs, as {@link inValueList}.
 */
export function integerPairs(
  db: Executor,
  pairs: readonly (readonly [number, number])[],
): RawBuilder<IntegerPair> {
  if (isPostgres(db)) {
    const as = pairs.map(([a]) => a);
    const bs = pairs.map(([, b]) => b);
    return sql`(SELECT * FROM unnest(${as}::bigint[], ${bs}::bigint[]) AS pair(a, b))`;
  }
  return sql`(SELECT value ->> 0 AS a, value ->> 1 AS b FROM json_each(${JSON.stringify(pairs)}))`;
}
