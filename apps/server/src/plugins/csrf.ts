import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError, ErrorCode } from "@mnemo/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
/** better-auth's session cookie; behind HTTPS it carries the __Secure- prefix. */
export const SESSION_COOKIE = "better-auth.session_token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * OAuth providers (Apple) post their callback as a cross-site form: it cannot carry our token and
 * comes from the provider's origin. The OAuth state parameter, checked by better-auth, protects it.
 */
const OAUTH_CALLBACK_PREFIX = "/api/auth/callback/";
/**
 * The reminder unsubscribe button posts a plain form from the page of an e-mailed link (signed
 * in or not; the page's no-referrer policy makes the browser send `Origin: null`). The signed
 * token in the form is what authenticates it and the route reads no cookie, so a forged post can
 * do no more than whoever holds the link.
 */
const UNSUBSCRIBE_FORM_PATH = "/api/reminders/unsubscribe";

export interface CsrfOptions {
  secret: string;
  trustedOrigins: string[];
  /** Origins of the native shells: trusted for bearer-token requests only, never cookies. */
  nativeOrigins: string[];
  secureCookies: boolean;
}

function sessionCookieOf(request: FastifyRequest): string {
  return request.cookies[SESSION_COOKIE] ?? request.cookies[`__Secure-${SESSION_COOKIE}`] ?? "";
}

/**
 * The session value that holds once this reply is sent: a sign-in or sign-out sets or clears the
 * session cookie in the reply, and the next token must be bound to that, not to the old one.
 */
function sessionAfterReply(request: FastifyRequest, reply: FastifyReply): string {
  for (const line of setCookieLines(reply)) {
    const match = /^(?:__Secure-)?better-auth\.session_token=([^;]*)(.*)$/i.exec(line);
    if (!match) continue;
    const isCleared = /max-age=0\b/i.test(match[2] ?? "") || match[1] === "";
    return isCleared ? "" : decodeURIComponent(match[1] ?? "");
  }
  return sessionCookieOf(request);
}

function setCookieLines(reply: FastifyReply): string[] {
  const header = reply.getHeader("set-cookie");
  return Array.isArray(header) ? header : header ? [String(header)] : [];
}

function setsCookie(reply: FastifyReply, name: string): boolean {
  return setCookieLines(reply).some((line) => line.startsWith(`${name}=`));
}

function sign(secret: string, nonce: string, session: string): string {
  return createHmac("sha256", secret).update(`xsrf|${nonce}|${session}`).digest("base64url");
}

/** A token is `nonce.signature`, the signature binding the nonce to the session cookie. */
export function issueXsrfToken(secret: string, session: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${sign(secret, nonce, session)}`;
}

export function isXsrfTokenValid(secret: string, token: string, session: string): boolean {
  const [nonce, signature, extra] = token.split(".");
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce, session));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Anti-forgery for every state-changing request: the X-XSRF-TOKEN header must equal the
 * XSRF-TOKEN cookie and be signed for the current session, and a browser's Origin must be ours.
 * Requests that carry no cookies at all (native apps with a bearer token) cannot be forged by
 * another site, so only the Origin rule applies to them. A native shell's origin
 * (`https://localhost`) can also be a page of some local web server, so requests from those
 * origins are made cookie-less: their cookies are dropped before anything reads them and their
 * answers set none. The native apps authenticate with their bearer token.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: CsrfOptions) => {
  const trusted = new Set(options.trustedOrigins);
  const native = new Set(options.nativeOrigins);
  const nativeRequests = new WeakSet<FastifyRequest>();
  // Requests whose token onRequest already checked against their session: onSend need not sign
  // it again unless the reply changes the session.
  const checked = new WeakSet<FastifyRequest>();

  /** The request's token when it is valid for `session`, else a new one set on the reply. */
  function tokenFor(request: FastifyRequest, reply: FastifyReply, session: string): string {
    const current = request.cookies[XSRF_COOKIE];
    const isCurrentValid =
      current !== undefined &&
      ((checked.has(request) && session === sessionCookieOf(request)) ||
        isXsrfTokenValid(options.secret, current, session));
    if (isCurrentValid) return current;
    const token = issueXsrfToken(options.secret, session);
    // Readable by the page's script (not HttpOnly): the client copies it into the header.
    reply.setCookie(XSRF_COOKIE, token, {
      path: "/",
      sameSite: "lax",
      secure: options.secureCookies,
      httpOnly: false,
    });
    return token;
  }

  app.addHook("onRequest", async (request) => {
    const { origin } = request.headers;
    if (origin !== undefined && native.has(origin)) {
      delete request.headers.cookie;
      request.cookies = {};
      nativeRequests.add(request);
      return;
    }
    if (SAFE_METHODS.has(request.method) || request.url.startsWith(OAUTH_CALLBACK_PREFIX)) return;
    if (request.url.split("?")[0] === UNSUBSCRIBE_FORM_PATH) return;
    if (origin !== undefined && !trusted.has(origin)) {
      throw new AppError(ErrorCode.CSRF_REJECTED, `origin ${origin} is not allowed`);
    }
    const hasCookies = Object.keys(request.cookies).length > 0;
    if (!hasCookies && request.headers.authorization?.startsWith("Bearer ")) return;
    const header = request.headers[XSRF_HEADER];
    const cookie = request.cookies[XSRF_COOKIE];
    if (typeof header !== "string" || !cookie || header !== cookie) {
      throw new AppError(ErrorCode.CSRF_REJECTED, "missing or mismatched X-XSRF-TOKEN");
    }
    if (!isXsrfTokenValid(options.secret, header, sessionCookieOf(request))) {
      throw new AppError(ErrorCode.CSRF_REJECTED, "X-XSRF-TOKEN is not bound to this session");
    }
    checked.add(request);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (nativeRequests.has(request)) {
      reply.removeHeader("set-cookie");
      return payload;
    }
    if (!setsCookie(reply, XSRF_COOKIE))
      tokenFor(request, reply, sessionAfterReply(request, reply));
    return payload;
  });

  // The body repeats the token for clients that cannot read cookies.
  app.get("/api/csrf", { schema: { hide: true } }, async (request, reply) => ({
    token: tokenFor(request, reply, sessionCookieOf(request)),
  }));
});
