// What every bench script sets up the same way: timestamped steps, and a temporary data folder
// that goes, with the server process, whatever happens (an error, Ctrl-C).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A `step(message)` that prints the seconds since this call before each message. */
export function stepLogger(width = 6) {
  const startedAt = performance.now();
  return (message) => {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(width);
    console.log(`[${seconds}s] ${message}`);
  };
}

/** `BENCH_KEEP_DATA=1`: the data folder stays, to time queries on its seeded database. */
const KEEP_DATA = process.env.BENCH_KEEP_DATA === "1";

/**
 * A new temporary data folder, removed at exit (unless `BENCH_KEEP_DATA=1`) together with the
 * server `currentServer()` answers then (null when none runs).
 */
export function tempDataDir(prefix, currentServer) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  process.once("exit", () => {
    currentServer()?.killNow();
    if (KEEP_DATA) console.log(`data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the server and removing ${dataDir}`);
      process.exit(130);
    });
  }
  return dataDir;
}
