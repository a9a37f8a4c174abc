import { createHmac } from "node:crypto";
import {
  AppError,
  authProvidersResponseSchema,
  authSessionResponseSchema,
  changeEmailInputSchema,
  changeEmailResponseSchema,
  changePasswordInputSchema,
  DEV_ADMIN_IDENTITIES,
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
import { type Auth, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth.js";
import {
  convertAnonymousUser,
  countSignInFailures,
  deleteSessionsOf,
  ensureDevAdmin,
  findAuthUserIdByEmail,
  findPasswordHash,
  recordSignInFailure,
  type UserProfile,
  updateProfile,
} from "./auth.repo.js";
import { hashPassword, verifyPassword } from "./password-hash.js";
import { findAccount, requireAccount, type SessionUser } from "./session.js";
import { betterAuthCodeOf, relay, toWebHeaders, toWebRequest } from "./web-bridge.js";

const HOUR_MS = 60 * 60 * 1000;
/** Failed password sign-ins one account may take per hour (PRODUCT.md › Auth limits). */
export const MAX_FAILED_SIGN_INS_PER_HOUR = 100;
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
  const forward = (request: FastifyRequest, overrides: { body?: unknown; url?: string } = {}) =>
    auth.handler(toWebRequest(request, { publicUrl: config.publicUrl, ...overrides }));
  const authDocs = (summary: string, docs: Omit<RouteDocs, "tags" | "summary">) =>
    routeSchema({ tags: ["auth"], summary, ...docs });
  const security = [{ session: [] }];
  const { VALIDATION_FAILED, AUTH_INVALID_EMAIL, AUTH_REAUTHENTICATION_REQUIRED } = ErrorCode;

  // Sign-in tells an unknown e-mail from a wrong password
  // (PRODUCT.md › Sign-in and sign-up errors), so the account is looked up here (better-auth
  // answers both alike). Failed passwords count per account whatever the address.
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
      const at = now();
      const failures = await countSignInFailures(db, input.email, at - HOUR_MS);
      if (failures >= MAX_FAILED_SIGN_INS_PER_HOUR) {
        throw new AppError(ErrorCode.AUTH_TOO_MANY_REQUESTS, "too many failed sign-ins");
      }
      if (!(await findAuthUserIdByEmail(db, input.email))) {
        throw new AppError(ErrorCode.AUTH_USER_NOT_FOUND, "no account with this e-mail");
      }
      const response = await forward(request, { body: input });
      if ((await betterAuthCodeOf(response)) === "INVALID_EMAIL_OR_PASSWORD") {
        const failure = { id: randomId(), emailKey: input.email, ip: request.ip, at };
        await recordSignInFailure(db, failure, at - HOUR_MS);
      }
      return relay(reply, response);
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
      return relay(reply, await forward(request, { body: { ...input, name } }));
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
    try {
      // Still under the old session, which now reads as the new unverified address.
      await auth.api.sendVerificationEmail({
        headers: toWebHeaders(request.headers),
        body: { email: input.email, ...(input.callbackURL && { callbackURL: input.callbackURL }) },
      });
    } catch (error) {
      // The account exists either way; the verify-email screen can resend.
      request.log.error({ err: error }, "verification mail after anonymous sign-up failed");
    }
    await deleteSessionsOf(db, userId);
    const { sessionToken } = (await auth.$context).authCookies;
    reply.setCookie(sessionToken.name, "", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: sessionToken.attributes.secure === true,
      maxAge: 0,
    });
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
      const hash = await findPasswordHash(db, user.id);
      if (!hash || !(await verifyPassword({ hash, password: input.currentPassword }))) {
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
      return relay(reply, await forward(request, { body: { ...body, revokeOtherSessions: true } }));
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
      async (request, reply) => relay(reply, await forward(request)),
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
      handler: async (request, reply) => relay(reply, await forward(request)),
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
