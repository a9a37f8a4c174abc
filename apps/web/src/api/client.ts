import { ErrorCode } from "@mnemo/domain";

/**
 * Every failed call becomes an ApiError carrying a stable `code` from the domain's ErrorCode
 * list; the UI shows `t("errors." + code)` and never the server's English message.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The error code of anything thrown: an ApiError's code, otherwise INTERNAL. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : ErrorCode.INTERNAL;
}

const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";
const SAFE_METHODS = new Set(["GET", "HEAD"]);

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The anti-forgery token the server set as a cookie; fetched once when the cookie is missing. */
async function xsrfToken(): Promise<string> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  await send("GET", "/api/csrf");
  return readCookie(XSRF_COOKIE) ?? "";
}

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (!SAFE_METHODS.has(method)) headers[XSRF_HEADER] = await xsrfToken();
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError(ErrorCode.NETWORK_UNAVAILABLE, 0, String(error));
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; details?: unknown };
    };
    if (body.error?.code) {
      return new ApiError(
        body.error.code,
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
      await send("GET", "/api/csrf");
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
