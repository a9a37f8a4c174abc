import type { Subject } from "@mnemo/domain";
import type { Db } from "../../db/database.js";
import { type Executor, isPostgres } from "../../db/database.js";
import { inValueList } from "../../db/value-list.js";

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
    .where(inValueList(db, "name", names))
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

/**
 * Adds the user's names as addOrIncrementSubjects does and records them, unless that would take
 * the names the user added after `limit.since` over `limit.max`: then nothing is written and the
 * answer is false. Count and writes are one transaction (the user's row locked on PostgreSQL;
 * SQLite runs one writer at a time), so parallel requests cannot pass the limit.
 */
export async function addSubjectsForUser(
  db: Db["kysely"],
  addition: { userId: string; countryCode: string; names: string[]; now: number },
  limit: { since: number; max: number },
): Promise<boolean> {
  const { userId, countryCode, names, now } = addition;
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
    }
    const added = await trx
      .selectFrom("subject_additions")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .where("added_at", ">", limit.since)
      .executeTakeFirstOrThrow();
    if (Number(added.n) + names.length > limit.max) return false;
    if (names.length === 0) return true;
    await trx
      .insertInto("subject_additions")
      .values(
        names.map((name) => ({ user_id: userId, country_code: countryCode, name, added_at: now })),
      )
      .execute();
    await addOrIncrementSubjects(trx, countryCode, names, now);
    return true;
  });
}

/** Hides a subject from its country's list (it stays hidden when added again); false when none. */
export async function hideSubject(
  db: Executor,
  countryCode: string,
  name: string,
  now: number,
): Promise<boolean> {
  const hidden = await db
    .updateTable("subjects")
    .set({ is_active: 0, updated_at: now })
    .where("country_code", "=", countryCode)
    .where("name", "=", name)
    .returning("name")
    .executeTakeFirst();
  return hidden !== undefined;
}
