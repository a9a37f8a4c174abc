import {
  AppError,
  authProvidersResponseSchema,
  authSessionResponseSchema,
  changeEmailInputSchema,
  changeEmailResponseSchema,
  changePasswordInputSchema,
  deleteAccountInputSchema,
  devSignInInputSchema,
  ErrorCode,
  meResponseSchema,
  signInInputSchema,
  signUpInputSchema,
  updateMeInputSchema,
} from "@mnemo/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { type RouteDocs, routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import type { Auth } from "./auth.js";
import {
  type AuthDeps,
  type AuthRequest,
  authProviders,
  changeEmail,
  changePassword,
  deleteUser,
  devSignIn,
  forwardMailing,
  signIn,
  signUp,
  updateMe,
} from "./auth.service.js";
import { CONVERTED_COOKIE, CONVERTED_COOKIE_PATH, convertedMarker } from "./converted-marker.js";
import { markGuarded } from "./endpoint-access.js";
import { type Account, findAccount, requireAccount } from "./session.js";
import { relay, toWebHeaders, toWebRequest } from "./web-bridge.js";

/** How long the converted browser may wait for the verification link: the link's own hour. */
const CONVERTED_MARKER_SECONDS = 60 * 60;

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

/** What GET and PATCH /api/me answer: the user record and what the session says about it. */
function presentMe({ user, profile }: Account) {
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
      reminder: profile.reminder,
    },
    isAnonymous: user.isAnonymous,
    emailVerified: user.emailVerified,
    isAdmin: user.isAdmin,
  };
}

/** Ends the session cookie in the browser (its sessions were deleted). */
async function clearSessionCookie(auth: Auth, reply: FastifyReply): Promise<void> {
  const { sessionToken } = (await auth.$context).authCookies;
  reply.setCookie(sessionToken.name, "", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: sessionToken.attributes.secure === true,
    maxAge: 0,
  });
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
  const { config } = app.deps;
  const deps: AuthDeps = { ...app.deps, auth };
  /**
   * Hands the request to better-auth. Every route here guards its endpoint (endpoint-access.ts):
   * better-auth answers those endpoints only to requests sent this way.
   */
  const forward = (request: FastifyRequest, overrides: { body?: unknown; url?: string } = {}) =>
    auth.handler(markGuarded(toWebRequest(request, { publicUrl: config.publicUrl, ...overrides })));
  /** The request as the auth services use it (auth.service.ts `AuthRequest`). */
  const bridge = (request: FastifyRequest): AuthRequest => ({
    forward: (overrides) => forward(request, overrides),
    findCaller: () => findAccount(request),
    headers: () => toWebHeaders(request.headers),
    logError: (error, message) => request.log.error({ err: error }, message),
  });
  const authDocs = (summary: string, docs: Omit<RouteDocs, "tags" | "summary">) =>
    routeSchema({ tags: ["auth"], summary, ...docs });
  const security = [{ session: [] }];
  const { VALIDATION_FAILED, AUTH_INVALID_EMAIL, AUTH_REAUTHENTICATION_REQUIRED } = ErrorCode;

  // Sign-in tells an unknown e-mail from a wrong password (see signIn).
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
      return relay(reply, await signIn(deps, bridge(request), input));
    },
  );

  // AUTH_EMAIL_ALREADY_IN_USE where better-auth would fake a success; an anonymous caller
  // becomes the new account (see signUp).
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
      const outcome = await signUp(deps, bridge(request), input);
      if ("forwarded" in outcome) return relay(reply, outcome.forwarded);
      await clearSessionCookie(auth, reply);
      // This browser is signed in again once it opens the verification link (converted-marker).
      reply.setCookie(CONVERTED_COOKIE, convertedMarker(outcome.converted.user.id, config.secret), {
        path: CONVERTED_COOKIE_PATH,
        httpOnly: true,
        sameSite: "lax",
        secure: config.publicUrl.startsWith("https:"),
        maxAge: CONVERTED_MARKER_SECONDS,
      });
      if (outcome.mailError) throw outcome.mailError;
      return outcome.converted;
    },
  );

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
      return relay(reply, await changeEmail(deps, bridge(request), user, input));
    },
  );

  // The body goes to better-auth as sent, which validates it (see changePassword).
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
    async (request, reply) =>
      relay(reply, await changePassword(deps, bridge(request), request.body)),
  );

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
    async (request, reply) => relay(reply, await deleteUser(deps, bridge(request), request.body)),
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
            ? await forwardMailing(bridge(request))
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
    // Passing the reply lets better-auth slide the session forward and re-send its cookie.
    async (request, reply) => presentMe(await requireAccount(request, reply)),
  );

  app.patch(
    "/api/me",
    {
      schema: authDocs("Edit name, photo, language, country, device, daily reminder", {
        security,
        body: updateMeInputSchema,
        response: { 200: meResponseSchema },
        errors: [VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const { user } = await requireAccount(request);
      const input = parseInput(updateMeInputSchema, request.body);
      return presentMe(await updateMe(deps, user, input));
    },
  );

  app.get(
    "/api/auth-providers",
    {
      schema: authDocs("Which external sign-in providers are available", {
        response: { 200: authProvidersResponseSchema },
      }),
    },
    async () => authProviders(deps),
  );

  // The fixed admin identities ADMIN0 and ADMIN1 (PRODUCT.md › Admins) exist in dev mode only.
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
        const input = parseInput(devSignInInputSchema, request.body);
        return relay(reply, await devSignIn(deps, bridge(request), input));
      },
    );
  }
});
