import type { Subject } from "@mnemo/domain";
import type { Executor } from "../../db/database.js";

// Subjects are public per country (PRODUCT.md › Subjects), not per user.

type Row = {
  name: string;
  pinned_count: number;
  set_count: number;
  is_active: number;
  updated_at: number;
};

function toSubject(row: Row): Subject {
  return {
    name: row.name,
    pinnedCount: row.pinned_count,
    setCount: row.set_count,
    isActive: row.is_active === 1,
    updatedAt: row.updated_at,
  };
}

/** A country's active subjects: most pinned first, then most set, then by name. */
export async function selectSubjects(
  db: Executor,
  countryCode: string,
  limit: number,
): Promise<Subject[]> {
  const rows = await db
    .selectFrom("subjects")
    .select(["name", "pinned_count", "set_count", "is_active", "updated_at"])
    .where("country_code", "=", countryCode)
    .where("is_active", "=", 1)
    .orderBy("pinned_count", "desc")
    .orderBy("set_count", "desc")
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map(toSubject);
}

/** Which of `names` the country has as subjects already. */
export async function selectExistingSubjectNames(
  db: Executor,
  countryCode: string,
  names: string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom("subjects")
    .select("name")
    .where("country_code", "=", countryCode)
    .where("name", "in", names)
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Adds each name, or adds 1 to its setCount when it exists. The upsert is atomic, so two
 * users adding the same new name at once give setCount 2, not a duplicate-key error.
 */
export async function addOrIncrementSubjects(
  db: Executor,
  countryCode: string,
  names: string[],
  now: number,
): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto("subjects")
    .values(names.map((name) => ({ country_code: countryCode, name, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(["country_code", "name"]).doUpdateSet((eb) => ({
        set_count: eb("subjects.set_count", "+", 1),
        updated_at: now,
      })),
    )
    .execute();
}
