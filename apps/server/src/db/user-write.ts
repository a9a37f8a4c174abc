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
  deps: WriteDeps,
  userId: string,
  write: (trx: Transaction<Database>, context: WriteContext) => Promise<T>,
): Promise<T> {
  const enclosing = deps.enclosingWrite;
  if (enclosing?.isOpen) return nestedWrite(deps, enclosing, userId, write);
  if (deps.db.kind !== "sqlite") return writeAlone(deps, userId, write);
  return new Promise<T>((resolve, reject) => {
    const queue = groupQueueOf(deps.db);
    queue.pending.push({
      userId,
      write: write as Write<unknown>,
      resolve: resolve as (value: unknown) => void,
      reject,
    });
    scheduleGroups(deps, queue);
  });
}

/** What userWrite needs of the services' deps; `enclosingWrite` is set by {@link inOneWrite}. */
export interface WriteDeps {
  db: Db;
  now: () => number;
  enclosingWrite?: EnclosingWrite;
}

/** The open write a batch's writes join (see {@link inOneWrite}). */
interface EnclosingWrite {
  trx: Transaction<Database>;
  userId: string;
  /** False once the batch's write ended: deps kept past it (a late callback) write alone. */
  isOpen: boolean;
}

/**
 * Runs `run` as one write of the user on SQLite: every userWrite made with the deps it gets joins
 * that write's transaction in a savepoint of its own, with its own seq, and one COMMIT makes them
 * all durable (issue 14: the sync batch, 1,000 queued changes in 10 requests, paid a COMMIT and
 * its fsync per change). A write that fails is rolled back to its savepoint alone. Only on
 * SQLite, where every read of the batch runs on the same connection and sees the writes before
 * it; on PostgreSQL a read outside the transaction would not, so each write stays on its own.
 */
export async function inOneWrite<D extends WriteDeps, T>(
  deps: D,
  userId: string,
  run: (deps: D) => Promise<T>,
): Promise<T> {
  if (deps.db.kind !== "sqlite" || deps.enclosingWrite?.isOpen) return run(deps);
  return userWrite(deps, userId, async (trx) => {
    const enclosingWrite: EnclosingWrite = { trx, userId, isOpen: true };
    try {
      return await run({ ...deps, enclosingWrite });
    } finally {
      enclosingWrite.isOpen = false;
    }
  });
}

/** A write inside an {@link inOneWrite}: a savepoint of its transaction, with its own seq. */
async function nestedWrite<T>(
  deps: WriteDeps,
  enclosing: EnclosingWrite,
  userId: string,
  write: Write<T>,
): Promise<T> {
  if (userId !== enclosing.userId) {
    throw new Error("a write of another user inside a user's batch");
  }
  const { trx } = enclosing;
  return inSavepoint(trx, () => writeInTransaction(deps, trx, userId, write));
}

/**
 * Runs `run` in a savepoint of `trx`: kept when it succeeds, rolled back alone when it throws
 * (the rest of the transaction stays). Savepoints of one name nest; a rollback goes to the latest.
 */
async function inSavepoint<T>(trx: Transaction<Database>, run: () => Promise<T>): Promise<T> {
  await sql`savepoint user_write`.execute(trx);
  try {
    const value = await run();
    await sql`release savepoint user_write`.execute(trx);
    return value;
  } catch (error) {
    await sql`rollback to savepoint user_write`.execute(trx);
    await sql`release savepoint user_write`.execute(trx);
    throw error;
  }
}

