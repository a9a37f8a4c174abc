#!/usr/bin/env node
// `npm test`: every check of the project, on a fresh machine too.
//  1. proves the pinned Node 24 runs the scripts,
//  2. installs from Debian what npm cannot give (PostgreSQL server binaries) when missing,
//  3. starts a throwaway PostgreSQL cluster on a free port unless TEST_DATABASE_URL is given,
//  4. runs lint, type checks and every Vitest project (domain, server on SQLite and PostgreSQL),
//  5. stops the cluster and removes its files, whatever happened.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDebianPackages } from "./debian.mjs";

const root = new URL("..", import.meta.url).pathname;

function log(message) {
  process.stdout.write(`[test] ${message}\n`);
}

/**
 * On a fresh clone `npm test` starts on the machine's Node before anything is installed: install
 * from the lockfile, then run `npm test` again so the pinned Node 24 from node_modules/.bin runs it.
 */
function installWhenFresh() {
  if (existsSync(join(root, "node_modules", ".bin", "node"))) return;
  log("no node_modules yet: npm ci");
  runStep("install", "npm", ["ci"], process.env);
  const again = spawnSync("npm", ["test", "--", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
  });
  process.exit(again.status ?? 1);
}

function checkNode() {
  log(`node ${process.version}`);
  if (!process.version.startsWith("v24.")) {
    throw new Error(`expected Node 24 from the root devDependency, got ${process.version}`);
  }
}

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

async function startThrowawayPostgres() {
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
  // fsync off: the cluster is thrown away after the run, durability buys nothing here.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
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

function runStep(name, command, args, env) {
  log(`${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) {
    throw new Error(`${name} failed (exit ${result.status ?? result.signal})`);
  }
}

async function main() {
  installWhenFresh();
  checkNode();
  let cluster = null;
  const cleanup = () => {
    cluster?.stop();
    cluster = null;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      cleanup();
      process.exit(130);
    });
  }
  try {
    const env = { ...process.env, NODE_ENV: "test" };
    if (!env.TEST_DATABASE_URL) {
      cluster = await startThrowawayPostgres();
      env.TEST_DATABASE_URL = cluster.url;
    } else {
      log("using TEST_DATABASE_URL from the environment");
    }
    runStep("lint", "npx", ["biome", "check", "."], env);
    runStep("types", "npm", ["run", "typecheck", "--workspaces", "--if-present"], env);
    runStep("vitest", "npx", ["vitest", "run", ...process.argv.slice(2)], env);
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`[test] ${error.message}\n`);
  process.exit(1);
});

