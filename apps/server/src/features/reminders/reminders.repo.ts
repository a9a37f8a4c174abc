import type { Language, ReminderSettings } from "@mnemo/domain";
import type { Executor } from "../../db/database.js";

/** A user whose daily reminder is on, with where and in which language to write. */
export interface ReminderRecipient {
  userId: string;
  email: string;
  lang: Language;
  reminder: ReminderSettings;
}

/**
 * Users whose reminder is on and who can receive mail: a verified e-mail, not anonymous. One
 * range of users_reminder_idx; the scheduler decides in code whose local time it is.
 */
export async function selectReminderRecipients(db: Executor): Promise<ReminderRecipient[]> {
  const rows = await db
    .selectFrom("users as p")
    .innerJoin("auth_users as u", "u.id", "p.id")
    .select([
      "p.id",
      "p.email",
      "p.lang",
      "p.reminder_time",
      "p.reminder_time_zone",
      "u.email_verified",
      "u.is_anonymous",
    ])
    .where("p.reminder_enabled", "=", 1)
    .where("p.reminder_time_zone", "is not", null)
    .execute();
  return rows.flatMap((row) => {
    // better-auth's booleans are 0/1 on SQLite and booleans on PostgreSQL.
    const isVerified = row.email_verified === true || row.email_verified === 1;
    const isAnonymous = row.is_anonymous === true || row.is_anonymous === 1;
    if (!isVerified || isAnonymous || row.reminder_time_zone === null) return [];
    return [
      {
        userId: row.id,
        email: row.email,
        lang: row.lang as Language,
        reminder: { enabled: true, time: row.reminder_time, timeZone: row.reminder_time_zone },
      },
    ];
  });
}

/**
 * Claims the user's reminder of a local date: true for the one caller whose row went in, false
 * when that date was claimed already (by this process before a restart, or by another process
 * on the same database). The primary key (user_id, local_date) decides; the claim is committed
 * before any mail is sent, so no two senders both hold it.
 */
export async function claimReminderDate(
  db: Executor,
  userId: string,
  localDate: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto("reminder_sends")
    .values({ user_id: userId, local_date: localDate, claimed_at: now })
    .onConflict((oc) => oc.columns(["user_id", "local_date"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Notes that the claimed reminder went to the mailer. */
export async function markReminderSent(
  db: Executor,
  userId: string,
  localDate: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("reminder_sends")
    .set({ sent_at: now })
    .where("user_id", "=", userId)
    .where("local_date", "=", localDate)
    .execute();
}

/**
 * How many of the user's repetition-scheduler memos on the home review list were not reviewed
 * since `since` (memos of FSRS folders are counted by their due dates instead).
 */
export async function countHomeMemosNotReviewedSince(
  db: Executor,
  userId: string,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom("memos as m")
    .innerJoin("folders as f", (join) =>
      join.onRef("f.user_id", "=", "m.user_id").onRef("f.id", "=", "m.folder_id"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("m.user_id", "=", userId)
    .where("m.home_rv", "is not", null)
    .where("f.scheduler", "=", "repetition")
    .where((eb) =>
      eb.or([eb("m.last_reviewed_at", "is", null), eb("m.last_reviewed_at", "<", since)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of the user's FSRS memos are due at `now` (epoch ms). */
export async function countFsrsDue(db: Executor, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom("memo_fsrs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("due", "<=", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Titles of the user's `limit` FSRS memos due longest, earliest due first. */
export async function selectMostDueFsrsTitles(
  db: Executor,
  userId: string,
  now: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("memo_fsrs as f")
    .innerJoin("memos as m", (join) =>
      join.onRef("m.user_id", "=", "f.user_id").onRef("m.id", "=", "f.memo_id"),
    )
    .select("m.title")
    .where("f.user_id", "=", userId)
    .where("f.due", "<=", now)
    .orderBy("f.due")
    .orderBy("f.memo_id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.title);
}

/** A memo the digest may list, with what ranks it on the home review list. */
export interface DigestCandidate {
  id: string;
  title: string;
  createdAt: number;
  accumulatedReviewValue: number;
  homeRv: number;
}

/**
 * Per distinct home repetition value, the `limit` repetition-scheduler memos with the lowest due
 * key not reviewed since `since` (the most due ones, see `mergeHomeReviewList`).
 */
export async function selectDigestCandidates(
  db: Executor,
  userId: string,
  since: number,
  limit: number,
): Promise<DigestCandidate[]> {
  const values = await db
    .selectFrom("memos")
    .select("home_rv")
    .distinct()
    .where("user_id", "=", userId)
    .where("home_rv", "is not", null)
    .execute();
  const candidates: DigestCandidate[] = [];
  for (const { home_rv: homeRv } of values) {
    if (homeRv === null) continue;
    const rows = await db
      .selectFrom("memos as m")
      .innerJoin("folders as f", (join) =>
        join.onRef("f.user_id", "=", "m.user_id").onRef("f.id", "=", "m.folder_id"),
      )
      .select(["m.id", "m.title", "m.created_at", "m.accumulated_review_value"])
      .where("m.user_id", "=", userId)
      .where("m.home_rv", "=", homeRv)
      .where("f.scheduler", "=", "repetition")
      .where((eb) =>
        eb.or([eb("m.last_reviewed_at", "is", null), eb("m.last_reviewed_at", "<", since)]),
      )
      .orderBy("m.due_key")
      .orderBy("m.id")
      .limit(limit)
      .execute();
    for (const row of rows) {
      candidates.push({
        id: row.id,
        title: row.title,
        createdAt: Number(row.created_at),
        accumulatedReviewValue: Number(row.accumulated_review_value),
        homeRv,
      });
    }
  }
  return candidates;
}

/** Switches the user's reminder off (the unsubscribe link); false when no such user. */
export async function disableReminder(db: Executor, userId: string): Promise<Language | null> {
  const row = await db
    .updateTable("users")
    .set({ reminder_enabled: 0 })
    .where("id", "=", userId)
    .returning("lang")
    .executeTakeFirst();
  return row ? (row.lang as Language) : null;
}

/** The user's interface language, or null when there is no such user. */
export async function selectUserLanguage(db: Executor, userId: string): Promise<Language | null> {
  const row = await db
    .selectFrom("users")
    .select("lang")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? (row.lang as Language) : null;
}
