import { ErrorCode } from "@mnemo/domain";
import type { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { errorCodeOf } from "../../api/client";
import { fetchMe, type Me, meKeys } from "../../api/me.queries";
import { errorMessage, showError } from "../../overlays/error-dialog";

/**
 * Reads the session's user again after a sign-in, sign-up or sign-out so the start-up gate and
 * the shell follow. Whatever another account left in the cache goes first.
 */
export async function refreshMe(client: QueryClient): Promise<Me | null> {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== meKeys.all[0] });
  return client.fetchQuery({ queryKey: meKeys.all, queryFn: fetchMe, staleTime: 0 });
}

/**
 * Sign-in errors (PRODUCT.md › Sign-in and sign-up errors): an unknown e-mail shows the
 * user-not-found message; a wrong password and too many attempts both show the wrong-password
 * message; anything else is the generic error dialog with its own text. Each one is logged by
 * showError.
 */
export function showSignInError(error: unknown): Promise<void> {
  const code = errorCodeOf(error);
  const title = i18next.t("auth.login.failedTitle");
  switch (code) {
    case ErrorCode.AUTH_USER_NOT_FOUND:
      return showError(error, { title, flagged: false });
    case ErrorCode.AUTH_WRONG_PASSWORD:
    case ErrorCode.AUTH_TOO_MANY_REQUESTS:
      return showError(error, {
        title,
        flagged: false,
        message: errorMessage(ErrorCode.AUTH_WRONG_PASSWORD),
      });
    default:
      return showError(error);
  }
}

const SIGN_UP_CODES = new Set<string>([
  ErrorCode.AUTH_WEAK_PASSWORD,
  ErrorCode.AUTH_INVALID_EMAIL,
  ErrorCode.AUTH_EMAIL_ALREADY_IN_USE,
  ErrorCode.MAIL_NOT_SENT,
]);

/**
 * PRODUCT.md › Sign-in and sign-up errors: a sign-up failure is an alert titled [ERROR] whose
 * message is the invalid-password-length, invalid-email or duplicated-email text, and
 * check-e-mail-and-password for anything else.
 */
export function showSignUpError(error: unknown): Promise<void> {
  const code = errorCodeOf(error);
  const shown = SIGN_UP_CODES.has(code) ? code : ErrorCode.AUTH_FAILED;
  return showError(error, { title: "[ERROR]", flagged: false, message: errorMessage(shown) });
}

/** better-auth's codes in a link's `?error=` (verify-email, reset) as our error codes. */
export function linkErrorCode(error: string): ErrorCode {
  return error === "USER_NOT_FOUND" ? ErrorCode.AUTH_USER_NOT_FOUND : ErrorCode.AUTH_INVALID_TOKEN;
}
