import { APIError, isAPIError } from "better-auth/api";

// Which better-auth endpoints the outside world may reach, decided on the endpoint's own path
// (`ctx.path`, e.g. `/sign-in/email`) after better-auth's router resolved the request's URL: no
// spelling of a URL can change what is checked here.

/**
 * Endpoints with our rules in front of them (limits, password checks, our error codes) in
 * auth.routes.ts and auth.service.ts: over HTTP they answer only a request that came through
 * that route.
 */
const GUARDED_ENDPOINTS = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/sign-in/anonymous",
  "/request-password-reset",
  "/send-verification-email",
  "/change-email",
  "/change-password",
  "/delete-user",
]);

/** Endpoints the app uses as better-auth has them. */
const OPEN_ENDPOINTS = new Set([
  "/sign-out",
  "/verify-email",
  "/reset-password",
  "/sign-in/social",
  "/callback/:id",
  "/get-session",
  "/list-sessions",
  // Where better-auth sends a failed OAuth sign-in.
  "/error",
]);

/** Requests built by one of our guarded routes (see auth.routes.ts). */
const guardedRequests = new WeakSet<Request>();

/** Marks a request as having passed its route's rules, so a guarded endpoint answers it. */
export function markGuarded(request: Request): Request {
  guardedRequests.add(request);
  return request;
}

/**
 * Refuses an HTTP request to any endpoint the app does not use (e.g. update-user, which would
 * skip PATCH /api/me's rules, or verify-password) and to a guarded endpoint that its route did
 * not send. Calls from our own code (`auth.api.*`, no request) are not affected.
 *
 * @throws APIError NOT_FOUND
 */
export function assertEndpointReachable(path: string, request: Request | undefined): void {
  if (!request) return;
  const isReachable = GUARDED_ENDPOINTS.has(path)
    ? guardedRequests.has(request)
    : OPEN_ENDPOINTS.has(path);
  if (!isReachable) throw new APIError("NOT_FOUND", { code: "NOT_FOUND", message: "no route" });
}

/** Endpoints whose answer holds session tokens, which page scripts must never read. */
const SESSION_LISTING_ENDPOINTS = new Set(["/get-session", "/list-sessions"]);

function withoutToken(session: unknown): unknown {
  if (typeof session !== "object" || session === null) return session;
  const { token: _token, ...rest } = session as Record<string, unknown>;
  return rest;
}

/**
 * The answer of get-session (`{ session, user }`) or list-sessions (an array of sessions) without
 * the raw session tokens, or undefined when `path` answers none. A native app keeps its bearer
 * token from the `set-auth-token` header, which is unaffected.
 */
export function withoutSessionTokens(path: string, returned: unknown): unknown {
  if (!SESSION_LISTING_ENDPOINTS.has(path) || isAPIError(returned)) return undefined;
  if (Array.isArray(returned)) return returned.map(withoutToken);
  if (typeof returned === "object" && returned !== null && "session" in returned) {
    return { ...returned, session: withoutToken((returned as { session: unknown }).session) };
  }
  return undefined;
}
