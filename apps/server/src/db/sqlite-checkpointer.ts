import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the background connection copies the write-ahead log into the database file. */
const CHECKPOINT_INTERVAL_MS = 100;

/**
 * The WAL length (frames, one page each) from which the writer's own connection finishes a
 * checkpoint the worker has nearly done, so the next write starts the WAL over (SQLite's own
 * mark is 1000). Only the writer can finish: under a steady stream of commits the worker's
 * checkpoint always ends a few commits behind, and the WAL grows.
 */
const FINISH_AT_FRAMES = 8000;

/** How many frames the worker may have left for the writer to copy when it finishes. */
const FINISH_MAX_LEFT_FRAMES = 300;

/**
 * How long the WAL stays copied and unchanged before the worker ends: its thread costs ~20 MB,
 * and a self-hosted server is idle most of the time. The next write starts it again.
 */
const IDLE_STOP_MS = 30_000;

/** When the writer finishes a checkpoint, and when the worker ends (tests pass smaller ones). */
export interface FinishThresholds {
  atFrames: number;
  maxLeftFrames: number;
  idleStopMs: number;
}

/**
 * The writer connection's own checkpoint mark (SQLite's `wal_autocheckpoint`): a safety net for
 * when the worker falls behind or stops. Crossing it checkpoints inside a commit, on the event
 * loop, as SQLite does by default at 1000 pages (80 MB of WAL here).
 */
export const WRITER_AUTOCHECKPOINT_FRAMES = 20_000;

// The worker is plain CommonJS evaluated from this string, so it runs the same from the
// TypeScript sources (tests) and from dist (npm start) without a separate file to resolve.
// After each pass that copied pages it flushes the database file itself: the writer's finishing
// checkpoint then syncs only the last pages, not every page copied since the last finish. It
// asks the writer to finish only when the WAL is long and nearly all copied, once per length of
// the WAL, so an idle server gets no message (it was told every 100 ms). Once every frame is
// copied and none came for idleStopMs, it says so and the thread is ended.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { fdatasyncSync, openSync } = require("node:fs");
const Database = require(workerData.driverPath);
const { atFrames, maxLeftFrames, idleStopMs } = workerData.thresholds;
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
const file = openSync(workerData.file, "r");
let copied = 0;
let asked = 0;
let lastLog = -1;
let quietSince = Date.now();
const timer = setInterval(() => {
  try {
    const [{ log, checkpointed }] = db.pragma("wal_checkpoint(PASSIVE)");
    if (checkpointed > 0 && checkpointed !== copied) fdatasyncSync(file);
    copied = checkpointed;
    // Once per length of the WAL: an idle server, whose WAL does not change, hears nothing.
    if (log >= atFrames && log - checkpointed <= maxLeftFrames && log !== asked) {
      asked = log;
      parentPort.postMessage("finish");
    }
    if (log !== lastLog || checkpointed < log) quietSince = Date.now();
    lastLog = log;
    if (Date.now() - quietSince >= idleStopMs) parentPort.postMessage("idle");
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

export interface SqliteCheckpointer {
  /**
   * Tells the checkpointer a write ended (its COMMIT ran). While the worker is not running, the
   * WAL file is looked at: the worker starts when it changed. A write that changed no page (a
   * sweep that deleted nothing) wrote no frame and starts nothing. The worker ends itself once
   * the WAL has been copied and quiet for a while.
   */
  noteWrite(): void;
  /** Whether the worker thread runs. */
  isRunning(): boolean;
  stop(): Promise<void>;
}

/**
 * Copies the SQLite write-ahead log into the database file from a worker thread with its own
 * connection (PASSIVE checkpoints, which never block a writer), every 100 ms. SQLite otherwise
 * does all of it inside whichever commit crosses 1000 WAL pages, on the event loop
 * (better-sqlite3 is synchronous), with two fsyncs: in the bench at 100,000 memos that made one
 * review in ten wait for it (p90 19 ms against a p50 of 7.7 at 10 connections).
 *
 * The writer still has to finish: a checkpoint that ends with every frame copied lets the next
 * write start the WAL over, and only the writer can end one while it writes. `finish` runs it on
 * the writer's connection when a pass left a few hundred frames or fewer to copy, between
 * requests, not inside a commit. Measured at 100,000 memos and 10 connections: a finish takes
 * ~5 ms (its fsyncs), and at 1000 frames the writer finished 8 times a second; at 8000, twice.
 */
export function startSqliteCheckpointer(
  file: string,
  {
    onError,
    finish,
    thresholds = {
      atFrames: FINISH_AT_FRAMES,
      maxLeftFrames: FINISH_MAX_LEFT_FRAMES,
      idleStopMs: IDLE_STOP_MS,
    },
  }: {
    onError: (message: string) => void;
    finish: () => void;
    thresholds?: FinishThresholds;
  },
): SqliteCheckpointer {
  const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
  // The running worker, and whether it is being ended (idle, or the server stops).
  let running: { worker: Worker; ending: Promise<void> | null } | null = null;
  // A write came while the worker was ending: start a new one once it has.
  let restart = false;
  let stopped = false;
  const wal = `${file}-wal`;
  // The WAL file as last seen with no worker running (size and modification time).
  const walState = () => {
    const stat = statSync(wal, { bigint: true, throwIfNoEntry: false });
    return stat ? `${stat.size}:${stat.mtimeNs}` : "";
  };
  let quietWal = walState();

  const end = (current: { worker: Worker; ending: Promise<void> | null }): Promise<void> => {
    if (current.ending) return current.ending;
    current.ending = new Promise<void>((resolve) => {
      current.worker.once("exit", () => {
        if (running === current) running = null;
        quietWal = walState();
        resolve();
        if (restart && !stopped) {
          restart = false;
          start();
        }
      });
      current.worker.on("message", (message: { stopped?: boolean }) => {
        if (message.stopped) void current.worker.terminate();
      });
      current.worker.postMessage("stop");
    });
    return current.ending;
  };

  const start = () => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { file, driverPath, intervalMs: CHECKPOINT_INTERVAL_MS, thresholds },
      // It holds one connection and a timer: a small heap keeps the thread's memory small.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16, stackSizeMb: 1 },
    });
    const current: { worker: Worker; ending: Promise<void> | null } = { worker, ending: null };
    running = current;
    worker.on("message", (message: "finish" | "idle" | { error?: string }) => {
      if (message === "idle") {
        void end(current);
        return;
      }
      if (message !== "finish") {
        if (message.error) onError(message.error);
        return;
      }
      try {
        finish();
      } catch (error) {
        onError(String(error));
      }
    });
    worker.on("error", (error) => onError(String(error)));
    // A worker that died on its own (an error) is started again by the next write.
    worker.once("exit", () => {
      if (running === current) running = null;
    });
    // A pending checkpoint must not keep the process alive on its own.
    worker.unref();
  };

  return {
    noteWrite() {
      if (stopped) return;
      if (running) {
        if (running.ending) restart = true;
        return;
      }
      if (walState() !== quietWal) start();
    },
    isRunning: () => running !== null,
    async stop() {
      stopped = true;
      if (running) await end(running);
    },
  };
}
