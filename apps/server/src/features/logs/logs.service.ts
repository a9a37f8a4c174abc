import type { ListLogsQuery, LogEntryInput, LogsResponse } from "@mnemo/domain";
import { randomId } from "@mnemo/domain";
import { selectLatestLogEntries } from "../../db/error-logs.repo.js";
import type { ServiceDeps } from "../../deps.js";
import { insertLogEntry } from "./logs.repo.js";

/**
 * Records a client's error (PRODUCT.md › Log entries) under `userKey`, the session's user id or null; the entry's
 * own `userKey` is ignored, so nobody can write entries in another user's name.
 */
export async function recordLogEntry(
  deps: ServiceDeps,
  input: LogEntryInput,
  userKey: string | null,
): Promise<void> {
  await insertLogEntry(deps.db.kysely, {
    ...input,
    userKey,
    id: randomId(),
    createAt: deps.now(),
  });
}

/** The latest error log entries, newest first (admins only: the route checks). */
export async function listLogEntries(
  deps: Pick<ServiceDeps, "db">,
  query: ListLogsQuery,
): Promise<LogsResponse> {
  return { entries: await selectLatestLogEntries(deps.db.kysely, query.limit, query.before) };
}
