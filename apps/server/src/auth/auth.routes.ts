import { createHmac } from "node:crypto";
import {
  AppError,
  authProvidersResponseSchema,
  authSessionResponseSchema,
  changeEmailInputSchema,
  changeEmailResponseSchema,
  changePasswordInputSchema,
  DEV_ADMIN_IDENTITIES,
  deleteAccountInputSchema,
  devSignInInputSchema,
  ErrorCode,
  meResponseSchema,
  randomId,
  signInInputSchema,
  signUpInputSchema,
  updateMeInputSchema,
} from "@mnemo/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { type RouteDocs, routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { noteMailFailure, watchMailFailures } from "../mail/mail-failures.js";
import { type Auth, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth.js";
import {
  convertAnonymousUser,
  deleteSessionsOf,
  ensureDevAdmin,
  findAuthUserIdByEmail,
  findPasswordHash,
  type UserProfile,
  updateProfile,
} from "./auth.repo.js";
import { checkPasswordWithinLimit } from "./auth-limits.js";
import { markGuarded } from "./endpoint-access.js";
import { hashPassword, verifyPassword } from "./password-hash.js";
import { findAccount, requireAccount, type SessionUser } from "./session.js";
import { betterAuthCodeOf, relay, toWebHeaders, toWebRequest } from "./web-bridge.js";

const SIGN_INS_PER_IP_PER_MINUTE = 30;
/** Routes that send mail or create accounts, per client address. */
const MAILS_PER_IP_PER_MINUTE = 20;

function perIpLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => request.ip,
      errorResponseBuilder: () =>
        new AppError(ErrorCode.AUTH_TOO_MANY_REQUESTS, "too many attempts from this address"),
    },
  };
}

const isEmail = (value: string) => z.email().safeParse(value).success;
const invalidEmail = () => new AppError(ErrorCode.AUTH_INVALID_EMAIL, "not an e-mail address");
const emailInUse = () =>
  new AppError(ErrorCode.AUTH_EMAIL_ALREADY_IN_USE, "an account has this e-mail");

/** better-auth's answers to a wrong password: at sign-in, and when confirming a change. */
/** The account change stays; the mail did not go out (logged with its cause). */
function mailNotSent(request: FastifyRequest, cause: unknown): AppError {
  request.log.error({ err: cause }, "a mail of an account flow was not sent");
  return new AppError(ErrorCode.MAIL_NOT_SENT, "the e-mail could not be sent");
}

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

/** What GET and PATCH /api/me answer: the user record and what the session says about it. */
function presentMe(user: SessionUser, profile: UserProfile) {
  return {
    user: {
      id: profile.id,
      email: profile.email,
      name: profile.name,
      photoUrl: profile.photoUrl,
      plan: profile.plan,
      countryCode: profile.countryCode,
      lang: profile.lang,
      deviceInfo: profile.deviceInfo,
      signInMethod: profile.signInMethod,
      createdAt: profile.createdAt,
    },
    isAnonymous: user.isAnonymous,
    emailVerified: user.emailVerified,
    isAdmin: user.isAdmin,
  };
}

/** A dev admin's password: derived from the server secret, so it is never stored or shown. */
function devAdminPassword(secret: string, id: string): string {
  return createHmac("sha256", secret).update(`dev-admin:${id}`).digest("base64url");
}

export interface AuthRoutesOptions {
  auth: Auth;
}

/**
 * better-auth's handler under /api/auth/* with our error codes and limits in front of it, and
 * the user-record routes better-auth has no notion of (/api/me, /api/auth-providers).
 */
