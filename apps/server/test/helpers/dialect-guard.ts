// Runs before each server test file (vitest.config.ts setupFiles). The server projects share a
// worker's modules between files (isolate: false), and test-server.ts reads the dialect once,
// when it loads: a worker that ran one project's files and then the other's would run the second
// project on the first one's database, and pass. Vitest gives each project its own workers (82
// SQLite files ran in two processes, 82 PostgreSQL files in two others); this stops the run if
// that ever changes.
import { dialect } from "./test-server.js";

const asked = process.env.MNEMO_TEST_DIALECT === "postgres" ? "postgres" : "sqlite";
if (asked !== dialect) {
  throw new Error(`this worker loaded the ${dialect} test helpers but runs the ${asked} project`);
}
