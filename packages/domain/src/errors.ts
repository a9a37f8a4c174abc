/**
 * Every error the server can answer and the web can show, as one stable list.
 *
 * The server replies `{ error: { code, message, details? } }` where `code` is one of these
 * values; the message is English and meant for logs. Clients translate `errors.<CODE>`.
 * Names are subject first (`MEMO_NOT_FOUND`), values equal their keys so a code read off the
 * wire can be compared without a lookup table.
 */
export const ErrorCode = {
  /** Request body, query or params failed their schema; `details` lists `{ path, issue }`. */
  VALIDATION_FAILED: "VALIDATION_FAILED",
  /** Generic not-found for a route or object the caller may not know about. */
  NOT_FOUND: "NOT_FOUND",
  /** Signed in, but not allowed (e.g. admin-only routes). */
  FORBIDDEN: "FORBIDDEN",
  /** No session, or the session has ended. */
  UNAUTHENTICATED: "UNAUTHENTICATED",
  /** Anti-forgery check failed: missing or mismatched X-XSRF-TOKEN, or a foreign Origin. */
  CSRF_REJECTED: "CSRF_REJECTED",
  /** Too many requests from this client (general rate limit). */
  RATE_LIMITED: "RATE_LIMITED",
  /**
   * The request path is not in its one canonical spelling (dot segments, `//`, encoded slashes,
   * dots or backslashes): refused before routing, so no spelling can reach a route around its
   * checks.
   */
  REQUEST_PATH_INVALID: "REQUEST_PATH_INVALID",
  /** Request body larger than the route accepts. */
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  /** The same opId was already used for a different operation or object. */
  OP_ID_CONFLICT: "OP_ID_CONFLICT",
  /** Unexpected server failure; details are only in the server log. */
  INTERNAL: "INTERNAL",
  /** The client could not reach the server (set by clients, never sent by the server). */
  NETWORK_UNAVAILABLE: "NETWORK_UNAVAILABLE",
  /**
   * PRODUCT.md › Clipboard: the clipboard API is unavailable in this browser (set by clients only).
   */
  CLIPBOARD_UNAVAILABLE: "CLIPBOARD_UNAVAILABLE",
  /**
   * PRODUCT.md › Clipboard: writing images to the clipboard is unsupported (set by clients only).
   */
  CLIPBOARD_IMAGE_UNSUPPORTED: "CLIPBOARD_IMAGE_UNSUPPORTED",

  /** No account has this e-mail (PRODUCT.md › Sign-in and sign-up errors). */
  AUTH_USER_NOT_FOUND: "AUTH_USER_NOT_FOUND",
  /** Wrong password (PRODUCT.md › Sign-in and sign-up errors). */
  AUTH_WRONG_PASSWORD: "AUTH_WRONG_PASSWORD",
  /** Sign-in attempts limited per IP and per account (PRODUCT.md › Auth limits). */
  AUTH_TOO_MANY_REQUESTS: "AUTH_TOO_MANY_REQUESTS",
  /** Password too short or too long: shown as the invalid-password-length message. */
  AUTH_WEAK_PASSWORD: "AUTH_WEAK_PASSWORD",
  /** Malformed e-mail address (PRODUCT.md › Sign-in and sign-up errors). */
  AUTH_INVALID_EMAIL: "AUTH_INVALID_EMAIL",
  /** An account has this e-mail already: shown as the duplicated-email message. */
  AUTH_EMAIL_ALREADY_IN_USE: "AUTH_EMAIL_ALREADY_IN_USE",
  /** Signed in, but no user record exists (PRODUCT.md › Start-up). */
  AUTH_HAS_NOT_USER_INFORMATION: "AUTH_HAS_NOT_USER_INFORMATION",
  /** Sign-in refused because the e-mail is not verified; the client goes to verify-email. */
  AUTH_EMAIL_NOT_VERIFIED: "AUTH_EMAIL_NOT_VERIFIED",
  /** A verification or reset link that is unknown, used or expired. */
  AUTH_INVALID_TOKEN: "AUTH_INVALID_TOKEN",
  /** Re-authentication needed (e.g. the current password was wrong when changing it). */
  AUTH_REAUTHENTICATION_REQUIRED: "AUTH_REAUTHENTICATION_REQUIRED",
  /**
   * Any other sign-in or sign-up failure (PRODUCT.md › Sign-in and sign-up errors: check e-mail and
   * password).
   */
  AUTH_FAILED: "AUTH_FAILED",

  /** Memo does not exist for this user (also answered for another user's memo). */
  MEMO_NOT_FOUND: "MEMO_NOT_FOUND",
  /** Folder does not exist for this user (also answered for another user's folder). */
  FOLDER_NOT_FOUND: "FOLDER_NOT_FOUND",
  /** The root folder cannot be deleted or moved under another folder. */
  FOLDER_ROOT_IMMUTABLE: "FOLDER_ROOT_IMMUTABLE",
  /** Moving a folder under itself or one of its descendants. */
  FOLDER_CYCLE: "FOLDER_CYCLE",
  /** Un-complete on a memo that has no completion. */
  MEMO_NOT_COMPLETED: "MEMO_NOT_COMPLETED",
  /** Rich text with more tags or character references than the server sanitizes in bounded time. */
  RICH_TEXT_TOO_LARGE: "RICH_TEXT_TOO_LARGE",
  /** Rich text whose elements nest deeper than the editor ever produces. */
  RICH_TEXT_TOO_DEEP: "RICH_TEXT_TOO_DEEP",
  /** Adding to the shared subject list needs a verified account (not anonymous). */
  SUBJECT_VERIFIED_ACCOUNT_REQUIRED: "SUBJECT_VERIFIED_ACCOUNT_REQUIRED",
  /** The user added as many subject names as a day allows. */
  SUBJECT_DAILY_LIMIT_REACHED: "SUBJECT_DAILY_LIMIT_REACHED",
  /** No subject of that name in that country. */
  SUBJECT_NOT_FOUND: "SUBJECT_NOT_FOUND",
  /**
   * The database cannot be reached or written right now (connection lost, disk full or
   * read-only, file gone, write lock held too long): nothing was changed; try again later.
   */
  STORAGE_UNAVAILABLE: "STORAGE_UNAVAILABLE",
  /** A memo create whose id was deleted: a deleted memo is never created again. */
  MEMO_DELETED: "MEMO_DELETED",
  /** A folder create whose id was deleted: a deleted folder is never created again. */
  FOLDER_DELETED: "FOLDER_DELETED",
  /** No such memo or folder in the user's trash (also answered for another user's ids). */
  TRASH_ITEM_NOT_FOUND: "TRASH_ITEM_NOT_FOUND",
  /** The request line and headers are larger than the server reads (16 KB). */
  REQUEST_HEADERS_TOO_LARGE: "REQUEST_HEADERS_TOO_LARGE",
  /** The account exists but its e-mail could not be sent; the user can ask for it again. */
  MAIL_NOT_SENT: "MAIL_NOT_SENT",
  /** The request did not arrive in time; the connection is closed. */
  REQUEST_TIMEOUT: "REQUEST_TIMEOUT",
  /** No review of this memo has that opId (also answered for another user's memo or review). */
  REVIEW_NOT_FOUND: "REVIEW_NOT_FOUND",
  /**
   * No completion (or un-completion) of this memo has that opId, to undo (also answered for
   * another user's memo).
   */
  COMPLETION_NOT_FOUND: "COMPLETION_NOT_FOUND",
  /** "Optimize" needs at least `FSRS_OPTIMIZE_MIN_REVIEWS` graded reviews (issue 9 › Personal parameters). */
  FSRS_NOT_ENOUGH_REVIEWS: "FSRS_NOT_ENOUGH_REVIEWS",
  /** The FSRS optimizer cannot run on this server; the default parameters stay in use. */
  FSRS_OPTIMIZER_UNAVAILABLE: "FSRS_OPTIMIZER_UNAVAILABLE",
  /** No stored image of this user has this id (also answered for another user's image). */
  ATTACHMENT_NOT_FOUND: "ATTACHMENT_NOT_FOUND",
  /** An image upload larger than `ATTACHMENT_MAX_BYTES` (10 MiB); `details.maxBytes`. */
  ATTACHMENT_TOO_LARGE: "ATTACHMENT_TOO_LARGE",
  /** An upload whose bytes are not PNG, JPEG, GIF or WebP (whatever its name or type says). */
  ATTACHMENT_TYPE_UNSUPPORTED: "ATTACHMENT_TYPE_UNSUPPORTED",
  /** An upload under the id of a deleted image: a deleted image never comes back. */
  ATTACHMENT_DELETED: "ATTACHMENT_DELETED",
  /** An upload under the id of a stored image with other bytes. */
  ATTACHMENT_ID_CONFLICT: "ATTACHMENT_ID_CONFLICT",
  /** An import file that is none of the formats Mnemo reads (recognised by content, not name). */
  IMPORT_FORMAT_UNKNOWN: "IMPORT_FORMAT_UNKNOWN",
  /** An import file of a known format that cannot be read (cut short, corrupt, wrong layout). */
  IMPORT_FILE_DAMAGED: "IMPORT_FILE_DAMAGED",
  /** An import file larger than `IMPORT_MAX_BYTES`; `details.maxBytes`. */
  IMPORT_TOO_LARGE: "IMPORT_TOO_LARGE",
  /** No import of this user has this id (also answered for another user's import). */
  IMPORT_NOT_FOUND: "IMPORT_NOT_FOUND",
  /** The user already has an import running; one at a time. */
  IMPORT_ALREADY_RUNNING: "IMPORT_ALREADY_RUNNING",
} as const;

/** One of the values of {@link ErrorCode}. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** All error codes, e.g. to check that every code has a translation. */
export const errorCodes: readonly ErrorCode[] = Object.values(ErrorCode);

/** Field-level validation problem, so a form can mark the field. */
export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `title` or `tags.2`. */
  path: string;
  /** Human-readable (English) description of the problem. */
  issue: string;
}

/**
 * The one error class of the app: a stable {@link ErrorCode}, an English message for logs and
 * optional details (validation issues or other structured data).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? code);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

/** True when `value` is one of the known {@link ErrorCode} values. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}
