import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import type PgModule from "pg";
import type { Config } from "../config.js";
import type { Database } from "./schema.js";
import { startSqliteCheckpointer, WRITER_AUTOCHECKPOINT_FRAMES } from "./sqlite-checkpointer.js";
import { StorageUnavailableError } from "./storage-errors.js";
import { type FlushFile, flushingSqliteDriver, WalFlusher } from "./wal-sync.js";

export type DialectKind = "sqlite" | "postgres";

/**
 * True when queries go to PostgreSQL: for what only one engine needs (row locks, column types in
 * migrations). Takes any Kysely instance or transaction, migrations' untyped ones included.
 */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A connection or an open transaction: what repo functions run their queries on. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  kind: DialectKind;
  /** The SQLite file; null for PostgreSQL and an in-memory SQLite database. */
  file: string | null;
  /**
   * Throws a storage error (503 STORAGE_UNAVAILABLE) when the SQLite file was deleted, moved or
   * replaced since it was opened: writes would go to a file no later start reads. No-op otherwise.
   */
  checkFileIdentity(): void;
  /**
   * How many compiled statements SQLite's statement cache holds (null on PostgreSQL, which keeps
   * none here): a figure that must stop growing once every query of the app has run.
   */
  cachedStatementCount(): number | null;
  /**
   * A connection for one long read of a whole account (an export), closed by `close`. On a
   * SQLite file it is a read-only connection of its own with a small page cache: scanning every
   * memo would otherwise fill the shared connection's 64 MiB cache (memory the export keeps)
   * and push out the pages interactive requests use. Elsewhere it is the shared `kysely`.
   */
  openBulkReader(): BulkReader;
  destroy(): Promise<void>;
}

export interface BulkReader {
  kysely: Kysely<Database>;
  close(): Promise<void>;
}

/** Page cache of a bulk reader: enough for an index's inner pages, not the table's. */
const BULK_READER_CACHE_MIB = 2;

/** The shared connection as a bulk reader: PostgreSQL's pool, or an in-memory SQLite database. */
function sharedReader(kysely: Kysely<Database>): BulkReader {
  return { kysely, close: async () => {} };
}

/** A read-only SQLite connection of its own on `file` (see Db.openBulkReader). */
function openSqliteBulkReader(file: string): BulkReader {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`cache_size = ${-1024 * BULK_READER_CACHE_MIB}`);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, close: () => kysely.destroy() };
}

// pg returns int8 (bigint) as strings to avoid precision loss; our int8 columns hold epoch
// milliseconds and counters, far below 2^53, so they are read as numbers here, once.
const INT8_OID = 20;
function pgTypes(pg: typeof PgModule) {
  return {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === INT8_OID
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
  };
}

/**
 * pg, loaded only for a PostgreSQL database: a server on SQLite does not keep its ~2 MB of heap
 * (issue 14 › idle RSS). Synchronous, as openDatabase is; pg is a CommonJS package.
 */
function loadPg(): typeof PgModule {
  return createRequire(import.meta.url)("pg") as typeof PgModule;
}

/** How long one SQLite statement waits for another connection's lock, blocking the event loop. */
const SQLITE_BUSY_TIMEOUT_MS = 20;

/** SQLite's page cache unless MNEMO_SQLITE_CACHE_MIB says otherwise (SQLite's own is 2 MiB). */
const DEFAULT_SQLITE_CACHE_MIB = 64;

/** Distinct SQL texts kept prepared; the app has a few hundred, so this bounds only bad cases. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 compiles SQL on every prepare(); Kysely prepares each query it runs. The app's
 * queries repeat with new parameters, so the compiled statements are kept by SQL text (a cached
 * statement is only ever used by one query at a time: SQLite calls here are synchronous).
 */
function withStatementCache(sqlite: SqliteDatabase.Database, onChange: () => void) {
  const cache = new Map<string, { statement: SqliteDatabase.Statement; changesData: boolean }>();
  return {
    close: () => sqlite.close(),
    size: () => cache.size,
    prepare(sqlText: string) {
      let cached = cache.get(sqlText);
      if (!cached) {
        const statement = sqlite.prepare(sqlText);
        const changesData = !statement.reader && !TRANSACTION_CONTROL.test(sqlText);
        cached = { statement, changesData };
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, cached);
      }
      if (cached.changesData) onChange();
      return cached.statement;
    },
  };
}

/** Statements that return no rows and change no data by themselves. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;

/**
 * SQLite's DDL is transactional, but Kysely's adapter says otherwise, so its Migrator would run
 * migrations outside any transaction and a crash part-way would leave half a migration behind
 * for ever (`table "users" already exists`). The Migrator is the only reader of this flag.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }

  /** The driver lends the one connection itself (see wal-sync.ts): Kysely takes no lock. */
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #writes: WriteEndOptions;

  constructor(config: SqliteDialectConfig, writes: WriteEndOptions) {
    super(config);
    this.#writes = writes;
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return flushingSqliteDriver(super.createDriver(), this.#writes);
  }
}

type WriteEndOptions = Parameters<typeof flushingSqliteDriver>[1];

/** Written beside the SQLite file when it is first opened: a database existed here. */
const createdMarker = (file: string) => `${file}.created`;

/**
 * A missing database file where the marker says one was (deleted, moved, a volume not mounted)
 * must not silently become a new empty database: every account would seem gone, and writes
 * acknowledged to the new file would hide the real one. MNEMO_ALLOW_NEW_DATABASE=1 allows it.
 */
