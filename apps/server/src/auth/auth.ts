import {
  ANONYMOUS_EMAIL,
  DEFAULT_LANGUAGE,
  defaultCountryCode,
  type Language,
  languageSchema,
  randomId,
} from "@mnemo/domain";
import { betterAuth } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { anonymous } from "better-auth/plugins/anonymous";
import { bearer } from "better-auth/plugins/bearer";
import type { Db } from "../db/database.js";
import type { AppDeps } from "../deps.js";
import {
  deleteAccountTraces,
  findProfile,
  insertProfile,
  mirrorAuthUser,
  setFirstSignInMethod,
  type UserProfile,
} from "./auth.repo.js";
import { forgetLimitsOf, mayMail } from "./auth-limits.js";
import { passwordResetMail, verificationMail } from "./auth-mail.js";
import { anonymousSchema, authTableOptions } from "./auth-tables.js";
import { assertEndpointReachable, withoutSessionTokens } from "./endpoint-access.js";
import { hashPassword, verifyPassword } from "./password-hash.js";

/**
 * The password length bounds (PRODUCT.md › Sign-up and verification); better-auth enforces them.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Sessions last 30 days and slide forward once a day while used (PRODUCT.md › Sign-in). */
const SESSION_SECONDS = 30 * 24 * 60 * 60;
const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
/** Verification and reset links expire after an hour (the mails say so). */
const LINK_SECONDS = 60 * 60;

/**
 * better-auth names the e-mail/password provider `credential`; users show ours
 * (PRODUCT.md › Users).
 */
function signInMethodOf(providerId: string): string {
  return providerId === "credential" ? "email" : providerId;
}

async function languageOf(db: Db, userId: string): Promise<Language> {
  return (await findProfile(db, userId))?.lang ?? DEFAULT_LANGUAGE;
}

/**
 * The user record created with every auth user (PRODUCT.md › Sign-up and verification). `lang`
 * comes from the sign-up body when given; the sign-in method is filled in by the first linked
 * account (see the account hook), except for anonymous users, who have none.
 */
function newProfile(
  user: { id: string; email: string; name: string; image?: string | null | undefined },
  isAnonymous: boolean,
  body: unknown,
  now: number,
): UserProfile {
  const requested = (body as { lang?: unknown } | undefined)?.lang;
  const lang = languageSchema.safeParse(requested).data ?? DEFAULT_LANGUAGE;
  return {
    id: user.id,
    email: isAnonymous ? ANONYMOUS_EMAIL : user.email,
    name: user.name,
    photoUrl: user.image ?? null,
    plan: "",
    countryCode: defaultCountryCode(lang),
    lang,
    deviceInfo: "",
    signInMethod: isAnonymous ? "anonymous" : "",
    createdAt: now,
    reminder: null,
  };
}

/**
 * better-auth configured for Mnemo: e-mail and password with verification, password reset and
 * e-mail change by mail, anonymous users, bearer tokens for the native apps, and Google/Apple
 * when configured. Its tables are ours (migration 20261123T0000) and its rate limiter is off:
 * auth.routes.ts limits sign-in per IP, auth.service.ts password checks per account, and the
 * mails are limited per address here. Only the endpoints the app uses answer over HTTP
 * (endpoint-access.ts).
 */
export function createAuth(deps: Required<AppDeps>) {
  const { config, db, mailer, now } = deps;
  const isSecure = config.publicUrl.startsWith("https:");

  return betterAuth({
    appName: "Mnemo",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.secret,
    // Apple answers its callback with a cross-site form POST from its own origin.
    trustedOrigins: config.apple
      ? [...config.trustedOrigins, "https://appleid.apple.com"]
      : config.trustedOrigins,
    database: { db: db.kysely, type: db.kind, transaction: true },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === "silent", level: "warn" },
    rateLimit: { enabled: false },
    user: {
      ...authTableOptions.user,
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    session: {
      ...authTableOptions.session,
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    account: authTableOptions.account,
    verification: authTableOptions.verification,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: LINK_SECONDS,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, token }) => {
        if (!(await mayMail(deps, "reset", user.email))) return;
        // The web app's find-account screen reads the token and posts the new password.
        const url = `${config.publicUrl}/find-account?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user.email, url, await languageOf(db, user.id)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: LINK_SECONDS,
      // The link is better-auth's /api/auth/verify-email, which verifies and then redirects
      // into the app (to the callbackURL the client chose, "/" by default).
      sendVerificationEmail: async ({ user, url }) => {
        if (!(await mayMail(deps, "verify", user.email))) return;
        await mailer.send(verificationMail(user.email, url, await languageOf(db, user.id)));
      },
    },
    socialProviders: {
      ...(config.google && {
        google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret },
      }),
      ...(config.apple && {
        apple: {
          clientId: config.apple.clientId,
          clientSecret: config.apple.clientSecret,
          ...(config.apple.appBundleIdentifier && {
            appBundleIdentifier: config.apple.appBundleIdentifier,
          }),
        },
      }),
    },
    advanced: {
      database: { generateId: () => randomId() },
      // better-auth turns both checks off when NODE_ENV is test; ours must run as in production.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: isSecure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isSecure },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            const isAnonymous = user.isAnonymous === true;
            await insertProfile(db, newProfile(user, isAnonymous, context?.body, now()));
          },
        },
        delete: {
          // Deleting an account removes every row that still names it (the privacy policy).
          after: async (user) => {
            await deleteAccountTraces(db, { userId: user.id, email: user.email });
            await forgetLimitsOf(db, { userId: user.id, email: user.email });
          },
        },
        update: {
          // E-mail changes (after verification), names and photos set through better-auth.
          after: async (user) => {
            if (!user?.id) return;
            await mirrorAuthUser(db, {
              id: user.id,
              email: user.isAnonymous === true ? ANONYMOUS_EMAIL : user.email,
              name: user.name,
              photoUrl: user.image ?? null,
            });
          },
        },
      },
      account: {
        create: {
          after: async (account) => {
            await setFirstSignInMethod(db, account.userId, signInMethodOf(account.providerId));
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        assertEndpointReachable(ctx.path, ctx.request);
        // Logging out an anonymous user deletes the account and, by cascade, its data
        // (PRODUCT.md › Anonymous use).
        if (ctx.path !== "/sign-out") return;
        const session = await getSessionFromCtx(ctx, { disableRefresh: true });
        const user = session?.user as { id: string; isAnonymous?: boolean | null } | undefined;
        if (user?.isAnonymous) await ctx.context.internalAdapter.deleteUser(user.id);
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!ctx.request) return;
        const stripped = withoutSessionTokens(ctx.path, ctx.context.returned);
        return stripped === undefined ? undefined : ctx.json(stripped);
      }),
    },
    plugins: [anonymous({ schema: anonymousSchema }), bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
