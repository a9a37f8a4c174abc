#!/usr/bin/env node
// `npm test`: every check of the project, on a fresh machine too.
//  1. proves the pinned Node 24 runs the scripts,
//  2. installs from Debian what npm cannot give (PostgreSQL server binaries, Chromium and CJK fonts
//     for the browser tests) when missing,
//  3. starts a throwaway PostgreSQL cluster on a free port unless TEST_DATABASE_URL is given,
//  4. runs lint and type checks (workspaces and e2e/), builds every workspace (the browser tests
//     drive the built web app served by the built server), builds the native apps' web assets and
//     runs `cap sync` (android/, ios/), then every Vitest project (domain,
//     server on SQLite and PostgreSQL, e2e in Chromium),
//  5. stops the cluster and removes its files, whatever happened.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ensureDebianPackages } from "./debian.mjs";
import { startThrowawayPostgres } from "./postgres.mjs";

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
  // `npm install`, as the README says: `npm ci` refuses this lockfile because the registry we
  // reach lacks some other-platform optional packages (e.g. @biomejs/cli-win32-x64).
  log("no node_modules yet: npm install");
  runStep("install", "npm", ["install"], process.env);
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

/** One plain closing line (`N passed, N failed`) that any CI reader understands. */
function printTally(reportFile) {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const skipped = report.numPendingTests + report.numTodoTests;
  const tail = skipped > 0 ? `, ${skipped} skipped` : "";
  process.stdout.write(
    `\ntests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${tail}\n`,
  );
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
    // e2e/helpers/browser.ts launches /usr/bin/chromium-headless-shell (and /usr/bin/chromium
    // where a spec needs the full browser); the fonts draw Korean in screenshots; python3 reads
    // our Anki export independently (apps/server/test/fixtures/read-apkg.py).
    ensureDebianPackages(["chromium", "chromium-headless-shell", "fonts-noto-cjk", "python3"]);
    const env = { ...process.env, NODE_ENV: "test" };
    if (!env.TEST_DATABASE_URL) {
      cluster = await startThrowawayPostgres(log);
      env.TEST_DATABASE_URL = cluster.url;
    } else {
      log("using TEST_DATABASE_URL from the environment");
    }
    runStep("lint", "npx", ["biome", "check", "."], env);
    runStep("types", "npm", ["run", "typecheck", "--workspaces", "--if-present"], env);
    runStep("types e2e", "npx", ["tsc", "-p", "e2e/tsconfig.json"], env);
    // Vite follows NODE_ENV: the browser tests must drive the production bundle users get, not
    // one built under the NODE_ENV=test the other steps run with.
    runStep("build", "npm", ["run", "build"], { ...process.env, NODE_ENV: "production" });
    // The mobile apps: the native web build (no service worker) copied into android/ and ios/
    // with their plugins. Needs no Android SDK or Xcode; a second or so.
    runStep("native sync", "npm", ["run", "cap:sync", "-w", "@mnemo/web"], {
      ...process.env,
      NODE_ENV: "production",
    });
    const report = join(mkdtempSync(join(tmpdir(), "mnemo-vitest-")), "report.json");
    try {
      runStep(
        "vitest",
        "npx",
        [
          "vitest",
          "run",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${report}`,
          ...process.argv.slice(2),
        ],
        env,
      );
    } finally {
      printTally(report);
      rmSync(dirname(report), { recursive: true, force: true });
    }
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`[test] ${error.message}\n`);
  process.exit(1);
});
