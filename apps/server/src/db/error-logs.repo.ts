import type { StoredLogEntry } from "@mnemo/domain";
import type { Executor } from "./database.js";

// Reading the client error log: the logs feature lists it, the admin analytics show its latest
// entries, so it lives below both.

/** Newest first (ties by id, descending); `before` (epoch ms) pages further back. */
export async function selectLatestLogEntries(
  db: Executor,
  limit: number,
  before?: number,
): Promise<StoredLogEntry[]> {
  let query = db
    .selectFrom("error_logs")
    .selectAll()
    .orderBy("create_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (before !== undefined) query = query.where("create_at", "<", before);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    country: r.country,
    message: r.message,
    userKey: r.user_key,
    createAt: r.create_at,
  }));
}
