// The soak (issue 13 item 11): 20 users keep the built server busy with a realistic mix for
// 15 minutes while its RSS is sampled every 30 s; it prints the series and whether RSS levels
// off, and the memory breakdown (V8 heap, external, array buffers, malloc, the [heap] and
// anonymous mappings, the database file) to tell what grows. `npm run bench:soak`; see
// bench/README.md.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createVerifiedUser } from "./lib/accounts.mjs";
import { stepLogger, tempDataDir } from "./lib/bench-run.mjs";
import { BrowserClient } from "./lib/browser-client.mjs";
import { findFreePort, ServerProcess, startScriptNodeFlags } from "./lib/server-process.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 15);
const USER_COUNT = Number(process.env.BENCH_SOAK_USERS ?? 20);
const SAMPLE_SECONDS = 30;
/**
 * `steady` (the default, the one the verdict is for): every memo created replaces the user's
 * oldest, so the data set keeps its size and growth that remains is the server's own.
 * `growing`: memos are only created, so the data (and SQLite's page cache with it) grows too.
 */
const MIX = process.env.BENCH_SOAK_MIX ?? "steady";
if (MIX !== "steady" && MIX !== "growing") {
  throw new Error(`BENCH_SOAK_MIX=${MIX}: expected steady or growing`);
}
const FOLDERS_PER_USER = 3;
const MEMOS_PER_FOLDER = 20;
/** RSS levels off when it grows at most this much over the last third of the soak… */
const LEVEL_OFF_LIMIT_MB = 15;
/**
 * …and the straight line fitted through the last third's samples rises at most this fast: a
 * single sample caught at a garbage-collection peak or low moves the raw growth, the fit less.
 */
const LEVEL_OFF_SLOPE_LIMIT_MB_PER_MIN = 1;

/**
 * What a user does, with its weight: a day of using the app is mostly reading lists and
 * reviewing, some writing, and the change feed the offline layer pulls.
 */
const ACTIONS = [
  ["list folders", 12],
  ["folder page", 15],
  ["home list", 15],
  ["review", 25],
  [MIX === "steady" ? "replace memo" : "create memo", 8],
  ["edit memo", 8],
  ["change feed", 12],
  ["search", 5],
];
const SORTS = ["latest", "repetition_value", "review_count_desc"];
/** Words of the soak's memos (see `contents`), Korean and English, one and two words. */
const SEARCHES = ["복습", "기억을", "간격 반복", "memo", "soak edited"];

const step = stepLogger(7);

/** @type {ServerProcess | null} */
let server = null;
const dataDir = tempDataDir("mnemo-soak-", () => server);
const memoryFile = join(dataDir, "memory.json");

/** The server's memory breakdown in MB, from the preloaded memory-probe.mjs (SIGUSR2). */
async function memoryBreakdown() {
  const sentAt = Date.now();
  process.kill(server.pid, "SIGUSR2");
  for (let waited = 0; waited < 3000; waited += 20) {
    await new Promise((r) => setTimeout(r, 20));
    try {
      const usage = JSON.parse(readFileSync(memoryFile, "utf8"));
      if (usage.at >= sentAt) {
        const mb = (bytes) => bytes / 1e6;
        return {
          heapUsedMB: mb(usage.heapUsed),
          heapTotalMB: mb(usage.heapTotal),
          externalMB: mb(usage.external),
          arrayBuffersMB: mb(usage.arrayBuffers),
          mallocedMB: mb(usage.mallocedMemory),
        };
      }
    } catch {
      // not written yet
    }
  }
  return null;
}

/** The SQLite database and its WAL, in MB. */
function databaseMB() {
  const size = (file) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const file = join(dataDir, "mnemo.sqlite");
  return (size(file) + size(`${file}-wal`)) / 1e6;
}

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function pickAction() {
  const total = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [name, weight] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return ACTIONS[0][0];
}

