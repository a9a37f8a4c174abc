// The soak (issue 13 item 11): 20 users keep the built server busy with a realistic mix for
// 15 minutes while its RSS is sampled every 30 s; it prints the series and whether RSS levels
// off, and the memory breakdown (V8 heap, external, array buffers, malloc) to tell what grows.
// `npm run bench:soak`; see bench/README.md.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
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
const FOLDERS_PER_USER = 3;
const MEMOS_PER_FOLDER = 20;
/** RSS levels off when it grows at most this much over the last third of the soak. */
const LEVEL_OFF_LIMIT_MB = 15;

/**
 * What a user does, with its weight: a day of using the app is mostly reading lists and
 * reviewing, some writing, and the change feed the offline layer pulls.
 */
const ACTIONS = [
  ["list folders", 12],
  ["folder page", 20],
  ["home list", 15],
  ["review", 25],
  ["create memo", 8],
  ["edit memo", 8],
  ["change feed", 12],
];
const SORTS = ["latest", "repetition_value", "review_count_desc"];

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

  async createMemo(folderId = pick(this.folderIds)) {
    const n = this.memoIds.length;
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
      case "edit memo":
        return c.expect("PATCH", `/api/memos/${pick(this.memoIds)}`, {
          contents: contents(this.memoIds.length),
          opId: randomUUID(),
        });
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
      `  ${fmt(sample.reqPerSec, 0)} req/s  p99 ${fmt(sample.p99Ms)} ms${failure}`,
  );
  return sample;
}

/**
 * Whether a series levels off: its growth from the start of the last third of the soak to the
 * end, against LEVEL_OFF_LIMIT_MB.
 */
function levelOff(samples, key) {
  const loaded = samples.filter((s) => s.minute > 0);
  if (loaded.length < 3) return null;
  const from = loaded[Math.floor((loaded.length * 2) / 3) - 1] ?? loaded[0];
  const to = loaded[loaded.length - 1];
  const growthMB = to[key] - from[key];
  return {
    key,
    fromMinute: from.minute,
    toMinute: to.minute,
    fromMB: from[key],
    toMB: to[key],
    growthMB,
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

  const rss = levelOff(samples, "rssMB");
  const heap = levelOff(samples, "heapUsedMB");
  console.log("\nSoak figures\n");
  console.log(
    `users ${USER_COUNT}, ${SOAK_MINUTES} min, ${totals.requests} requests, ${totals.failures} failed`,
  );
  console.log(`mix: ${JSON.stringify(totals.byAction)}`);
  console.log(
    `RSS series (MB, every ${SAMPLE_SECONDS} s): ${samples.map((s) => fmt(s.rssMB, 0)).join(" ")}`,
  );
  console.log(`heap used series (MB): ${samples.map((s) => fmt(s.heapUsedMB, 0)).join(" ")}`);
  console.log(`peak RSS since start (VmHWM): ${fmt(peakRssMB)} MB`);
  const verdict = (growth) =>
    growth === null
      ? "n/a (too short)"
      : `${fmt(growth.growthMB)} MB from ${fmt(growth.fromMB)} (min ${fmt(growth.fromMinute)}) to ${fmt(growth.toMB)} (min ${fmt(growth.toMinute)})`;
  const isLevel = rss !== null && rss.growthMB <= LEVEL_OFF_LIMIT_MB;
  console.log(
    `RSS growth over the last third: ${verdict(rss)} (limit ≤ ${LEVEL_OFF_LIMIT_MB} MB) ` +
      `${rss === null ? "n/a" : isLevel ? "LEVELS OFF" : "GROWS"}`,
  );
  console.log(`heap used growth over the last third: ${verdict(heap)}`);
  const summary = {
    users: USER_COUNT,
    minutes: SOAK_MINUTES,
    requests: totals.requests,
    failed: totals.failures,
    peakRssMB,
    rssGrowthLastThirdMB: rss?.growthMB ?? null,
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
