import type {
  Expression,
  ExpressionBuilder,
  OnConflictDatabase,
  OnConflictTables,
  SqlBool,
} from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";

/** A limit on one thing (an account's password checks, the mails to one address). */
export interface LimitRule {
  /** At most this many slots per window. */
  max: number;
  /** Window length in ms; the window starts with the first slot taken after the last ended. */
  windowMs: number;
  /** At least this many ms between two slots (0: no spacing). */
  minGapMs: number;
}

/**
 * Takes one slot of `key` under `rule` at `now` (epoch ms); false when the limit is reached.
 *
 * One upsert, so it is atomic on both engines: PostgreSQL locks the conflicting row and checks
 * the WHERE against its latest version, SQLite runs one writer at a time. Concurrent callers can
 * therefore never take more than `max` slots together.
 */
export async function takeLimitSlot(
  db: Db,
  key: string,
  rule: LimitRule,
  now: number,
): Promise<boolean> {
  const row = await upsertHit(db, key, rule.windowMs, now, (eb) =>
    eb.and([
      eb.or([
        eb("auth_limits.window_started_at", "<=", now - rule.windowMs),
        eb("auth_limits.count", "<", rule.max),
      ]),
      ...(rule.minGapMs > 0 ? [eb("auth_limits.last_at", "<=", now - rule.minGapMs)] : []),
    ]),
  )
    .returning("key")
    .executeTakeFirst();
  return row !== undefined;
}

type HitExpressions = ExpressionBuilder<
  OnConflictDatabase<Database, "auth_limits">,
  OnConflictTables<"auth_limits">
>;

/**
 * The upsert of one hit of `key` at `now` in fixed windows of `windowMs`: a new row, the next
 * window started (count 1), or the count raised, each only when `admits` the stored row.
 */
function upsertHit(
  db: Db,
  key: string,
  windowMs: number,
  now: number,
  admits?: (eb: HitExpressions) => Expression<SqlBool>,
) {
  const windowEndedBefore = now - windowMs;
  return db.kysely
    .insertInto("auth_limits")
    .values({ key, window_started_at: now, count: 1, last_at: now })
    .onConflict((oc) => {
      const update = oc.column("key").doUpdateSet((eb) => {
        const isNewWindow = eb("auth_limits.window_started_at", "<=", windowEndedBefore);
        return {
          count: eb
            .case()
            .when(isNewWindow)
            .then(1)
            .else(eb("auth_limits.count", "+", 1))
            .end(),
          window_started_at: eb
            .case()
            .when(isNewWindow)
            .then(now)
            .else(eb.ref("auth_limits.window_started_at"))
            .end(),
          last_at: now,
        };
      });
      return admits ? update.where(admits) : update;
    });
}

/** Gives a slot back (a password check that succeeded does not count against the limit). */
export async function releaseLimitSlot(db: Db, key: string): Promise<void> {
  await db.kysely
    .updateTable("auth_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

/** Forgets every counter of these keys (an account's, when it is deleted). */
export async function deleteLimits(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.kysely.deleteFrom("auth_limits").where("key", "in", keys).execute();
}

/**
 * Counts one hit of `key` in a fixed window of `windowMs` at `now` (epoch ms), whatever the
 * count: the per-address request limits (plugins/rate-limit-store.ts) answer 429 above their
 * maximum themselves. One upsert, atomic on both engines as in {@link takeLimitSlot}.
 *
 * @returns the hits of the current window, this one included, and when that window started
 */
export async function countLimitHit(
  db: Db,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ hits: number; windowStartedAt: number }> {
  const row = await upsertHit(db, key, windowMs, now)
    .returning(["count", "window_started_at"])
    .executeTakeFirstOrThrow();
  // PostgreSQL answers int8 columns as strings.
  return { hits: Number(row.count), windowStartedAt: Number(row.window_started_at) };
}

/** Forgets counters untouched since `before` (epoch ms): every window has ended by then. */
export async function deleteIdleLimits(db: Db, before: number): Promise<void> {
  await db.kysely.deleteFrom("auth_limits").where("last_at", "<", before).execute();
}
