import { type Compilable, CompiledQuery } from "kysely";
import type { Executor } from "./database.js";

/** What the executed query returns: its rows (for SELECT or RETURNING). */
type RowsOf<C> = C extends Compilable<infer R> ? R : never;

const SENTINEL = "\u0000mnemo-parameter-";
const PLACEHOLDER = new RegExp(`^${SENTINEL}(\\d+)$`);

/**
 * Builds a query once and reruns its compiled SQL with new parameters. Building and compiling a
 * Kysely query costs ~40 µs, more than SQLite needs to run it, so the queries every request runs
 * (session lookup, a review's statements) are built here once per shape.
 *
 * `build` receives placeholders for its arguments and must pass each one straight through as a
 * bound value (not inside a computed literal); this is checked when the query is first compiled.
 */
export function precompile<Args extends unknown[], C extends Compilable<unknown>>(
  build: (db: Executor, ...args: Args) => C,
): (db: Executor, ...args: Args) => Promise<RowsOf<C>[]> {
  // One template per SQL dialect (keyed by Kysely's adapter class): SQLite and PostgreSQL
  // spell placeholders differently.
  const templates = new Map<unknown, { compiled: CompiledQuery; slots: Array<number | null> }>();
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let template = templates.get(dialect);
    if (!template) {
      const placeholders = args.map((_, i) => `${SENTINEL}${i}`) as Args;
      const compiled = build(db, ...placeholders).compile();
      const slots = compiled.parameters.map((value) => {
        const match = typeof value === "string" ? PLACEHOLDER.exec(value) : null;
        return match ? Number(match[1]) : null;
      });
      const used = new Set(slots.filter((slot) => slot !== null));
      if (used.size !== args.length) {
        throw new Error(`precompiled query does not bind all ${args.length} arguments`);
      }
      template = { compiled, slots };
      templates.set(dialect, template);
    }
    const { compiled, slots } = template;
    const parameters = slots.map((slot, i) =>
      slot === null ? compiled.parameters[i] : args[slot],
    );
    const result = await db.executeQuery<RowsOf<C>>(
      CompiledQuery.raw(compiled.sql, parameters as unknown[]) as CompiledQuery<RowsOf<C>>,
    );
    return result.rows;
  };
}