const contents = (n) =>
  `<p>복습 메모 ${n}: 간격 반복으로 기억을 다집니다.</p><p>Soak memo ${n}, <strong>edited</strong> ${Date.now()}</p>`;

/** One user: signs in once, makes a few folders and memos, then loops through the mix. */
class SoakUser {
  constructor(n) {
    this.n = n;
    this.client = new BrowserClient(server.publicUrl);
    this.account = {
      email: `soak${n}@example.com`,
      password: "soak-Passw0rd!",
      name: `소크 Soak ${n}`,
    };
    this.folderIds = [];
    this.memoIds = [];
    this.created = 0;
    this.cursor = undefined;
  }

  async setUp() {
    await createVerifiedUser(this.client, join(dataDir, "mail"), this.account);
    for (let f = 0; f < FOLDERS_PER_USER; f += 1) {
      const title = f % 2 === 0 ? `폴더 ${f}` : `Folder ${f}`;
      const { body } = await this.client.expect("POST", "/api/folders", { title });
      this.folderIds.push(body.folder.id);
      for (let m = 0; m < MEMOS_PER_FOLDER; m += 1) await this.createMemo(body.folder.id);
    }
  }

  /**
   * A new memo in place of the user's oldest (deleting it takes its reviews with it), so the
   * user's data keeps its size.
   */
  async replaceMemo() {
    await this.createMemo();
    const oldest = this.memoIds.shift();
    await this.client.expect("DELETE", `/api/memos/${oldest}?opId=${randomUUID()}`);
  }

  async createMemo(folderId = pick(this.folderIds)) {
    const n = this.created;
    this.created += 1;
    const { body } = await this.client.expect("POST", "/api/memos", {
      folderId,
      title: n % 2 === 0 ? `메모 ${n}` : `Memo ${n}`,
      contents: contents(n),
    });
    this.memoIds.push(body.memo.id);
  }

  /** One action of the mix; its request must answer 2xx. */
  async act(action) {
    const c = this.client;
    switch (action) {
      case "list folders":
        return c.expect("GET", "/api/folders");
      case "folder page":
        return c.expect(
          "GET",
          `/api/folders/${pick(this.folderIds)}/memos?limit=100&sort=${pick(SORTS)}`,
        );
      case "home list":
        return c.expect("GET", "/api/home/review-list");
      case "review":
        return c.expect("POST", `/api/memos/${pick(this.memoIds)}/reviews`, { opId: randomUUID() });
      case "create memo":
        return this.createMemo();
      case "replace memo":
        return this.replaceMemo();
      case "edit memo":
        return c.expect("PATCH", `/api/memos/${pick(this.memoIds)}`, {
          contents: contents(this.memoIds.length),
          opId: randomUUID(),
        });
      case "search":
        return c.expect("GET", `/api/search?q=${encodeURIComponent(pick(SEARCHES))}`);
      case "change feed": {
        // Mostly the next page from where this device stopped; now and then a new device.
        const from = Math.random() < 0.1 ? undefined : this.cursor;
        const query = from ? `?cursor=${encodeURIComponent(from)}` : "";
        const { body } = await c.expect("GET", `/api/sync/changes${query}`);
        this.cursor = body.nextCursor;
        return;
      }
      default:
        throw new Error(`unknown action ${action}`);
    }
  }
}

/** Per-interval request figures, reset at each sample. */
const interval = { latencies: [], failures: 0, lastFailure: "" };
const totals = { requests: 0, failures: 0, byAction: {} };

async function runUser(user, until) {
  while (performance.now() < until) {
    const action = pickAction();
    const began = performance.now();
    try {
      await user.act(action);
      interval.latencies.push(performance.now() - began);
      totals.requests += 1;
      totals.byAction[action] = (totals.byAction[action] ?? 0) + 1;
    } catch (error) {
      interval.failures += 1;
      totals.failures += 1;
      interval.lastFailure = `${action}: ${error instanceof Error ? error.message : error}`;
      if (!server.pid) throw new Error(`the server died:\n${server.tail()}`);
    }
  }
}