function refuseNewDatabaseWhereOneWas(file: string, allowNew: boolean): void {
  if (existsSync(file) || !existsSync(createdMarker(file)) || allowNew) return;
  throw new Error(
    `The database ${file} is missing, but ${createdMarker(file)} shows one existed. Restore ` +
      "it (or mount its volume), or set MNEMO_ALLOW_NEW_DATABASE=1 to start with an empty one.",
  );
}

/** Device and inode of a file, or null when it is not there. */
function fileIdentity(file: string): string | null {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.dev}:${stat.ino}` : null;
}

function checkSqliteFileIdentity(file: string, opened: string | null): void {
  const now = fileIdentity(file);
  if (now !== opened) {
    throw new StorageUnavailableError(
      now === null
        ? `the database file ${file} is gone (deleted or moved)`
        : `the database file ${file} was replaced`,
    );
  }
}

/** Opens the configured database: the embedded SQLite file, or PostgreSQL for a postgres URL. */
export function openDatabase(
  database: Config["database"],
  options: { flushFile?: FlushFile } = {},
): Db {
  if (database.kind === "postgres") {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: database.url, max: 10, types: pgTypes(pg) });
    // A connection the server drops (restart, failover, a proxy reset) must not crash the
    // process. pg-pool listens for errors only on idle connections; one cut while checked out
    // emits "error" on its Client with no listener, which Node turns into an uncaught
    // exception. So every Client gets its own listener: its query rejects (answered 503
    // STORAGE_UNAVAILABLE), the pool discards it, and the next query opens a new one.
    const warnLost = (error: Error) =>
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    pool.on("error", warnLost);
    pool.on("connect", (client) => client.on("error", warnLost));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      kind: "postgres",
      file: null,
      checkFileIdentity: () => {},
      cachedStatementCount: () => null,
      openBulkReader: () => sharedReader(kysely),
      destroy: () => kysely.destroy(),
    };
  }
  if (database.file !== ":memory:") {
    mkdirSync(dirname(database.file), { recursive: true });
    refuseNewDatabaseWhereOneWas(database.file, database.allowNew ?? false);
  }
  const sqlite = new SqliteDatabase(database.file);
  if (database.file !== ":memory:") writeFileSync(createdMarker(database.file), "", { flag: "a" });
  // WAL lets readers run while a review is written; foreign keys enforce cascades and ownership.
  sqlite.pragma("journal_mode = WAL");
  // An acknowledged write survives a power cut, after the client has already dropped it from its
  // outbox: a commit settles once the WAL is flushed (wal-sync.ts), off the event loop, so the
  // connection itself runs NORMAL (no flush inside the COMMIT). Only when asked
  // (MNEMO_SQLITE_SYNCHRONOUS=normal, for the bench's comparison) is nothing flushed at commits.
  // An in-memory database has no file to flush.
  const flushesWal = database.synchronous !== "normal" && database.file !== ":memory:";
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // better-sqlite3 waits for a lock on the event loop, so every request, reads and health
  // included, would wait with it: SQLite waits at most this long, and userWrite retries the
  // transaction without blocking until WRITE_BUSY_LIMIT_MS (then 503 STORAGE_UNAVAILABLE).
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // 64 MiB of page cache (SQLite's default is 2 MiB): a folder page reads ~100 rows spread over
  // the file, and each miss is a read() call. Filled on use, so memory grows with the database
  // up to this size; MNEMO_SQLITE_CACHE_MIB bounds it lower. A negative size counts KiB.
  sqlite.pragma(`cache_size = ${-1024 * (database.cacheMiB ?? DEFAULT_SQLITE_CACHE_MIB)}`);
  // Checkpoints run on a worker thread, and the writer finishes them between requests (see
  // sqlite-checkpointer.ts); SQLite's own, inside a commit, only when the WAL grows past that.
  // The worker runs only while the database is written: the driver tells it when a write ended.
  const checkpointer =
    database.file === ":memory:"
      ? null
      : startSqliteCheckpointer(database.file, {
          onError: (message) => process.emitWarning(`SQLite checkpoint failed: ${message}`),
          finish: () => {
            // Not inside a transaction of a request that awaits something else than the database.
            if (!sqlite.inTransaction) sqlite.pragma("wal_checkpoint(PASSIVE)");
          },
        });
  sqlite.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_FRAMES}`);
  let changedSinceWriteEnd = false;
  const statements = withStatementCache(sqlite, () => {
    changedSinceWriteEnd = true;
  });
  const kysely = new Kysely<Database>({
    dialect: new TransactionalDdlSqliteDialect(
      { database: statements },
      {
        flusher: flushesWal ? new WalFlusher(database.file, options.flushFile) : null,
        onWriteEnded: () => checkpointer?.noteWrite(),
        takeWrites: () => {
          const changed = changedSinceWriteEnd;
          changedSinceWriteEnd = false;
          return changed;
        },
        inTransaction: () => sqlite.inTransaction,
      },
    ),
  });
  if (!checkpointer) {
    return {
      kysely,
      kind: "sqlite",
      file: null,
      checkFileIdentity: () => {},
      cachedStatementCount: statements.size,
      openBulkReader: () => sharedReader(kysely),
      destroy: () => kysely.destroy(),
    };
  }
  const identity = fileIdentity(database.file);
  return {
    kysely,
    kind: "sqlite",
    file: database.file,
    checkFileIdentity: () => checkSqliteFileIdentity(database.file, identity),
    cachedStatementCount: statements.size,
    openBulkReader: () => openSqliteBulkReader(database.file),
    async destroy() {
      await checkpointer.stop();
      // Closing the last connection checkpoints what is left and removes the WAL file.
      await kysely.destroy();
    },
  };
}