export const authRoutes = fp(async (app: FastifyInstance, { auth }: AuthRoutesOptions) => {
  app.decorate("auth", auth);
  const { config, db, now } = app.deps;
  /**
   * Hands the request to better-auth. Every route here guards its endpoint (endpoint-access.ts):
   * better-auth answers those endpoints only to requests sent this way.
   */
  const forward = (request: FastifyRequest, overrides: { body?: unknown; url?: string } = {}) =>
    auth.handler(markGuarded(toWebRequest(request, { publicUrl: config.publicUrl, ...overrides })));
  /**
   * Forwards a request that mails the user (sign-up, resend). better-auth only logs a failed
   * sign-up mail, so a request whose mail failed is answered 503 MAIL_NOT_SENT: what it changed
   * stays (the account exists) and the user can ask for the mail again.
   */
  const forwardMailing = async (
    request: FastifyRequest,
    overrides: { body?: unknown; url?: string } = {},
  ) => {
    const { result, mailFailure } = await watchMailFailures(() => forward(request, overrides));
    // A refusal (4xx) stands; success, or the 500 of a send better-auth did not catch, is the
    // mail's failure.
    const isRefused = result.status >= 400 && result.status < 500;
    if (mailFailure !== undefined && !isRefused) throw mailNotSent(request, mailFailure);
    return result;
  };
  /** Forwards a request that checks the account's password, within its per-account limit. */
  const forwardPasswordCheck = (
    userId: string,
    request: FastifyRequest,
    overrides: { body?: unknown } = {},
  ) =>
    checkPasswordWithinLimit(app.deps, userId, async () => {
      const response = await forward(request, overrides);
      const code = await betterAuthCodeOf(response);
      return { isRight: code === null || !WRONG_PASSWORD_CODES.has(code), result: response };
    });
  const authDocs = (summary: string, docs: Omit<RouteDocs, "tags" | "summary">) =>
    routeSchema({ tags: ["auth"], summary, ...docs });
  const security = [{ session: [] }];
  const { VALIDATION_FAILED, AUTH_INVALID_EMAIL, AUTH_REAUTHENTICATION_REQUIRED } = ErrorCode;

  // Sign-in tells an unknown e-mail from a wrong password
  // (PRODUCT.md › Sign-in and sign-up errors), so the account is looked up here (better-auth
  // answers both alike). Wrong passwords count per account whatever the address.
  app.post(
    "/api/auth/sign-in/email",
    {
      config: perIpLimit(SIGN_INS_PER_IP_PER_MINUTE),
      schema: authDocs("Sign in", {
        body: signInInputSchema,
        response: { 200: authSessionResponseSchema },
        errors: [
          VALIDATION_FAILED,
          AUTH_INVALID_EMAIL,
          ErrorCode.AUTH_USER_NOT_FOUND,
          ErrorCode.AUTH_WRONG_PASSWORD,
          ErrorCode.AUTH_EMAIL_NOT_VERIFIED,
          ErrorCode.AUTH_TOO_MANY_REQUESTS,
        ],
      }),
    },
    async (request, reply) => {
      const input = parseInput(signInInputSchema, request.body);
      if (!isEmail(input.email)) throw invalidEmail();
      const userId = await findAuthUserIdByEmail(db, input.email);
      if (!userId) throw new AppError(ErrorCode.AUTH_USER_NOT_FOUND, "no account with this e-mail");
      return relay(reply, await forwardPasswordCheck(userId, request, { body: input }));
    },
  );

  // better-auth hides an existing address behind a fake success; we answer
  // AUTH_EMAIL_ALREADY_IN_USE (PRODUCT.md › Sign-in and sign-up errors). An anonymous caller
  // becomes this account instead (PRODUCT.md › Anonymous use).
  app.post(
    "/api/auth/sign-up/email",
    {
      config: perIpLimit(MAILS_PER_IP_PER_MINUTE),
      schema: authDocs("Sign up", {
        body: signUpInputSchema,
        response: { 200: authSessionResponseSchema },
        errors: [
          VALIDATION_FAILED,
          AUTH_INVALID_EMAIL,
          ErrorCode.AUTH_WEAK_PASSWORD,
          ErrorCode.AUTH_EMAIL_ALREADY_IN_USE,
          ErrorCode.AUTH_TOO_MANY_REQUESTS,
          ErrorCode.MAIL_NOT_SENT,
        ],
      }),
    },
    async (request, reply) => {
      const input = parseInput(signUpInputSchema, request.body);
      assertSignUpCredentials(input.email, input.password);
      if (await findAuthUserIdByEmail(db, input.email)) throw emailInUse();
      const name = input.name || input.email.split("@")[0] || "";
      const caller = await findAccount(request);
      if (caller?.user.isAnonymous) {
        return convertAnonymous(request, reply, caller.user.id, { ...input, name });
      }
      return relay(reply, await forwardMailing(request, { body: { ...input, name } }));
    },
  );

  /**
   * The anonymous user keeps its id (so every folder and memo) and gains the e-mail and a
   * password. Like any sign-up it must verify the address and sign in, so its sessions end.
   */
  async function convertAnonymous(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    input: { email: string; password: string; name: string; callbackURL?: string | undefined },
  ) {
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
          headers: toWebHeaders(request.headers),
          body: {
            email: input.email,
            ...(input.callbackURL && { callbackURL: input.callbackURL }),
          },
        })
        .catch((error: unknown) => noteMailFailure(error)),
    );
    await deleteSessionsOf(db, userId);
    const { sessionToken } = (await auth.$context).authCookies;
    reply.setCookie(sessionToken.name, "", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: sessionToken.attributes.secure === true,
      maxAge: 0,
    });
    // The account is converted either way; the verify-email screen can resend.
    if (mailFailure !== undefined) throw mailNotSent(request, mailFailure);
    return { token: null, user: { id: userId, email: input.email, name: input.name } };
  }

  // Changing the e-mail re-authenticates with the current password (PRODUCT.md › Account settings).
  // The new address is only taken once the link mailed to it is followed.
  app.post(
    "/api/auth/change-email",
    {
      schema: authDocs("Change e-mail (mails a link to the new address)", {
        security,
        body: changeEmailInputSchema,
        response: { 200: changeEmailResponseSchema },
        errors: [
          VALIDATION_FAILED,
          AUTH_INVALID_EMAIL,
          ErrorCode.AUTH_EMAIL_ALREADY_IN_USE,
          AUTH_REAUTHENTICATION_REQUIRED,
        ],
      }),
    },
    async (request, reply) => {
      const { user } = await requireAccount(request);
      const input = parseInput(changeEmailInputSchema, request.body);
      const isRight = await checkPasswordWithinLimit(app.deps, user.id, async () => {
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
      return relay(reply, await forward(request, { body }));
    },
  );

  // A new password ends every other session, whatever the client asked for.
  app.post(
    "/api/auth/change-password",
    {
      schema: authDocs("Change password (ends other sessions)", {
        security,
        body: changePasswordInputSchema,
        response: { 200: authSessionResponseSchema },
        errors: [VALIDATION_FAILED, ErrorCode.AUTH_WEAK_PASSWORD, AUTH_REAUTHENTICATION_REQUIRED],
      }),
    },
    async (request, reply) => {
      const body = typeof request.body === "object" && request.body !== null ? request.body : {};
      const overrides = { body: { ...body, revokeOtherSessions: true } };
      const caller = await findAccount(request);
      // Signed out: better-auth answers (401) without checking anything.
      if (!caller) return relay(reply, await forward(request, overrides));
      return relay(reply, await forwardPasswordCheck(caller.user.id, request, overrides));
    },
  );

  // Deleting the account with its password checks it, within the per-account limit.
  app.post(
    "/api/auth/delete-user",
    {
      schema: authDocs("Delete the account and all its data", {
        security,
        body: deleteAccountInputSchema,
        response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
        errors: [VALIDATION_FAILED, AUTH_REAUTHENTICATION_REQUIRED],
      }),
    },
    async (request, reply) => {
      const caller = await findAccount(request);
      const password = (request.body as { password?: unknown } | undefined)?.password;
      if (!caller || password === undefined) return relay(reply, await forward(request));
      return relay(reply, await forwardPasswordCheck(caller.user.id, request));
    },
  );

  for (const path of [
    "/api/auth/sign-in/anonymous",
    "/api/auth/request-password-reset",
    "/api/auth/send-verification-email",
  ]) {
    app.post(
      path,
      { config: perIpLimit(MAILS_PER_IP_PER_MINUTE), schema: { hide: true } },
      async (request, reply) =>
        relay(
          reply,
          path === "/api/auth/send-verification-email"
            ? await forwardMailing(request)
            : await forward(request),
        ),
    );
  }

  await app.register(async (scope) => {
    // Apple posts its OAuth callback as a form; better-auth parses the raw body itself.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      schema: { hide: true },
      // Not marked as guarded: better-auth answers here only the endpoints open to everyone.
      handler: async (request, reply) =>
        relay(reply, await auth.handler(toWebRequest(request, { publicUrl: config.publicUrl }))),
    });
  });

  app.get(
    "/api/me",
    {
      schema: authDocs("The signed-in user's record", {
        security,
        response: { 200: meResponseSchema },
      }),
    },
    async (request, reply) => {
      const { user, profile } = await requireAccount(request, reply);
      return presentMe(user, profile);
    },
  );

  app.patch(
    "/api/me",
    {
      schema: authDocs("Edit name, photo, language, country, device", {
        security,
        body: updateMeInputSchema,
        response: { 200: meResponseSchema },
        errors: [VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const { user } = await requireAccount(request);
      const input = parseInput(updateMeInputSchema, request.body);
      const profile = await updateProfile(db, user.id, input, new Date(now()));
      // requireAccount found the record a moment ago; only a concurrent deletion gets here.
      if (!profile) throw new AppError(ErrorCode.UNAUTHENTICATED, "the account was deleted");
      const { name, lang, countryCode } = profile;
      return presentMe({ ...user, name, lang, countryCode }, profile);
    },
  );

  // The login screen shows a button only for the providers this server is configured for.
  app.get(
    "/api/auth-providers",
    {
      schema: authDocs("Which external sign-in providers are available", {
        response: { 200: authProvidersResponseSchema },
      }),
    },
    async () => ({ google: config.google !== null, apple: config.apple !== null }),
  );

  // The fixed admin identities ADMIN0 and ADMIN1 (PRODUCT.md › Admins) exist in dev mode only:
  // created on first use as verified accounts, signed into through better-auth like anyone else.
  if (config.isDevMode) {
    app.post(
      "/api/dev/sign-in",
      {
        schema: authDocs("Dev mode: sign in as ADMIN0 or ADMIN1", {
          body: devSignInInputSchema,
          response: { 200: authSessionResponseSchema },
          errors: [VALIDATION_FAILED],
        }),
      },
      async (request, reply) => {
        const { id } = parseInput(devSignInInputSchema, request.body);
        const identity = DEV_ADMIN_IDENTITIES.find((candidate) => candidate.id === id);
        if (!identity) throw new AppError(ErrorCode.NOT_FOUND, `no dev identity ${id}`);
        const password = devAdminPassword(config.secret, identity.id);
        await ensureDevAdmin(db, {
          profile: { ...identity, photoUrl: null, createdAt: now() },
          passwordHash: await hashPassword(password),
          accountId: randomId(),
          now: new Date(now()),
        });
        const body = { email: identity.email, password };
        return relay(reply, await forward(request, { url: "/api/auth/sign-in/email", body }));
      },
    );
  }
});
