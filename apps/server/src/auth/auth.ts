import {
  ANONYMOUS_EMAIL,
  DEFAULT_LANGUAGE,
  defaultCountryCode,
  type Language,
  languageSchema,
  randomId,
} from "@mnemo/domain";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
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
import {
  CONVERTED_COOKIE,
  CONVERTED_COOKIE_PATH,
  convertedUserId,
  verifiedEmailOf,
} from "./converted-marker.js";
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
 * The language of a new account, so its first mail (the verification link) is in it: the
 * sign-up body's `lang` (the web app sends its interface language), else the first supported
 * language of the request's Accept-Language, else Korean.
 */
export function signUpLanguage(body: unknown, acceptLanguage: string | null | undefined): Language {
  const requested = languageSchema.safeParse((body as { lang?: unknown } | undefined)?.lang);
  if (requested.success) return requested.data;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    const language = languageSchema.safeParse(primary);
    if (language.success) return language.data;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The user record created with every auth user (PRODUCT.md › Sign-up and verification). `lang`
 * is `signUpLanguage`'s; the sign-in method is filled in by the first linked
 * account (see the account hook), except for anonymous users, who have none.
 */
function newProfile(
  user: { id: string; email: string; name: string; image?: string | null | undefined },
  isAnonymous: boolean,
  lang: Language,
  now: number,
): UserProfile {
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
 * After the verification link of a converted anonymous account is opened in the browser that
 * converted it (it carries the signed marker), that browser is signed in: the user lands on
 * their home with their data (converted-marker.ts). Anything else only verifies.
 */
/**
 * Whether better-auth's /verify-email answered success: JSON, or its redirect to the callback
 * without `error=` (a bad or expired token redirects with one, or throws without a callback).
 */
function hasVerified(returned: unknown): boolean {
  if (!(returned instanceof APIError)) return returned !== undefined && returned !== null;
  const location = returned.headers instanceof Headers ? returned.headers.get("location") : null;
  return returned.statusCode === 302 && location !== null && !/[?&]error=/.test(location);
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function signInConvertedUser(ctx: AuthMiddlewareContext, secret: string): Promise<void> {
  if (!hasVerified(ctx.context.returned)) return;
  const userId = convertedUserId(ctx.getCookie(CONVERTED_COOKIE), secret);
  const email = verifiedEmailOf(ctx.query?.token);
  if (!userId || !email) return;
  const user = await ctx.context.internalAdapter.findUserById(userId);
  // Verified by this very token: the address is the token's, and it is verified now.
  if (!user?.emailVerified || user.email.toLowerCase() !== email) return;
  const session = await ctx.context.internalAdapter.createSession(user.id);
  if (!session) return;
  await setSessionCookie(ctx, { session, user });
  ctx.setCookie(CONVERTED_COOKIE, "", { path: CONVERTED_COOKIE_PATH, maxAge: 0 });
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
        const lang = await languageOf(db, user.id);
        await mailer.send(passwordResetMail({ to: user.email, name: user.name, lang }, url));
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
        const lang = await languageOf(db, user.id);
        await mailer.send(verificationMail({ to: user.email, name: user.name, lang }, url));
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
            const acceptLanguage = context?.headers?.get("accept-language");
            const lang = signUpLanguage(context?.body, acceptLanguage);
            await insertProfile(db, newProfile(user, isAnonymous, lang, now()));
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
        if (ctx.path === "/verify-email") await signInConvertedUser(ctx, config.secret);
        if (!ctx.request) return;
        const stripped = withoutSessionTokens(ctx.path, ctx.context.returned);
        return stripped === undefined ? undefined : ctx.json(stripped);
      }),
    },
    plugins: [anonymous({ schema: anonymousSchema }), bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
