import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const serverEntry = join(repoRoot, "apps/server/dist/main.js");
const webIndex = join(repoRoot, "apps/web/dist/index.html");
const exitWithParent = fileURLToPath(new URL("./exit-with-parent.mjs", import.meta.url));

/** Kept output per server: enough for the last requests before a failure, bounded for long runs. */
const MAX_OUTPUT_CHARS = 200_000;

export interface StartMnemoOptions {
  /** Where the server sends mail, e.g. a Mailbox's `url`. Unset: `.eml` files in DATA_DIR/mail. */
  smtpUrl?: string;
  /** More environment for the server, e.g. `{ OWNER_EMAIL: "owner@example.com" }`, `{ MNEMO_DEV: "1" }`. */
  env?: Record<string, string>;
  /** How long to wait for the first healthy `/api/health`, in ms. */
  startTimeoutMs?: number;
}

export interface MnemoServer {
  /** `http://127.0.0.1:<port>`: the PUBLIC_URL, so pages opened here pass the Origin checks. */
  readonly url: string;
  readonly port: number;
  /** The server's DATA_DIR (SQLite file, secret, mail outbox when there is no SMTP_URL). */
  readonly dataDir: string;
  /** True while the child process runs. */
  readonly isRunning: boolean;
  /** What the server printed, stdout and stderr, across restarts (the last 100–200 KB). */
  output(): string;
  /** SIGTERM (the server closes its database), SIGKILL if it lingers. Keeps DATA_DIR. */
  stop(): Promise<void>;
  /** SIGKILL, as in a crash or a pulled plug. Keeps DATA_DIR, for restart(). */
  kill(): Promise<void>;
  /** Stops the server if it runs, then starts it again on the same port and DATA_DIR. */
  restart(): Promise<void>;
  /** Stops the server and removes DATA_DIR. For afterAll; safe to call twice. */
  close(): Promise<void>;
}

const liveServers = new Set<MnemoServer>();

/** Asks the kernel for a free loopback port (closed again before the server binds it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** One GET /api/health on a fresh socket: true when it answers 200 `{ ok: true }`. */
function isHealthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/api/health", agent: false, timeout: 1000 },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
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

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts the built server (`apps/server/dist/main.js`, serving `apps/web/dist`, so run
 * `npm run build` first) as a child
 * process of the pinned Node, the way an operator runs it: NODE_ENV=production, a fresh DATA_DIR
 * (a new SQLite database), PUBLIC_URL=http://127.0.0.1:<free port>. Resolves once `/api/health`
 * answers.
 *
 * Production mode is what users run, and it works over plain http: the server derives Secure
 * cookies, the `__Secure-` cookie prefix and HSTS from PUBLIC_URL's scheme, not from NODE_ENV.
 * The per-address limits (30 sign-ins a minute; 20 a minute on each route that signs up, signs in
 * anonymously or sends mail) hold in every mode, and every page here comes from 127.0.0.1: a spec
 * that goes past them within a minute needs its own server, or a restart(), which empties the
 * in-memory counters.
 */
export async function startMnemo(options: StartMnemoOptions = {}): Promise<MnemoServer> {
  // Without the web build the server would answer `/` with a redirect to its API docs.
  for (const file of options.env?.WEB_DIST ? [serverEntry] : [serverEntry, webIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "mnemo-e2e-"));
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  let child: ChildProcess | null = null;
  let output = "";
  let isClosed = false;

  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS / 2);
  };

  async function start(): Promise<void> {
    const spawned = spawn(process.execPath, ["--import", exitWithParent, serverEntry], {
      cwd: repoRoot,
      // Only what the server needs: the test runner's own variables (NODE_ENV=test,
      // TEST_DATABASE_URL) must not reach it.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
        ...options.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child = spawned;
    spawned.stdout?.on("data", keep);
    spawned.stderr?.on("data", keep);
    spawned.once("exit", (code, signal) => {
      const wasExpected = spawned.killed;
      if (child === spawned) child = null;
      // A crash nobody asked for: show what the server said, whether or not a test fails.
      if (!wasExpected && code !== 0) {
        process.stderr.write(
          `\n[e2e] the server on ${url} exited (${code ?? signal}); its output:\n${output}\n`,
        );
      }
    });
    const startedAt = Date.now();
    while (Date.now() - startedAt < timeoutMs) {
      if (child !== spawned) {
        throw new Error(`the server exited before answering /api/health:\n${output}`);
      }
      if (await isHealthy(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    spawned.kill("SIGKILL");
    throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${output}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running) return;
    running.kill("SIGTERM");
    const timer = setTimeout(() => running.kill("SIGKILL"), 10_000);
    await waitForExit(running);
    clearTimeout(timer);
  }

  const server: MnemoServer = {
    url,
    port,
    dataDir,
    get isRunning() {
      return child !== null;
    },
    output: () => output,
    stop,
    async kill() {
      const running = child;
      if (!running) return;
      running.kill("SIGKILL");
      await waitForExit(running);
    },
    async restart() {
      if (isClosed) throw new Error("restart() after close()");
      await stop();
      await start();
    },
    async close() {
      isClosed = true;
      await stop();
      liveServers.delete(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  liveServers.add(server);
  try {
    await start();
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/** Servers started and not closed yet, e.g. to print their output when a test fails. */
export function openServers(): MnemoServer[] {
  return [...liveServers];
}

/** Closes every server still open (e2e/helpers/setup.ts does it after each file). */
export async function closeAllServers(): Promise<void> {
  await Promise.all([...liveServers].map((server) => server.close()));
}

// Last resort when the test process ends without afterAll (an uncaught error, process.exit).
process.once("exit", () => {
  for (const server of liveServers) {
    void server.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
