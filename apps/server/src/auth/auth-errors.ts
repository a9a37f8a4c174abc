import { AppError, ErrorCode } from "@mnemo/domain";

// better-auth answers errors as `{ code, message }` with its own codes; clients only ever see
// ours (PRODUCT.md › Error codes), so every auth failure is translated here, in one table.
const codeOf: Record<string, ErrorCode> = {
  INVALID_EMAIL: ErrorCode.AUTH_INVALID_EMAIL,
  PASSWORD_TOO_SHORT: ErrorCode.AUTH_WEAK_PASSWORD,
  // One "invalid password length" message for both bounds
  // (PRODUCT.md › Sign-in and sign-up errors).
  PASSWORD_TOO_LONG: ErrorCode.AUTH_WEAK_PASSWORD,
  USER_ALREADY_EXISTS: ErrorCode.AUTH_EMAIL_ALREADY_IN_USE,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ErrorCode.AUTH_EMAIL_ALREADY_IN_USE,
  // Only sign-in answers this, and only after our lookup found the account: the password is wrong.
  INVALID_EMAIL_OR_PASSWORD: ErrorCode.AUTH_WRONG_PASSWORD,
  EMAIL_NOT_VERIFIED: ErrorCode.AUTH_EMAIL_NOT_VERIFIED,
  INVALID_TOKEN: ErrorCode.AUTH_INVALID_TOKEN,
  TOKEN_EXPIRED: ErrorCode.AUTH_INVALID_TOKEN,
  USER_NOT_FOUND: ErrorCode.AUTH_USER_NOT_FOUND,
  // The current password given to confirm a sensitive change (password, e-mail, deletion).
  INVALID_PASSWORD: ErrorCode.AUTH_REAUTHENTICATION_REQUIRED,
  SESSION_EXPIRED: ErrorCode.AUTH_REAUTHENTICATION_REQUIRED,
  SESSION_NOT_FRESH: ErrorCode.AUTH_REAUTHENTICATION_REQUIRED,
  INVALID_ORIGIN: ErrorCode.CSRF_REJECTED,
  MISSING_OR_NULL_ORIGIN: ErrorCode.CSRF_REJECTED,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: ErrorCode.CSRF_REJECTED,
  INVALID_CALLBACK_URL: ErrorCode.CSRF_REJECTED,
  INVALID_REDIRECT_URL: ErrorCode.CSRF_REJECTED,
  INVALID_ERROR_CALLBACK_URL: ErrorCode.CSRF_REJECTED,
  INVALID_NEW_USER_CALLBACK_URL: ErrorCode.CSRF_REJECTED,
  VALIDATION_ERROR: ErrorCode.VALIDATION_FAILED,
  UNAUTHORIZED: ErrorCode.UNAUTHENTICATED,
};

function fallbackCode(status: number): ErrorCode {
  if (status === 401) return ErrorCode.UNAUTHENTICATED;
  if (status === 429) return ErrorCode.AUTH_TOO_MANY_REQUESTS;
  if (status >= 500) return ErrorCode.INTERNAL;
  return ErrorCode.AUTH_FAILED;
}

/** Our error for a failed better-auth response (status ≥ 400) and its parsed JSON body. */
export function toAppError(status: number, body: unknown): AppError {
  const { code, message } =
    typeof body === "object" && body !== null
      ? (body as { code?: unknown; message?: unknown })
      : {};
  const mapped = (typeof code === "string" && codeOf[code]) || fallbackCode(status);
  const text = typeof message === "string" && message ? message : `auth failed (${status})`;
  return new AppError(mapped, mapped === ErrorCode.INTERNAL ? "internal error" : text);
}
