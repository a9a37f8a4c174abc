import { createHmac } from "node:crypto";
import {
  AppError,
  type AuthProvidersResponse,
  type changeEmailInputSchema,
  DEV_ADMIN_IDENTITIES,
  type devSignInInputSchema,
  ErrorCode,
  randomId,
  type signInInputSchema,
  type signUpInputSchema,
  type UpdateMeInput,
} from "@mnemo/domain";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { noteMailFailure, watchMailFailures } from "../mail/mail-failures.js";
import { type Auth, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth.js";
import {
  convertAnonymousUser,
  deleteSessionsOf,
  ensureDevAdmin,
  findAuthUserIdByEmail,
  findPasswordHash,
  updateProfile,
} from "./auth.repo.js";
import { checkPasswordWithinLimit } from "./auth-limits.js";
import { hashPassword, verifyPassword } from "./password-hash.js";
import type { Account, SessionUser } from "./session.js";
import { betterAuthCodeOf } from "./web-bridge.js";

// The rules in front of better-auth (PRODUCT.md › Sign-in and sign-up errors, › Account settings,
// › Anonymous use) and the user-record reads and writes. Where the answer is better-auth's, a
// function returns its Web Response for the route to relay.

/** What the auth services need: database, clock, configuration and the better-auth instance. */
export type AuthDeps = Pick<Required<AppDeps>, "db" | "now" | "config"> & { auth: Auth };

/**
 * The request a route is handling, as a service uses it: `forward` hands it to better-auth
 * marked as having passed its route's rules (endpoint-access.ts), with its body or path
 * replaced; `findCaller` tells who sent it (session.ts `findAccount`).
 */
export interface AuthRequest {
  forward(overrides?: { body?: unknown; url?: string }): Promise<Response>;
  findCaller(): Promise<Account | null>;
  /** The request's headers, for better-auth's server API (it reads the session from them). */
  headers(): Headers;
  logError(error: unknown, message: string): void;
}

type SignInInput = z.infer<typeof signInInputSchema>;
type SignUpInput = z.infer<typeof signUpInputSchema>;
type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;
type DevSignInInput = z.infer<typeof devSignInInputSchema>;

/** An anonymous account turned into an e-mail account by sign-up: no session goes with it. */
export interface ConvertedAccount {
  token: null;
  user: { id: string; email: string; name: string };
}

const isEmail = (value: string) => z.email().safeParse(value).success;
const invalidEmail = () => new AppError(ErrorCode.AUTH_INVALID_EMAIL, "not an e-mail address");
const emailInUse = () =>
  new AppError(ErrorCode.AUTH_EMAIL_ALREADY_IN_USE, "an account has this e-mail");

/** better-auth's answers to a wrong password: at sign-in, and when confirming a change. */
const WRONG_PASSWORD_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD"]);

/**
 * The sign-up checks (PRODUCT.md › Sign-up and verification), in our codes (better-auth's body
 * schema would answer a malformed address with a generic validation error). Also guards the
 * anonymous conversion, which better-auth never sees.
 */
function assertSignUpCredentials(email: string, password: string): void {
  if (!isEmail(email)) throw invalidEmail();
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError(
      ErrorCode.AUTH_WEAK_PASSWORD,
      `password needs ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
}

/** Forwards a request that checks the account's password, within its per-account limit. */
function forwardPasswordCheck(
  deps: AuthDeps,
  userId: string,
  request: AuthRequest,
  overrides: { body?: unknown } = {},
): Promise<Response> {
  return checkPasswordWithinLimit(deps, userId, async () => {
    const response = await request.forward(overrides);
    const code = await betterAuthCodeOf(response);
    return { isRight: code === null || !WRONG_PASSWORD_CODES.has(code), result: response };
  });
}

/**
 * Sign-in tells an unknown e-mail from a wrong password (PRODUCT.md › Sign-in and sign-up
 * errors), so the account is looked up here (better-auth answers both alike). Wrong passwords
 * count per account whatever the address.
 *
 * @throws AUTH_INVALID_EMAIL, AUTH_USER_NOT_FOUND, AUTH_TOO_MANY_REQUESTS
 */
export async function signIn(
  deps: AuthDeps,
  request: AuthRequest,
  input: SignInInput,
): Promise<Response> {
  if (!isEmail(input.email)) throw invalidEmail();
  const userId = await findAuthUserIdByEmail(deps.db, input.email);
  if (!userId) throw new AppError(ErrorCode.AUTH_USER_NOT_FOUND, "no account with this e-mail");
  return forwardPasswordCheck(deps, userId, request, { body: input });
}

/** The account change stays; the mail did not go out (logged with its cause). */
function mailNotSent(request: AuthRequest, cause: unknown): AppError {
  request.logError(cause, "a mail of an account flow was not sent");
  return new AppError(ErrorCode.MAIL_NOT_SENT, "the e-mail could not be sent");
}

/**
 * Forwards a request that mails the user (sign-up, resend). better-auth only logs a failed
 * sign-up mail, so a request whose mail failed is answered 503 MAIL_NOT_SENT: what it changed
 * stays (the account exists) and the user can ask for the mail again.
 *
 * @throws MAIL_NOT_SENT
 */
export async function forwardMailing(
  request: AuthRequest,
  overrides: { body?: unknown; url?: string } = {},
): Promise<Response> {
  const { result, mailFailure } = await watchMailFailures(() => request.forward(overrides));
  // A refusal (4xx) stands; success, or the 500 of a send better-auth did not catch, is the
  // mail's failure.
  const isRefused = result.status >= 400 && result.status < 500;
  if (mailFailure !== undefined && !isRefused) throw mailNotSent(request, mailFailure);
  return result;
}

/**
 * better-auth hides an existing address behind a fake success; we answer
 * AUTH_EMAIL_ALREADY_IN_USE (PRODUCT.md › Sign-in and sign-up errors). An anonymous caller
 * becomes this account instead (PRODUCT.md › Anonymous use): then the answer is the converted
 * account, and the route clears the session cookie.
 *
 * When the verification mail could not go out the account exists all the same: a forwarded
 * sign-up throws MAIL_NOT_SENT, a conversion answers it as `mailError` (the route still ends the
 * old session's cookie first).
 *
 * @throws AUTH_INVALID_EMAIL, AUTH_WEAK_PASSWORD, AUTH_EMAIL_ALREADY_IN_USE, MAIL_NOT_SENT
 */
export async function signUp(
  deps: AuthDeps,
  request: AuthRequest,
  input: SignUpInput,
): Promise<{ forwarded: Response } | { converted: ConvertedAccount; mailError: AppError | null }> {
  assertSignUpCredentials(input.email, input.password);
  if (await findAuthUserIdByEmail(deps.db, input.email)) throw emailInUse();
  const name = input.name || input.email.split("@")[0] || "";
  const caller = await request.findCaller();
  if (caller?.user.isAnonymous) {
    return convertAnonymous(deps, request, caller.user.id, { ...input, name });
  }
  return { forwarded: await forwardMailing(request, { body: { ...input, name } }) };
}

/**
 * The anonymous user keeps its id (so every folder and memo) and gains the e-mail and a
 * password. Like any sign-up it must verify the address and sign in, so its sessions end.
 */
async function convertAnonymous(
  { auth, db, now }: AuthDeps,
  request: AuthRequest,
  userId: string,
  input: { email: string; password: string; name: string; callbackURL?: string | undefined },
): Promise<{ converted: ConvertedAccount; mailError: AppError | null }> {
  const isConverted = await convertAnonymousUser(db, {
    userId,
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    accountId: randomId(),
    now: new Date(now()),
  });
  if (!isConverted) throw new AppError(ErrorCode.AUTH_FAILED, "the account is not anonymous");
  // Still under the old session, which now reads as the new unverified address.
  const { mailFailure } = await watchMailFailures(() =>
    auth.api
      .sendVerificationEmail({
        headers: request.headers(),
        body: { email: input.email, ...(input.callbackURL && { callbackURL: input.callbackURL }) },
      })
      .catch((error: unknown) => noteMailFailure(error)),
  );
  await deleteSessionsOf(db, userId);
  return {
    converted: { token: null, user: { id: userId, email: input.email, name: input.name } },
    // The account is converted either way; the verify-email screen can resend.
    mailError: mailFailure === undefined ? null : mailNotSent(request, mailFailure),
  };
}

/**
 * Changing the e-mail re-authenticates with the current password (PRODUCT.md › Account
 * settings), within the per-account limit. The new address is only taken once the link mailed
 * to it is followed.
 *
 * @throws AUTH_REAUTHENTICATION_REQUIRED, AUTH_TOO_MANY_REQUESTS, AUTH_INVALID_EMAIL,
 *   AUTH_EMAIL_ALREADY_IN_USE
 */
export async function changeEmail(
  deps: AuthDeps,
  request: AuthRequest,
  user: SessionUser,
  input: ChangeEmailInput,
): Promise<Response> {
  const { db } = deps;
  const isRight = await checkPasswordWithinLimit(deps, user.id, async () => {
    const hash = await findPasswordHash(db, user.id);
    const isRight = !!hash && (await verifyPassword({ hash, password: input.currentPassword }));
    return { isRight, result: isRight };
  });
  if (!isRight) {
    throw new AppError(ErrorCode.AUTH_REAUTHENTICATION_REQUIRED, "current password is wrong");
  }
  if (!isEmail(input.newEmail)) throw invalidEmail();
  if (await findAuthUserIdByEmail(db, input.newEmail)) throw emailInUse();
  const body = {
    newEmail: input.newEmail,
    ...(input.callbackURL && { callbackURL: input.callbackURL }),
  };
  return request.forward({ body });
}

/**
 * A new password ends every other session, whatever the client asked for. The body goes to
 * better-auth as sent (it validates it); the password check counts within the account's limit.
 */
export async function changePassword(
  deps: AuthDeps,
  request: AuthRequest,
  body: unknown,
): Promise<Response> {
  const sent = typeof body === "object" && body !== null ? body : {};
  const overrides = { body: { ...sent, revokeOtherSessions: true } };
  const caller = await request.findCaller();
  // Signed out: better-auth answers (401) without checking anything.
  if (!caller) return request.forward(overrides);
  return forwardPasswordCheck(deps, caller.user.id, request, overrides);
}

/** Deleting the account with its password checks it, within the per-account limit. */
export async function deleteUser(
  deps: AuthDeps,
  request: AuthRequest,
  body: unknown,
): Promise<Response> {
  const caller = await request.findCaller();
  const password = (body as { password?: unknown } | undefined)?.password;
  if (!caller || password === undefined) return request.forward();
  return forwardPasswordCheck(deps, caller.user.id, request);
}

/**
 * Edits the caller's record; answers the account as it now reads.
 *
 * @throws UNAUTHENTICATED when the record went away meanwhile
 */
export async function updateMe(
  { db, now }: AuthDeps,
  user: SessionUser,
  input: UpdateMeInput,
): Promise<Account> {
  const profile = await updateProfile(db, user.id, input, new Date(now()));
  // The route found the record a moment ago; only a concurrent deletion gets here.
  if (!profile) throw new AppError(ErrorCode.UNAUTHENTICATED, "the account was deleted");
  const { name, lang, countryCode } = profile;
  return { user: { ...user, name, lang, countryCode }, profile };
}

/** The login screen shows a button only for the providers this server is configured for. */
export function authProviders({ config }: AuthDeps): AuthProvidersResponse {
  return { google: config.google !== null, apple: config.apple !== null };
}

/** A dev admin's password: derived from the server secret, so it is never stored or shown. */
function devAdminPassword(secret: string, id: string): string {
  return createHmac("sha256", secret).update(`dev-admin:${id}`).digest("base64url");
}

/**
 * The fixed admin identities ADMIN0 and ADMIN1 (PRODUCT.md › Admins), for dev mode only:
 * created on first use as verified accounts, signed into through better-auth like anyone else.
 */
export async function devSignIn(
  { config, db, now }: AuthDeps,
  request: AuthRequest,
  { id }: DevSignInInput,
): Promise<Response> {
  const identity = DEV_ADMIN_IDENTITIES.find((candidate) => candidate.id === id);
  if (!identity) throw new AppError(ErrorCode.NOT_FOUND, `no dev identity ${id}`);
  const password = devAdminPassword(config.secret, identity.id);
  await ensureDevAdmin(db, {
    profile: { ...identity, photoUrl: null, createdAt: now(), reminder: null },
    passwordHash: await hashPassword(password),
    accountId: randomId(),
    now: new Date(now()),
  });
  const body = { email: identity.email, password };
  return request.forward({ url: "/api/auth/sign-in/email", body });
}
