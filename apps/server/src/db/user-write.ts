import { setTimeout as sleep } from "node:timers/promises";
import { sql, type Transaction } from "kysely";
import type { Db } from "./database.js";
import { precompile } from "./precompiled.js";
import type { Database } from "./schema.js";
import { isSqliteBusy } from "./storage-errors.js";

/**
 * How long a write keeps retrying while another process holds the SQLite write lock; then it
 * answers 503 STORAGE_UNAVAILABLE (the client keeps the change and sends it again).
 */
const WRITE_BUSY_LIMIT_MS = 2000;
const WRITE_BUSY_RETRY_MS = 50;

// The one way to change a user's folders and memos: a transaction that takes the user's change
// seq first (GET /api/sync/changes relies on it). Every repo function that changes a folder, a
// memo or a tombstone takes the WriteContext made here instead of a connection and a loose seq,
// so such a change outside a user write, or without its seq, does not compile.

declare const writeContextBrand: unique symbol;

/**
 * An open write transaction of one user, with the change `seq` it stamps on every folder, memo
 * and tombstone it changes and the time `now` (epoch ms) it was opened at. Only {@link userWrite}
 * makes one.
 */
export interface WriteContext {
  readonly trx: Transaction<Database>;
  readonly userId: string;
  readonly seq: number;
  readonly now: number;
  readonly [writeContextBrand]: true;
}

const nextChangeSeqQuery = precompile((db, userId: string) =>
  db
    .insertInto("sync_counters")
    .values({ user_id: userId, seq: 1 })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ seq: sql<number>`sync_counters.seq + 1` }),
    )
    .returning("seq"),
);

/**
 * Runs `write` in a transaction that first bumps the user's change counter: the new value is the
 * `seq` the write stamps on every folder, memo and tombstone it changes. Every transaction that
 * changes a folder or a memo runs here; nothing else bumps the counter.
 *
 * Why first: on PostgreSQL the upsert locks the user's counter row until the transaction ends, so
 * the user's writes take their seq and commit one after another: commit order equals seq order.
 * A reader that sees a row at seq s therefore also sees every change below s, and a client that
 * stored "everything up to s" never misses a change committed later with a smaller seq. Taking
 * this lock before any row lock makes it the one order in which a user's writes lock things, so
 * two writes of one user cannot deadlock. SQLite runs one write transaction at a time anyway.
 * A transaction that turns out to change nothing (a replayed opId) leaves a gap in the sequence;
 * gaps are harmless, only the order matters.
 */
export async function userWrite<T>(
  deps: { db: Db; now: () => number },
  userId: string,
  write: (trx: Transaction<Database>, context: WriteContext) => Promise<T>,
): Promise<T> {
  const giveUpAt = performance.now() + WRITE_BUSY_LIMIT_MS;
  for (;;) {
    try {
      return await writeOnce(deps, userId, write);
    } catch (error) {
      // Rolled back whole: running it again is the same write. Waits between tries let reads run.
      if (!isSqliteBusy(error) || performance.now() >= giveUpAt) throw error;
      await sleep(WRITE_BUSY_RETRY_MS);
    }
  }
}

function writeOnce<T>(
  deps: { db: Db; now: () => number },
  userId: string,
  write: (trx: Transaction<Database>, context: WriteContext) => Promise<T>,
): Promise<T> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const [row] = await nextChangeSeqQuery(trx, userId);
    if (!row) throw new Error("the change counter upsert returned no row");
    const context = { trx, userId, seq: row.seq, now: deps.now() } as WriteContext;
    const result = await write(trx, context);
    // A commit into a deleted or moved SQLite file is acknowledged and then lost on restart:
    // the change is rolled back and answered 503 instead.
    deps.db.checkFileIdentity();
    return result;
  });
}
