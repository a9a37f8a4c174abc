import {
  dueReminderDate,
  mergeHomeReviewList,
  REMINDER_DIGEST_TITLES,
  startOfLocalDay,
} from "@mnemo/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { AppDeps, ServiceDeps } from "../../deps.js";
import { reminderDigestMail } from "./reminder-mail.js";
import {
  claimReminderDate,
  countFsrsDue,
  countHomeMemosNotReviewedSince,
  type DigestCandidate,
  disableReminder,
  markReminderSent,
  type ReminderRecipient,
  selectDigestCandidates,
  selectMostDueFsrsTitles,
  selectReminderRecipients,
  selectUserLanguage,
} from "./reminders.repo.js";
import { unsubscribeToken, userIdOfUnsubscribeToken } from "./unsubscribe-token.js";

/** The database, clock and mailer, and the config's public URL (for links) and secret. */
export type ReminderDeps = ServiceDeps &
  Pick<AppDeps, "mailer"> & { config: Pick<Config, "publicUrl" | "secret"> };

/** Path of the unsubscribe page, under the public URL. */
export const UNSUBSCRIBE_PATH = "/api/reminders/unsubscribe";

/** What the digest says: how many memos wait and the most due titles (none: nothing to send). */
interface Digest {
  dueCount: number;
  titles: string[];
}

/**
 * The digest of a user at `now`, in the order of the review session's queue: FSRS memos due by
 * now (earliest due first), then the repetition-scheduler memos of the home review list not
 * reviewed yet today in the reminder's time zone (highest repetition score first). The count is
 * of both.
 */
async function buildDigest(
  deps: ReminderDeps,
  recipient: ReminderRecipient,
  now: number,
): Promise<Digest> {
  const db = deps.db.kysely;
  const since = startOfLocalDay(recipient.reminder.timeZone, now);
  const fsrsDue = await countFsrsDue(db, recipient.userId, now);
  const homeDue = await countHomeMemosNotReviewedSince(db, recipient.userId, since);
  const dueCount = fsrsDue + homeDue;
  if (dueCount === 0) return { dueCount, titles: [] };
  const fsrsTitles =
    fsrsDue > 0
      ? await selectMostDueFsrsTitles(db, recipient.userId, now, REMINDER_DIGEST_TITLES)
      : [];
  if (fsrsTitles.length >= REMINDER_DIGEST_TITLES || homeDue === 0) {
    return { dueCount, titles: fsrsTitles };
  }
  const candidates = await selectDigestCandidates(
    db,
    recipient.userId,
    since,
    REMINDER_DIGEST_TITLES,
  );
  const groups = new Map<number, DigestCandidate[]>();
  for (const candidate of candidates) {
    const group = groups.get(candidate.homeRv) ?? [];
    group.push(candidate);
    groups.set(candidate.homeRv, group);
  }
  const ranked = mergeHomeReviewList(
    [...groups].map(([dateRepetitionValue, memos]) => ({ dateRepetitionValue, memos })),
    REMINDER_DIGEST_TITLES,
    now,
  );
  const homeTitles = ranked.map(({ memo }) => memo.title);
  return { dueCount, titles: [...fsrsTitles, ...homeTitles].slice(0, REMINDER_DIGEST_TITLES) };
}

/**
 * Sends the reminder digests due at `now` (PRODUCT.md › Daily reminders): for each user whose
 * local reminder time has come, claims the local date first (see `claimReminderDate`) and mails
 * only after winning the claim, so a restart or a second server process never sends a date
 * twice. A failed send is logged and not retried: at most one mail a day is the promise.
 * A day with nothing to review is claimed and sends nothing.
 *
 * @returns how many digests went to the mailer
 */
export async function sendDueReminders(
  deps: ReminderDeps,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<number> {
  const db = deps.db.kysely;
  const now = deps.now();
  let sent = 0;
  for (const recipient of await selectReminderRecipients(db)) {
    const localDate = dueReminderDate(recipient.reminder, now);
    if (localDate === null) continue;
    if (!(await claimReminderDate(db, recipient.userId, localDate, now))) continue;
    const digest = await buildDigest(deps, recipient, now);
    if (digest.dueCount === 0) continue;
    const base = deps.config.publicUrl.replace(/\/$/, "");
    const token = unsubscribeToken(deps.config.secret, recipient.userId);
    try {
      await deps.mailer.send(
        reminderDigestMail(recipient.email, recipient.lang, {
          ...digest,
          reviewUrl: `${base}/review`,
          unsubscribeUrl: `${base}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
        }),
      );
    } catch (error) {
      log.warn({ err: error, userId: recipient.userId }, "reminder digest not sent");
      continue;
    }
    await markReminderSent(db, recipient.userId, localDate, deps.now());
    sent += 1;
  }
  return sent;
}

/** The language of the user a token names, or null for a token that is not ours. */
export async function unsubscribeLinkLanguage(deps: ReminderDeps, token: string) {
  const userId = userIdOfUnsubscribeToken(deps.config.secret, token);
  return userId === null ? null : selectUserLanguage(deps.db.kysely, userId);
}

/**
 * Switches off the reminder of the user a token names; answers their language, or null for a
 * token that is not ours or a user who is gone. Doing it twice changes nothing more.
 */
export async function unsubscribe(deps: ReminderDeps, token: string) {
  const userId = userIdOfUnsubscribeToken(deps.config.secret, token);
  return userId === null ? null : disableReminder(deps.db.kysely, userId);
}