function p99(values) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)];
}

const fmt = (value, decimals = 1) =>
  typeof value === "number" && !Number.isNaN(value) ? value.toFixed(decimals) : "—";

async function takeSample(minute) {
  const memory = await memoryBreakdown();
  const requests = interval.latencies.length;
  const sample = {
    minute,
    rssMB: server.rssMB(),
    ...memory,
    ...server.mappingsMB(),
    databaseMB: databaseMB(),
    reqPerSec: minute === 0 ? null : requests / SAMPLE_SECONDS,
    p99Ms: p99(interval.latencies),
    failures: interval.failures,
  };
  interval.latencies = [];
  interval.failures = 0;
  const failure =
    sample.failures > 0 ? `  ${sample.failures} failed (${interval.lastFailure})` : "";
  step(
    `t=${fmt(minute, 1)} min  RSS ${fmt(sample.rssMB)} MB  heap used ${fmt(sample.heapUsedMB)}` +
      ` / total ${fmt(sample.heapTotalMB)}  external ${fmt(sample.externalMB)}` +
      ` (array buffers ${fmt(sample.arrayBuffersMB)})  malloc ${fmt(sample.mallocedMB)}` +
      `  [heap] ${fmt(sample.mallocHeapMB)}  anon ${fmt(sample.anonymousMB)}` +
      `  db ${fmt(sample.databaseMB)} MB` +
      `  ${fmt(sample.reqPerSec, 0)} req/s  p99 ${fmt(sample.p99Ms)} ms${failure}`,
  );
  return sample;
}

/** The slope (per minute) of the least-squares line through the samples' `key`. */
function fittedSlope(samples, key) {
  const n = samples.length;
  const meanX = samples.reduce((sum, s) => sum + s.minute, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s[key], 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.minute - meanX) * (s[key] - meanY);
    variance += (s.minute - meanX) ** 2;
  }
  return covariance / variance;
}

/**
 * How a series moves over the last third of the soak: its growth from the sample that starts
 * the last third to the end, and the slope fitted through the last third's samples (MB/min).
 */
function lastThird(samples, key) {
  const loaded = samples.filter((s) => s.minute > 0 && typeof s[key] === "number");
  if (loaded.length < 3) return null;
  const third = loaded.slice(Math.floor((loaded.length * 2) / 3) - 1);
  const from = third[0];
  const to = third[third.length - 1];
  return {
    key,
    fromMinute: from.minute,
    toMinute: to.minute,
    fromMB: from[key],
    toMB: to[key],
    growthMB: to[key] - from[key],
    slopeMBPerMin: fittedSlope(third, key),
  };
}

