import { DAY_MS } from "@mnemo/domain";
import { sql } from "kysely";
import type { Executor } from "../../db/database.js";

// Whole-service figures for the analytics screen; admins only, so no user filter here.

export interface DayCount {
  /** Day number since the epoch in the requested time zone. */
  day: number;
  count: number;
}

/**
 * The local day of a time column: integer division of epoch ms gives the day on both engines
 * (bigint / bigint truncates). The numbers are inlined integers: better-sqlite3 binds JS numbers
 * as REAL, which would make the division fractional.
 */
function dayOf(column: "created_at" | "reviewed_at", offsetMs: number) {
  return sql<number>`(${sql.ref(column)} + ${sql.lit(Math.trunc(offsetMs))}) / ${sql.lit(DAY_MS)}`;
}

/** How many users there are. */
export async function selectUserCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Grouping is by the output name so the day expression is written once.

/** Sign-ups per local day since `since` (epoch ms), days with none left out. */
export async function selectSignUpsPerDay(
  db: Executor,
  since: number,
  offsetMs: number,
): Promise<DayCount[]> {
  const day = dayOf("created_at", offsetMs);
  const rows = await db
    .selectFrom("users")
    .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("count")])
    .where("created_at", ">=", since)
    .groupBy(sql.ref("day"))
    .orderBy(sql.ref("day"))
    .execute();
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

/** Reviews per local day since `since` (epoch ms), days with none left out. */
export async function selectReviewsPerDay(
  db: Executor,
  since: number,
  offsetMs: number,
): Promise<DayCount[]> {
  const day = dayOf("reviewed_at", offsetMs);
  const rows = await db
    .selectFrom("memo_reviews")
    .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("count")])
    .where("reviewed_at", ">=", since)
    .where("undone_at", "is", null)
    .groupBy(sql.ref("day"))
    .orderBy(sql.ref("day"))
    .execute();
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}
