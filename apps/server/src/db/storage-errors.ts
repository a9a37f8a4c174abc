// Which failures mean "the database cannot serve right now" (answered 503 STORAGE_UNAVAILABLE,
// so clients keep the change and try again) rather than a bug (500 INTERNAL).

/** better-sqlite3 codes (extended ones start with these) of a file that cannot be written or read. */
const SQLITE_STORAGE_CODES = [
  "SQLITE_FULL",
  "SQLITE_READONLY",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
  "SQLITE_BUSY",
];

/**
 * PostgreSQL SQLSTATEs: 08 connection exception, 53 insufficient resources (disk full, too many
 * connections), 57P01–57P03 the server shutting down, restarting or not yet accepting connections.
 */
const PG_STORAGE_STATE = /^(08|53|57P0[1-3])/;

/** Node socket errors of a connection to PostgreSQL that could not be made or was cut. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);

/**
 * pg's own messages for a connection that ended or never came (they carry no code), and the
 * server's refusal of a database closed to connections (55000, a code shared with other states).
 */
const PG_CONNECTION_MESSAGE =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end|is not currently accepting connections/;

/** The marker {@link StorageUnavailableError} sets, for errors thrown by our own checks. */
export class StorageUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageUnavailableError";
  }
}

/** True when `error` (or one of its causes) says the database cannot serve right now. */
export function isStorageUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof StorageUnavailableError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (SQLITE_STORAGE_CODES.some((prefix) => code.startsWith(prefix))) return true;
      if (PG_STORAGE_STATE.test(code) || SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === "string" && PG_CONNECTION_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when SQLite refused because another connection holds the write lock (or a newer snapshot). */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
