import { closeSync, fdatasync, fstatSync, openSync, statSync } from "node:fs";
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from "kysely";
import { StorageUnavailableError } from "./storage-errors.js";

// Durable commits without holding the event loop (issue 14 › reviews at 10 connections).
//
// With `synchronous = FULL` SQLite flushes the WAL inside every COMMIT, and better-sqlite3 runs
// that COMMIT on the event loop: at 10 connections the reviews' commits held it a third of the
// time (1.2 ms a commit on this disk), while nothing else could run. Now the connection runs
// `synchronous = NORMAL` (a COMMIT writes its frames to the WAL, unflushed) and the COMMIT's
// promise settles only once an fdatasync of the WAL file, on libuv's thread pool, has finished:
// no write is acknowledged before it is on disk, as with FULL, but requests are parsed and
// other statements run while the disk works, and one flush covers every commit made before it
// began. SQLite still flushes the WAL before each checkpoint and its header when it is reused
// (what NORMAL keeps of FULL), so a checkpoint never copies frames that are not on disk.

/** Flushes a file's data to disk off the event loop (fdatasync on the thread pool; tests pass their own). */
export type FlushFile = (fd: number) => Promise<void>;

const flushWithFdatasync: FlushFile = (fd) =>
  new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));

/**
 * The WAL file of one database, flushed on demand. `flush()` settles once a flush that began
 * after the call has finished: a call during a flush waits for the next one, which every call
 * made meanwhile shares.
 */
export class WalFlusher {
  readonly #path: string;
  readonly #flushFile: FlushFile;
  #fd: number | null = null;
  #inFlight: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  constructor(databaseFile: string, flushFile: FlushFile = flushWithFdatasync) {
    this.#path = `${databaseFile}-wal`;
    this.#flushFile = flushFile;
  }

  flush(): Promise<void> {
    if (!this.#inFlight) {
      const run = this.#run().finally(() => {
        if (this.#inFlight === run) this.#inFlight = null;
      });
      this.#inFlight = run;
      return run;
    }
    // The flush in flight may have begun before this commit wrote its frames: the next one.
    if (!this.#next) {
      const startNext = () => {
        this.#next = null;
        return this.flush();
      };
      this.#next = this.#inFlight.then(startNext, startNext);
    }
    return this.#next;
  }

  /** The WAL's descriptor, opened again when the file at its path is not the one it names. */
  #currentFd(): number {
    const onDisk = statSync(this.#path);
    if (this.#fd !== null && fstatSync(this.#fd).ino !== onDisk.ino) this.close();
    this.#fd ??= openSync(this.#path, "r+");
    return this.#fd;
  }

  async #run(): Promise<void> {
    try {
      await this.#flushFile(this.#currentFd());
    } catch (error) {
      // The write is committed but may not be on disk (the WAL gone, an I/O error): answered
      // 503 STORAGE_UNAVAILABLE, so the client keeps the change and sends it again.
      throw new StorageUnavailableError(`the write-ahead log could not be flushed: ${error}`);
    }
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}

/**
 * Wraps a SQLite driver: the one place that knows when a write ended (a COMMIT, or a write
 * outside a transaction, after a statement that changes data). It then tells `onWriteEnded`
 * (the checkpointer) and, with a `flusher`, settles only after the WAL is flushed.
 * `takeWrites` answers whether a statement that changes data ran since it was last asked (and
 * forgets it); `inTransaction` whether one is open. Kysely runs transactions and savepoints
 * through the connection it acquired, the wrapped one.
 *
 * The one connection is lent to one caller at a time, as Kysely's own lock does for SQLite (the
 * adapter then says it has several connections, so Kysely takes no lock of its own). A caller
 * waiting for its flush has finished with the connection: it is lent to the next caller at once,
 * and the caller's own release, which Kysely makes after the flush, lends nothing. Each loan is
 * a handle of its own (kept for reuse: Kysely remembers every connection object it was given),
 * so a release is always the release of its own loan.
 */
export function flushingSqliteDriver(inner: Driver, writes: Omit<LoanDriver, "lock">): Driver {
  const lock = new ConnectionLock();
  const idle: Loan[] = [];
  const loanOf = (connection: DatabaseConnection): Loan => {
    if (!(connection instanceof Loan)) throw new Error("not a connection of this driver");
    return connection;
  };
  return {
    init: () => inner.init(),
    acquireConnection: async () => {
      await lock.take();
      const connection = await inner.acquireConnection();
      const loan = idle.pop() ?? new Loan(connection, { ...writes, lock });
      loan.releasedEarly = false;
      return loan;
    },
    beginTransaction: (connection, settings) => inner.beginTransaction(connection, settings),
    commitTransaction: (connection) => inner.commitTransaction(connection),
    rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
    savepoint: async (connection, name, compile) => {
      if (!inner.savepoint) throw noSavepoints();
      await inner.savepoint(connection, name, compile);
    },
    rollbackToSavepoint: async (connection, name, compile) => {
      if (!inner.rollbackToSavepoint) throw noSavepoints();
      await inner.rollbackToSavepoint(connection, name, compile);
    },
    releaseSavepoint: async (connection, name, compile) => {
      if (!inner.releaseSavepoint) throw noSavepoints();
      await inner.releaseSavepoint(connection, name, compile);
    },
    releaseConnection: async (connection) => {
      const loan = loanOf(connection);
      await inner.releaseConnection(loan.connection);
      if (!loan.releasedEarly) lock.release();
      idle.push(loan);
    },
    destroy: async () => {
      await inner.destroy();
      writes.flusher?.close();
    },
  };
}

interface LoanDriver {
  /** Null when commits are not flushed (`MNEMO_SQLITE_SYNCHRONOUS=normal`, an in-memory file). */
  flusher: WalFlusher | null;
  onWriteEnded: () => void;
  takeWrites: () => boolean;
  inTransaction: () => boolean;
  lock: ConnectionLock;
}

/** One loan of the connection: its statements, and whether it gave the connection back early. */
class Loan implements DatabaseConnection {
  releasedEarly = false;
  readonly connection: DatabaseConnection;
  readonly #driver: LoanDriver;

  constructor(connection: DatabaseConnection, driver: LoanDriver) {
    this.connection = connection;
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.connection.executeQuery<R>(query);
    const { flusher, onWriteEnded, takeWrites, inTransaction, lock } = this.#driver;
    if (!inTransaction() && takeWrites()) {
      onWriteEnded();
      if (flusher) {
        // Done with the connection: the next caller may use it while this one waits.
        this.releasedEarly = true;
        lock.release();
        await flusher.flush();
      }
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }
}

/** Lends one connection to one caller at a time, in the order they asked. */
class ConnectionLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

const noSavepoints = () => new Error("the SQLite driver has no savepoints");
