import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError, type CountryCode, ErrorCode, isAdmin, type Language } from "@mnemo/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Auth } from "./auth.js";
import { findProfile, findSessionAccount, type UserProfile } from "./auth.repo.js";
import { copySetCookies, toWebHeaders } from "./web-bridge.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The better-auth instance (set by auth.routes.ts). */
    auth: Auth;
  }
}

/** Who is calling, as every feature route needs it. */
export interface SessionUser {
  id: string;
  /**
   * The record's e-mail: the literal `Anonymous` for anonymous users (PRODUCT.md › Anonymous use).
   */
  email: string;
  name: string;
  isAnonymous: boolean;
  emailVerified: boolean;
  lang: Language;
  countryCode: CountryCode;
  plan: string;
  isAdmin: boolean;
}

/** The signed-in caller with their full user record. */
export interface Account {
  user: SessionUser;
  profile: UserProfile;
}

interface AuthUser {
  id: string;
  emailVerified: boolean;
  isAnonymous?: boolean | null;
}

type Resolved = { authUser: AuthUser; profile: UserProfile | undefined } | null;

// One lookup per request however many times a handler asks; keyed weakly so it dies with it.
const resolvedByRequest = new WeakMap<FastifyRequest, Promise<Resolved>>();

const SESSION_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token"];

/**
 * The session token of a cookie signed by better-auth (`token.base64(HMAC-SHA256(secret, token))`,
 * URL-encoded), or null when there is no such cookie or its signature is wrong.
 */
export function verifiedSessionToken(cookieValue: string, secret: string): string | null {
  const value = decodeURIComponent(cookieValue);
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Every signed-in request resolves its session, so the common case (a browser's session cookie)
 * is one indexed query instead of better-auth's full getSession pipeline: the cookie's signature
 * is checked here, then session, auth user and user record are read in one join. Sessions are
 * neither refreshed nor revoked here; that stays with better-auth (GET /api/me refreshes).
 * Returns undefined when the request needs better-auth (bearer tokens).
 */
async function resolveFromCookie(request: FastifyRequest): Promise<Resolved | undefined> {
  if (request.headers.authorization) return undefined;
  const cookie = SESSION_COOKIES.map((name) => request.cookies[name]).find(Boolean);
  if (!cookie) return null;
  const { deps } = request.server;
  const token = verifiedSessionToken(cookie, deps.config.secret);
  if (!token) return null;
  const row = await findSessionAccount(deps.db, token);
  if (!row || row.expiresAt <= deps.now()) return null;
  return {
    authUser: {
      id: row.profile?.id ?? "",
      emailVerified: row.emailVerified,
      isAnonymous: row.isAnonymous,
    },
    profile: row.profile,
  };
}

async function resolve(request: FastifyRequest, reply?: FastifyReply): Promise<Resolved> {
  if (!reply) {
    const fast = await resolveFromCookie(request);
    if (fast !== undefined) return fast;
  }
  const { auth, deps } = request.server;
  const headers = toWebHeaders(request.headers);
  let authUser: AuthUser | undefined;
  if (reply) {
    // Loading the user (GET /api/me, at app start) may slide the session forward; the renewed
    // cookie must reach the client.
    const result = await auth.api.getSession({ headers, returnHeaders: true });
    copySetCookies(reply, result.headers);
    authUser = result.response?.user;
  } else {
    const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    authUser = session?.user;
  }
  if (!authUser) return null;
  return { authUser, profile: await findProfile(deps.db, authUser.id) };
}

function resolveOnce(request: FastifyRequest, reply?: FastifyReply): Promise<Resolved> {
  let pending = resolvedByRequest.get(request);
  if (!pending) {
    pending = resolve(request, reply);
    resolvedByRequest.set(request, pending);
  }
  return pending;
}

/**
 * The caller and their record, or null when nobody is signed in (cookie session or
 * `Authorization: Bearer`). Pass the reply when the session may be refreshed and its cookie
 * re-sent.
 *
 * @throws AppError AUTH_HAS_NOT_USER_INFORMATION when the user record is missing
 *   (PRODUCT.md › Start-up)
 */
export async function findAccount(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<Account | null> {
  const resolved = await resolveOnce(request, reply);
  if (!resolved) return null;
  const { authUser, profile } = resolved;
  if (!profile) {
    throw new AppError(ErrorCode.AUTH_HAS_NOT_USER_INFORMATION, "no user record for this account");
  }
  const { config } = request.server.deps;
  return {
    profile,
    user: {
      id: profile.id,
      email: profile.email,
      name: profile.name,
      isAnonymous: authUser.isAnonymous === true,
      emailVerified: authUser.emailVerified,
      lang: profile.lang,
      countryCode: profile.countryCode,
      plan: profile.plan,
      isAdmin: isAdmin(profile, { ownerEmail: config.ownerEmail, isDevMode: config.isDevMode }),
    },
  };
}

/**
 * The signed-in caller and their record.
 *
 * @throws AppError UNAUTHENTICATED without a live session
 * @throws AppError AUTH_HAS_NOT_USER_INFORMATION when the user record is missing
 *   (PRODUCT.md › Start-up)
 */
export async function requireAccount(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<Account> {
  const account = await findAccount(request, reply);
  if (!account) throw new AppError(ErrorCode.UNAUTHENTICATED, "sign in first");
  return account;
}

/**
 * The signed-in caller; feature routes call this first.
 *
 * @throws AppError UNAUTHENTICATED without a live session
 * @throws AppError AUTH_HAS_NOT_USER_INFORMATION when the user record is missing
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  return (await requireAccount(request)).user;
}

/**
 * The signed-in caller, who must be an admin: owner e-mail, plan ADMIN or dev mode
 * (PRODUCT.md › Admins).
 *
 * @throws AppError FORBIDDEN for everyone else (and what requireUser throws)
 */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new AppError(ErrorCode.FORBIDDEN, "admins only");
  return user;
}
