import { AppError, ErrorCode } from "@mnemo/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.js";
import { type PeriodicJob, startPeriodicJob } from "../periodic-job.js";
import {
  deleteIdleLimits,
  deleteLimits,
  type LimitRule,
  releaseLimitSlot,
  takeLimitSlot,
} from "./auth-limits.repo.js";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec 8 auth/too-many-requests: wrong or pending password checks one account may take per hour. */
export const MAX_PASSWORD_CHECKS_PER_HOUR = 100;
const PASSWORD_CHECKS: LimitRule = {
  max: MAX_PASSWORD_CHECKS_PER_HOUR,
  windowMs: HOUR_MS,
  minGapMs: 0,
};
/** Mails of one kind to one address: one a minute, ten a day. */
export const MAIL_LIMIT: LimitRule = { max: 10, windowMs: DAY_MS, minGapMs: MINUTE_MS };

/** The two mails anyone can have sent to an address. */
export type MailKind = "verify" | "reset";

const passwordKey = (userId: string) => `password:${userId}`;
const mailKey = (kind: MailKind, email: string) => `mail:${kind}:${email.trim().toLowerCase()}`;

interface LimitDeps {
  db: Db;
  now: () => number;
}

/**
 * Runs one check of the account's password under its limit, whatever the route (sign-in,
 * change-password, change-email, delete-user): the slot is taken before the check, so parallel
 * attempts count too, and given back when the password was right, so only wrong ones add up.
 *
 * @throws AppError AUTH_TOO_MANY_REQUESTS when the account has had 100 checks this hour
 */
export async function checkPasswordWithinLimit<T>(
  { db, now }: LimitDeps,
  userId: string,
  check: () => Promise<{ isRight: boolean; result: T }>,
): Promise<T> {
  const key = passwordKey(userId);
  if (!(await takeLimitSlot(db, key, PASSWORD_CHECKS, now()))) {
    throw new AppError(ErrorCode.AUTH_TOO_MANY_REQUESTS, "too many password checks this hour");
  }
  const { isRight, result } = await check();
  if (isRight) await releaseLimitSlot(db, key);
  return result;
}

/**
 * Whether a mail of this kind may go to `email` now (and counts it). A refused mail is dropped
 * silently: the request is answered as if it was sent, so nothing tells whether an account exists.
 */
export function mayMail({ db, now }: LimitDeps, kind: MailKind, email: string): Promise<boolean> {
  return takeLimitSlot(db, mailKey(kind, email), MAIL_LIMIT, now());
}

/** Forgets every counter of a deleted account. */
export function forgetLimitsOf(db: Db, account: { userId: string; email: string }): Promise<void> {
  return deleteLimits(db, [
    passwordKey(account.userId),
    mailKey("verify", account.email),
    mailKey("reset", account.email),
  ]);
}

/**
 * Forgets counters idle for a day (no window is longer: the mails') now and then every hour
 * until stopped (see startPeriodicJob); the per-address counters would otherwise pile up.
 */
export function startLimitSweeper(
  deps: LimitDeps,
  log: Pick<FastifyBaseLogger, "error">,
): PeriodicJob {
  return startPeriodicJob(
    HOUR_MS,
    () => deleteIdleLimits(deps.db, deps.now() - DAY_MS),
    log,
    "limit sweep failed",
  );
}
