import type { LogEntry } from "@mnemo/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

export interface StoredLogEntry extends LogEntry {
  id: string;
}

export function logsRepo(db: Kysely<Database>) {
  return {
    async insert(entry: StoredLogEntry): Promise<void> {
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
    },

    /** Newest first; `before` (epoch ms) pages further back. */
    async latest(limit: number, before?: number): Promise<StoredLogEntry[]> {
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
    },
  };
}
