// A throwaway PostgreSQL cluster for tests: initdb + pg_ctl in a temp dir on a free port, with
// Debian's server binaries (installed when missing). Removed again by the returned stop().
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDebianPackages } from "./debian.mjs";

function postgresBinDir() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(base, versions[0], "bin") : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root, so the cluster belongs to the `postgres` system user then. */
function asClusterOwner(command, args) {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

/**
 * @param log - progress lines
 * @param options - `durable`: the server's own defaults for fsync and commits, as a deployment
 *   runs (the bench measures requests on it); tests run without them
 */
export async function startThrowawayPostgres(log = () => {}, { durable = false } = {}) {
  let bin = postgresBinDir();
  if (!bin) {
    ensureDebianPackages(["postgresql"]);
    bin = postgresBinDir();
    if (!bin) throw new Error("PostgreSQL server binaries are still missing after apt-get install");
  }
  const dir = mkdtempSync(join(tmpdir(), "mnemo-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const dataDir = join(dir, "data");
  const port = await freePort();
  const run = (command, args) => {
    const [cmd, argv] = asClusterOwner(join(bin, command), args);
    execFileSync(cmd, argv, { stdio: ["ignore", "ignore", "inherit"] });
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  // fsync off for tests: the cluster is thrown away after the run, durability buys nothing there.
  const unsafe = durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${unsafe} -c max_connections=200`;
  run("pg_ctl", ["-D", dataDir, "-o", options, "-l", join(dir, "server.log"), "-w", "start"]);
  log(`PostgreSQL (${bin}) on 127.0.0.1:${port}`);
  const stop = () => {
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
