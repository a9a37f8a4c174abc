import { ErrorCode, isErrorCode } from "@mnemo/domain";
import type { AuthTokenStore } from "../platform/auth-token";
import { isNative } from "../platform/platform";

/**
 * Every failed call becomes an ApiError carrying a stable `code` from the domain's ErrorCode
 * list; the UI shows `t("errors." + code)` and never the server's English message.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The error code of anything thrown: an ApiError's code, otherwise INTERNAL. */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : ErrorCode.INTERNAL;
}

const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";
const SAFE_METHODS = new Set(["GET", "HEAD"]);
/** better-auth's bearer plugin sends the session token in this response header. */
const AUTH_TOKEN_HEADER = "set-auth-token";
const SIGN_OUT_PATH = "/api/auth/sign-out";

/**
 * The native apps' page is served by the web view (capacitor://localhost, https://localhost), so
 * their calls go to the API's absolute origin, set at build time (README "Native app"). On the
 * web the page and the API share an origin and paths stay relative.
 */
const NATIVE_API_ORIGIN = (import.meta.env.VITE_API_ORIGIN ?? "").replace(/\/+$/, "");

/**
 * On native the API's XSRF-TOKEN cookie belongs to another origin, which the page's script cannot
 * read: the token comes from the body of GET /api/csrf instead and is kept here.
 */
let nativeXsrfToken: string | null = null;

/**
 * The native apps' bearer token storage (src/platform/auth-token.ts), handed over at start by
 * src/platform/start.ts so the web build never loads it.
 */
let authTokenStore: Promise<AuthTokenStore> | null = null;

export function provideAuthTokenStore(store: Promise<AuthTokenStore>): void {
  authTokenStore = store;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Asks the server for a fresh anti-forgery token (it sets the cookie and repeats it in the body). */
async function renewXsrfToken(): Promise<void> {
  const response = await send("GET", "/api/csrf");
  if (isNative() && response.ok) {
    nativeXsrfToken = ((await response.json()) as { token?: string }).token ?? null;
  }
}

/** The anti-forgery token the server set as a cookie; fetched once when the cookie is missing. */
async function xsrfToken(): Promise<string> {
  if (isNative()) {
    if (nativeXsrfToken === null) await renewXsrfToken();
    return nativeXsrfToken ?? "";
  }
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  await renewXsrfToken();
  return readCookie(XSRF_COOKIE) ?? "";
}

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const native = isNative();
  const headers: Record<string, string> = { accept: "application/json" };
  // A form (an image upload) is sent as multipart; fetch writes its content type and boundary.
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (!SAFE_METHODS.has(method)) headers[XSRF_HEADER] = await xsrfToken();
  const tokens = native ? await authTokenStore : null;
  if (tokens) {
    const token = await tokens.readAuthToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(native ? `${NATIVE_API_ORIGIN}${path}` : path, {
      method,
      headers,
      credentials: native ? "include" : "same-origin",
      ...(body !== undefined && { body: isForm ? body : JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError(ErrorCode.NETWORK_UNAVAILABLE, 0, String(error));
  }
  if (tokens) await keepAuthToken(tokens, path, response);
  return response;
}

/** Native: stores the token a sign-in answers with, and forgets it once signed out. */
async function keepAuthToken(
  tokens: AuthTokenStore,
  path: string,
  response: Response,
): Promise<void> {
  if (path === SIGN_OUT_PATH) {
    await tokens.storeAuthToken(null);
    nativeXsrfToken = null;
    return;
  }
  const token = response.headers.get(AUTH_TOKEN_HEADER);
  if (token) await tokens.storeAuthToken(token);
}

/**
 * The server's error answer as an ApiError. A code this client does not know (a newer server)
 * becomes INTERNAL, so the UI still has a translation to show.
 */
async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; details?: unknown };
    };
    if (body.error?.code) {
      return new ApiError(
        isErrorCode(body.error.code) ? body.error.code : ErrorCode.INTERNAL,
        response.status,
        body.error.message ?? "",
        body.error.details,
      );
    }
  } catch {
    // Not our JSON shape (e.g. a proxy's HTML page): fall through to a generic code.
  }
  const code = response.status >= 500 ? ErrorCode.INTERNAL : ErrorCode.VALIDATION_FAILED;
  return new ApiError(code, response.status, response.statusText);
}

/**
 * Calls the Mnemo API and answers its JSON (undefined for 204). A rejected anti-forgery token
 * (e.g. after the session changed in another tab) is fetched again and the call retried once.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response = await send(method, path, body);
  if (response.status === 403 && !SAFE_METHODS.has(method)) {
    const error = await toApiError(response.clone());
    if (error.code === ErrorCode.CSRF_REJECTED) {
      await renewXsrfToken();
      response = await send(method, path, body);
    }
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

/** A query string from defined values only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The viewer's UTC offset in minutes east of UTC, as the server's `tz` parameters expect. */
export function utcOffsetMinutes(at = new Date()): number {
  return -at.getTimezoneOffset();
}

/** Whether a call failed because the server could not be reached (offline, server down). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.NETWORK_UNAVAILABLE;
}
