import { DEFAULT_COUNTRY_CODE } from "@mnemo/domain";
import i18next from "i18next";
import { errorCodeOf } from "../api/client";
import { sendErrorLog } from "../api/logs.api";
import { showAlert } from "./alert";

/** Who is signed in, for the log entry; set by the session once the user is known. */
let logContext: { userKey: string | null; country: string } = {
  userKey: null,
  country: DEFAULT_COUNTRY_CODE,
};

export function setErrorLogContext(context: { userKey: string | null; country: string }): void {
  logContext = context;
}

/** The translated message of an error code; unknown codes read as the generic message. */
export function errorMessage(code: string): string {
  const key = `errors.${code}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t("errors.INTERNAL");
}

/**
 * The error dialog (PRODUCT.md › Error dialog). Its title is prefixed with [ERROR] when `flagged`;
 * the message is the code's translation; a log entry (code, country, message, userKey, time) goes
 * to the server.
 */
export async function showError(
  error: unknown,
  options: { title?: string; flagged?: boolean; message?: string } = {},
): Promise<void> {
  const code = errorCodeOf(error);
  const message = options.message ?? errorMessage(code);
  const title = options.title ?? i18next.t("errors.title");
  void sendErrorLog({
    code,
    country: logContext.country,
    message: error instanceof Error ? `${message} (${error.message})` : message,
    userKey: logContext.userKey,
  });
  await showAlert(options.flagged === false ? title : `[ERROR] ${title}`, message);
}
