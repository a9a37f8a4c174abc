import type { StoredLogEntry } from "@mnemo/domain";
import type { Executor } from "../../db/database.js";

/** Appends one entry to the client error log (not per user: it is read by admins only). */
export async function insertLogEntry(db: Executor, entry: StoredLogEntry): Promise<void> {
  await db
    .insertInto("error_logs")
    .values({
      id: entry.id,
      code: entry.code,
      country: entry.country,
      message: entry.message,
      user_key: entry.userKey,
      create_at: entry.createAt,
    })
    .execute();
}
