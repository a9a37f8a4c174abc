import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

/**
 * The node flags between `node` and the server entry in the root `start` script: the bench runs
 * the server as `npm start` does.
 */
export function startScriptNodeFlags(repoRoot) {
  const rootPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const match = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(
    rootPackage.scripts.start,
  );
  if (!match) throw new Error("the root start script does not run apps/server/dist/main.js");
  return match[1].split(/\s+/).filter(Boolean);
}

/** Asks the kernel for a free loopback port (closed again before the server binds it). */
export async function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** One GET /api/health on a fresh socket; true when it answers 200 `{ ok: true }`. */
function probeHealth(port) {
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/api/health", agent: false, timeout: 1000 },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve(res.statusCode === 200 && body.includes('"ok":true')));
      },
    );
    req.on("error", () => resolve(false));
    req.on("timeout", () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

/**
 * Reads a field of /proc/<pid>/status (VmRSS, VmHWM) in MB (10^6 bytes; the kernel's "kB" is
 * 1024 bytes), or null when the process is gone or the platform has no procfs.
 */
export function readProcStatusMB(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    return match ? (Number(match[1]) * 1024) / 1e6 : null;
  } catch {
    return null;
  }
}

/**
 * Sizes in MB from /proc/<pid>/smaps: the main thread's malloc arena (`[heap]`, where SQLite's
 * page cache and compiled statements live) and all anonymous memory (V8's pages, other threads'
 * arenas), or nulls where there is no procfs.
 */
export function readMappingsMB(pid) {
  try {
    const smaps = readFileSync(`/proc/${pid}/smaps`, "utf8");
    let heapKB = 0;
    let anonymousKB = 0;
    let inHeap = false;
    for (const line of smaps.split("\n")) {
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
        inHeap = line.endsWith("[heap]");
        continue;
      }
      const field = /^(Rss|Anonymous):\s+(\d+) kB/.exec(line);
      if (!field) continue;
      if (field[1] === "Rss" && inHeap) heapKB += Number(field[2]);
      if (field[1] === "Anonymous") anonymousKB += Number(field[2]);
    }
    return { mallocHeapMB: (heapKB * 1024) / 1e6, anonymousMB: (anonymousKB * 1024) / 1e6 };
  } catch {
    return { mallocHeapMB: null, anonymousMB: null };
  }
}

/**
 * The built server (`apps/server/dist/main.js`) as a child process, configured the way an
 * operator would run it: production mode, its own data directory, no SMTP (mails go to files).
 */
export class ServerProcess {
  /**
   * @param {{ repoRoot: string, dataDir: string, port: number, nodeArgs?: string[],
   *   env?: Record<string, string> }} options
   *   `nodeArgs`: extra flags for node itself (e.g. `--cpu-prof` when looking into a figure);
   *   `env`: extra environment for the next start (e.g. `MNEMO_SQLITE_SYNCHRONOUS`), changeable
   *   between starts through `this.env`
   */
  constructor({ repoRoot, dataDir, port, nodeArgs = [], env = {} }) {
    this.repoRoot = repoRoot;
    this.nodeArgs = nodeArgs;
    this.env = env;
    this.dataDir = dataDir;
    this.port = port;
    this.publicUrl = `http://127.0.0.1:${port}`;
    this.child = null;
    this.output = [];
    this.exitCode = null;
  }

  get pid() {
    return this.child?.pid ?? null;
  }

  /** Last lines the server printed, for error messages. */
  tail(lines = 30) {
    return this.output.join("").split("\n").slice(-lines).join("\n");
  }

  /**
   * Spawns the server and waits until /api/health answers.
   * @returns {Promise<number>} milliseconds from spawn to the first healthy answer
   */
  async start(timeoutMs = 30_000) {
    if (this.child) throw new Error("server already running");
    this.output = [];
    this.exitCode = null;
    const startedAt = performance.now();
    const child = spawn(
      process.execPath,
      [...this.nodeArgs, join(this.repoRoot, "apps/server/dist/main.js")],
      {
        cwd: this.repoRoot,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          NODE_ENV: "production",
          PORT: String(this.port),
          HOST: "127.0.0.1",
          DATA_DIR: this.dataDir,
          PUBLIC_URL: this.publicUrl,
          LOG_LEVEL: "warn",
          ...this.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.child = child;
    const keep = (chunk) => {
      this.output.push(chunk.toString());
      if (this.output.length > 400) this.output.splice(0, 200);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("exit", (code, signal) => {
      this.exitCode = code ?? signal;
      if (this.child === child) this.child = null;
    });

    while (performance.now() - startedAt < timeoutMs) {
      if (this.child !== child) {
        throw new Error(`server exited (${this.exitCode}) before answering:\n${this.tail()}`);
      }
      if (await probeHealth(this.port)) return performance.now() - startedAt;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** SIGTERM (the server closes its database cleanly), SIGKILL when it lingers. */
  async stop(timeoutMs = 10_000) {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  /** Synchronous last resort for process exit handlers. */
  killNow() {
    if (this.child && this.child.exitCode === null) this.child.kill("SIGKILL");
  }

  /** Current resident set size in MB. */
  rssMB() {
    return this.pid === null ? null : readProcStatusMB(this.pid, "VmRSS");
  }

  /** Peak resident set size since the process started, in MB. */
  peakRssMB() {
    return this.pid === null ? null : readProcStatusMB(this.pid, "VmHWM");
  }

  /** The `[heap]` and anonymous memory of the process (readMappingsMB), in MB. */
  mappingsMB() {
    return this.pid === null ? { mallocHeapMB: null, anonymousMB: null } : readMappingsMB(this.pid);
  }
}