async function main() {
  if (Number(process.versions.node.split(".")[0]) < 24) {
    throw new Error(`Node ${process.version}: run it as \`npm run bench:soak\` (pinned Node 24)`);
  }
  if (!existsSync(join(repoRoot, "apps/server/dist/main.js"))) {
    throw new Error("apps/server/dist/main.js is missing: `npm run bench:soak` builds it first");
  }
  server = new ServerProcess({
    repoRoot,
    dataDir,
    port: await findFreePort(),
    nodeArgs: [
      ...startScriptNodeFlags(repoRoot),
      `--import=${pathToFileURL(join(repoRoot, "bench/lib/memory-probe.mjs")).href}`,
      ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
    ],
    env: { MNEMO_BENCH_MEMORY_FILE: memoryFile },
  });
  step(`starting the server on ${server.publicUrl} (data in ${dataDir})`);
  await server.start();

  step(`${USER_COUNT} users sign up, verify, sign in; each makes ${FOLDERS_PER_USER} folders`);
  const users = [];
  for (let n = 1; n <= USER_COUNT; n += 1) {
    const user = new SoakUser(n);
    await user.setUp();
    users.push(user);
  }

  step(`soak: ${USER_COUNT} users, ${SOAK_MINUTES} min, RSS sampled every ${SAMPLE_SECONDS} s`);
  const samples = [await takeSample(0)];
  const loadStart = performance.now();
  const until = loadStart + SOAK_MINUTES * 60_000;
  const running = Promise.all(users.map((user) => runUser(user, until)));
  let failed = null;
  running.catch((error) => {
    failed = error;
  });
  let next = loadStart + SAMPLE_SECONDS * 1000;
  while (next <= until + 1 && !failed) {
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    samples.push(await takeSample((next - loadStart) / 60_000));
    next += SAMPLE_SECONDS * 1000;
  }
  await running;
  const peakRssMB = server.peakRssMB();
  await server.stop();

  const rss = lastThird(samples, "rssMB");
  console.log("\nSoak figures\n");
  console.log(
    `users ${USER_COUNT}, ${SOAK_MINUTES} min, mix ${MIX}, ${totals.requests} requests, ` +
      `${totals.failures} failed`,
  );
  console.log(`mix: ${JSON.stringify(totals.byAction)}`);
  console.log(
    `RSS series (MB, every ${SAMPLE_SECONDS} s): ${samples.map((s) => fmt(s.rssMB, 0)).join(" ")}`,
  );
  const series = (key) => samples.map((s) => fmt(s[key], 0)).join(" ");
  console.log(`heap used series (MB): ${series("heapUsedMB")}`);
  console.log(`[heap] (malloc) series (MB): ${series("mallocHeapMB")}`);
  console.log(`anonymous series (MB): ${series("anonymousMB")}`);
  console.log(`database series (MB): ${series("databaseMB")}`);
  console.log(`peak RSS since start (VmHWM): ${fmt(peakRssMB)} MB`);
  const movement = (moved) =>
    moved === null
      ? "n/a (too short)"
      : `${fmt(moved.growthMB)} MB from ${fmt(moved.fromMB)} (min ${fmt(moved.fromMinute)}) to ` +
        `${fmt(moved.toMB)} (min ${fmt(moved.toMinute)}), fitted slope ` +
        `${fmt(moved.slopeMBPerMin, 2)} MB/min`;
  const isLevel =
    rss !== null &&
    rss.growthMB <= LEVEL_OFF_LIMIT_MB &&
    rss.slopeMBPerMin <= LEVEL_OFF_SLOPE_LIMIT_MB_PER_MIN;
  console.log(
    `RSS over the last third: ${movement(rss)} (limits ≤ ${LEVEL_OFF_LIMIT_MB} MB and ≤ ` +
      `${LEVEL_OFF_SLOPE_LIMIT_MB_PER_MIN} MB/min) ${rss === null ? "n/a" : isLevel ? "LEVELS OFF" : "GROWS"}`,
  );
  for (const [label, key] of [
    ["heap used", "heapUsedMB"],
    ["[heap] (malloc)", "mallocHeapMB"],
    ["anonymous", "anonymousMB"],
    ["database", "databaseMB"],
  ]) {
    console.log(`${label} over the last third: ${movement(lastThird(samples, key))}`);
  }
  const summary = {
    users: USER_COUNT,
    minutes: SOAK_MINUTES,
    mix: MIX,
    requests: totals.requests,
    failed: totals.failures,
    peakRssMB,
    rssGrowthLastThirdMB: rss?.growthMB ?? null,
    rssSlopeLastThirdMBPerMin: rss?.slopeMBPerMin ?? null,
    levelsOff: rss === null ? null : isLevel,
    samples,
  };
  console.log(`\nSOAK_JSON ${JSON.stringify(summary)}`);
  if (failed) throw failed;
  if (totals.failures > 0) {
    console.error(`\n${totals.failures} requests failed: the soak did not run cleanly`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nsoak failed: ${error instanceof Error ? error.stack : String(error)}`);
  if (server?.output.length) console.error(`\nserver output (tail):\n${server.tail()}`);
  process.exitCode = 1;
} finally {
  await server?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