/** One write in its own transaction, tried again while another process holds the lock. */
async function writeAlone<T>(
  deps: WriteDeps,
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

// ---- group commit (SQLite) ----
//
// Issue 14: on SQLite every write is a transaction of its own on the one connection, and its
// COMMIT waits for the WAL's fsync (synchronous = FULL) with the event loop: half of a review's
// time on the database (0.50 of 0.89 ms). Writes of requests that arrive together now share one
// transaction, each in a savepoint of its own, and one COMMIT makes them all durable before any
// is answered (reviews at 10 connections: groups of about 5, 974 → 1,390 req/s). Each write still takes its own seq
// (commit order equals seq order within the group, as between groups); a write that fails is
// rolled back to its savepoint alone and gets its error; a group that fails as a whole (the
// lock held by another process, a failed COMMIT, the file moved) runs each of its writes again
// alone, as before. PostgreSQL commits concurrent transactions on their own connections.

type Write<T> = (trx: Transaction<Database>, context: WriteContext) => Promise<T>;

interface PendingWrite {
  userId: string;
  write: Write<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface GroupQueue {
  pending: PendingWrite[];
  isRunning: boolean;
  isScheduled: boolean;
}

/** Writes in one group at most: a bound on how long the last of them waits for the COMMIT. */
const GROUP_MAX = 32;

const groupQueues = new WeakMap<Db, GroupQueue>();

function groupQueueOf(db: Db): GroupQueue {
  let queue = groupQueues.get(db);
  if (!queue) {
    queue = { pending: [], isRunning: false, isScheduled: false };
    groupQueues.set(db, queue);
  }
  return queue;
}

/**
 * Starts the next group after the requests already read have been handled: better-sqlite3 runs
 * a whole transaction within one turn of the event loop (its promises settle at once), so no
 * write could join a group started at once. The requests that arrived together (read in the same
 * poll phase) reach userWrite before the check phase runs the group.
 */
function scheduleGroups(deps: WriteDeps, queue: GroupQueue): void {
  if (queue.isScheduled || queue.isRunning) return;
  queue.isScheduled = true;
  setImmediate(() => {
    queue.isScheduled = false;
    runGroups(deps, queue);
  });
}

/** Runs groups of the queued writes, one after another, until none waits. */
function runGroups(deps: WriteDeps, queue: GroupQueue): void {
  if (queue.isRunning || queue.pending.length === 0) return;
  queue.isRunning = true;
  const group = queue.pending.splice(0, GROUP_MAX);
  void commitGroup(deps, group).finally(() => {
    queue.isRunning = false;
    scheduleGroups(deps, queue);
  });
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function commitGroup(deps: WriteDeps, group: PendingWrite[]): Promise<void> {
  if (group.length === 1) {
    const [only] = group as [PendingWrite];
    await writeAlone(deps, only.userId, only.write).then(only.resolve, only.reject);
    return;
  }
  let outcomes: Outcome[];
  try {
    outcomes = await deps.db.kysely.transaction().execute(async (trx) => {
      const done: Outcome[] = [];
      for (const { userId, write } of group) {
        try {
          const value = await inSavepoint(trx, () => writeInTransaction(deps, trx, userId, write));
          done.push({ ok: true, value });
        } catch (error) {
          // Busy: the group cannot go on; each write is tried again alone below.
          if (isSqliteBusy(error)) throw error;
          done.push({ ok: false, error });
        }
      }
      deps.db.checkFileIdentity();
      return done;
    });
  } catch {
    // Nothing of the group was committed: each write again, alone (busy retries included).
    await Promise.all(
      group.map(({ userId, write, resolve, reject }) =>
        writeAlone(deps, userId, write).then(resolve, reject),
      ),
    );
    return;
  }
  for (const [index, outcome] of outcomes.entries()) {
    const { resolve, reject } = group[index] as PendingWrite;
    if (outcome.ok) resolve(outcome.value);
    else reject(outcome.error);
  }
}

/** Takes the user's next seq in `trx` and runs `write` with it. */
async function writeInTransaction<T>(
  deps: WriteDeps,
  trx: Transaction<Database>,
  userId: string,
  write: Write<T>,
): Promise<T> {
  const [row] = await nextChangeSeqQuery(trx, userId);
  if (!row) throw new Error("the change counter upsert returned no row");
  const context = { trx, userId, seq: row.seq, now: deps.now() } as WriteContext;
  return write(trx, context);
}

function writeOnce<T>(
  deps: WriteDeps,
  userId: string,
  write: (trx: Transaction<Database>, context: WriteContext) => Promise<T>,
): Promise<T> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const result = await writeInTransaction(deps, trx, userId, write);
    // A commit into a deleted or moved SQLite file is acknowledged and then lost on restart:
    // the change is rolled back and answered 503 instead.
    deps.db.checkFileIdentity();
    return result;
  });
}
