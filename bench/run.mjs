// The Mnemo benchmark: first the web app's bundle sizes against their budget, then it seeds one
// user with 100,000 memos in 100 folders and measures the built server, run as a child process,
// against its own hello-world route. See bench/README.md.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { startThrowawayPostgres } from "../scripts/postgres.mjs";
import { createVerifiedUser } from "./lib/accounts.mjs";
import { stepLogger, tempDataDir } from "./lib/bench-run.mjs";
import { BrowserClient } from "./lib/browser-client.mjs";
import { bundleSummary, measureBundle, printBundleReport } from "./lib/bundle.mjs";
import { fsrsScenarios, fsrsTargets, measureFsrsReplay, seedFsrsStates } from "./lib/fsrs.mjs";
import { measureImportExport, printImportExportReport } from "./lib/import-export.mjs";
import { lighthouseChecks, measureLighthouse, printLighthouseReport } from "./lib/lighthouse.mjs";
import { runLoad, startPeakSampler } from "./lib/load.mjs";
import { seedManyUsers } from "./lib/many-users.mjs";
import { measureOffline, offlineSummary, printOfflineReport } from "./lib/offline.mjs";
import { copySqliteToPostgres } from "./lib/postgres-copy.mjs";
import {
  checkTargets,
  costGrowthChecks,
  manyUsersChecks,
  postgresSummary,
  printPostgresReport,
  printReport,
  summaryJson,
} from "./lib/report.mjs";
import {
  buildScenarios,
  COST_GROWTH_KEYS,
  MANY_USERS_KEYS,
  otherUserScenarios,
} from "./lib/scenarios.mjs";
import { searchVocabulary, seedMemos } from "./lib/seed-memos.mjs";
import { findFreePort, ServerProcess, startScriptNodeFlags } from "./lib/server-process.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// Smaller values are for trying the bench out; the targets are meant for the defaults.
const MEMO_COUNT = Number(process.env.BENCH_MEMOS ?? 100_000);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_BROWSER=0 measures the server only: no bundle sizes, no Chromium part (no web build needed).
const WITH_BROWSER = process.env.BENCH_BROWSER !== "0";
// BENCH_SERVER=0 skips the server's load runs and import/export: the browser part alone, to look
// into one of its figures (the targets of the skipped parts show as not run).
const WITH_SERVER = process.env.BENCH_SERVER !== "0";
// The cost growth runs need a main user larger than the small one, and the load runs.
const WITH_COST_GROWTH = WITH_SERVER && MEMO_COUNT > 1_000;
// BENCH_USERS=1000: at the end, that many users with 1,000 memos each in the database (the small
// user and BENCH_USERS − 1 more), and the small user's folder pages and reviews measured again.
const MANY_USERS = Number(process.env.BENCH_USERS ?? 1);
const WITH_MANY_USERS = WITH_COST_GROWTH && MANY_USERS > 1;
// BENCH_PG=1 runs the load again on PostgreSQL over a copy of the same rows (bench/README.md).
const WITH_PG = WITH_SERVER && process.env.BENCH_PG === "1";
// BENCH_LIGHTHOUSE=0 skips the Lighthouse pages at the end of the browser part.
const WITH_LIGHTHOUSE = WITH_BROWSER && process.env.BENCH_LIGHTHOUSE !== "0";
/**
 * Only the load runs of these keys (and their baselines), e.g. to profile one route with
 * `BENCH_NODE_ARGS=--cpu-prof`; every run when unset.
 */
const ONLY_KEYS = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
// Extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to look into a figure.
// The server runs with the same node flags as `npm start` (read from its script), plus these.
const SERVER_NODE_ARGS = [
  ...startScriptNodeFlags(repoRoot),
  ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
];
const FOLDER_COUNT = 100;
const WARMUP_SECONDS = Math.min(2, LOAD_SECONDS);
const IDLE_SETTLE_MS = 1000;
/** Offline searches timed per kind of word, each a word not searched before. */
const SEARCH_ROUNDS = 5;

const USER = { email: "bench@example.com", password: "bench-Passw0rd!", name: "벤치 Bench" };
/**
 * Issue 14 › Cost growth: a second user with 1,000 memos in 10 folders (full pages of 100), in
 * the same database, asks what the main user asks.
 */
const SMALL_USER = { email: "small@example.com", password: "small-Passw0rd!", name: "작은 Small" };
const SMALL_MEMOS = 1_000;
const SMALL_FOLDERS = 10;

const step = stepLogger(6);

/** @type {ServerProcess | null} */
let server = null;
const dataDir = tempDataDir("mnemo-bench-", () => server);
const dbFile = join(dataDir, "mnemo.sqlite");

/**
 * The folders, through the API. A few get another date repetition value or stay off the home
 * list, so the home review list merges several repetition values as real accounts do.
 */
async function createFolders(client, count = FOLDER_COUNT) {
  for (let n = 1; n <= count; n += 1) {
    const folder = { title: n % 2 === 0 ? `폴더 ${n} 복습` : `Folder ${n} study` };
    if (n % 10 === 3) folder.dateRepetitionValue = 3;
    if (n % 10 === 7) folder.dateRepetitionValue = 8;
    if (n % 25 === 0) folder.showAtHomeReviewList = false;
    // A tenth of the folders schedule with FSRS (issue 9): the review queue has due memos.
    if (n % 10 === 5) folder.scheduler = "fsrs";
    await client.expect("POST", "/api/folders", folder);
  }
}

function userIdOf(email) {
  const db = new Database(dbFile, { readonly: true });
  try {
    const row = db.prepare("SELECT id FROM users WHERE lower(email) = lower(?)").get(email);
    if (!row) throw new Error(`no users row for ${email}`);
    return row.id;
  } finally {
    db.close();
  }
}

/** One scenario: a checked probe, a warm-up, then the measured run with its RSS peak. */
async function measure(scenario) {
  await scenario.probe();
  const options = { url: server.publicUrl, connections: scenario.connections };
  step(`${scenario.name} @ ${scenario.connections} conn: ${WARMUP_SECONDS}s + ${LOAD_SECONDS}s`);
  await runLoad({ ...options, seconds: WARMUP_SECONDS, requests: scenario.requests() });
  const rss = startPeakSampler(() => server.rssMB());
  const result = await runLoad({
    ...options,
    seconds: LOAD_SECONDS,
    requests: scenario.requests(),
  });
  return { ...result, peakRssMB: rss.stop() };
}

/** What every start of the server gets, a scenario's own environment over it (PostgreSQL's URL). */
let baseEnv = {};

/**
 * Measures each scenario on a server started with its environment; a scenario that fails keeps
 * its error and the rest run on, unless the server died. `beforeRestart` as for restartForEnv.
 */
async function measureAll(scenarios, beforeRestart = () => {}) {
  for (const scenario of scenarios) {
    try {
      await restartForEnv(scenario.serverEnv ?? {}, beforeRestart);
      scenario.result = await measure(scenario);
    } catch (error) {
      scenario.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
      step(`  could not run: ${scenario.error}`);
      if (!server.pid) throw new Error(`the server died:\n${server.tail()}`);
    }
  }
}

/**
 * Restarts the server (same data, port and node flags) when a scenario needs another
 * environment than it runs with; `beforeStop` reads what must come from the running one.
 */
async function restartForEnv(scenarioEnv, beforeStop = () => {}) {
  const env = { ...baseEnv, ...scenarioEnv };
  if (JSON.stringify(env) === JSON.stringify(server.env)) return;
  beforeStop();
  await server.stop();
  server.env = env;
  const label =
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ") || "the defaults";
  step(`restarting the server with ${label}`);
  await server.start();
}

/**
 * Review p99 @10 with `synchronous = FULL` (what the server runs) and NORMAL, and FULL's cost
 * as a ratio (issue 13 item 4).
 */
function synchronousFigures(byKey) {
  const full = byKey.review_c10?.result;
  const normal = byKey.review_c10_normal?.result;
  return {
    reviewP99FullMs: full?.p99Ms ?? null,
    reviewP99NormalMs: normal?.p99Ms ?? null,
    reviewP99FullOverNormal: full && normal ? full.p99Ms / normal.p99Ms : null,
    reviewReqPerSecFullOverNormal: full && normal ? full.reqPerSec / normal.reqPerSec : null,
  };
}

/**
 * The words the search scenarios look for: the first two-syllable Korean word and the first
 * English word from rank 100 of the seeded vocabulary (each in about 1 % of the memos), and a word
 * of the repeated sentences, in a large share of them. The offline search types a new word of each
 * kind every round (`offline`: the next words of those ranks, and other words of the sentences),
 * since a query typed again is answered from the app's query cache without searching.
 */
function searchWords() {
  const vocabulary = searchVocabulary();
  const fromRank = (isWanted) =>
    vocabulary.filter((word, rank) => rank >= 100 && isWanted(word)).slice(0, SEARCH_ROUNDS);
  const korean = fromRank((word) => /^[가-힣]{2}$/.test(word));
  const english = fromRank((word) => /^[a-z]+$/.test(word));
  const common = ["복습", "정리", "예문", "시험", "기억"].slice(0, SEARCH_ROUNDS);
  return {
    korean: korean[0],
    english: english[0],
    common: common[0],
    offline: { korean, english, common },
  };
}

/**
 * How many memos contain each search word (a plain scan of the index's folded text), and how
 * many bytes the search index takes in the SQLite file (SQLite's dbstat: every page of the
 * memo_search and memo_tags tables and indexes and of the FTS5 table's shadow tables).
 */
function searchFigures(words) {
  const db = new Database(dbFile, { readonly: true });
  try {
    const count = db.prepare(
      `SELECT count(*) AS n FROM memo_search
        WHERE instr(title, @word) > 0 OR instr(body, @word) > 0 OR instr(hint, @word) > 0`,
    );
    const { bytes } = db
      .prepare(
        `SELECT sum(pgsize) AS bytes FROM dbstat
          WHERE name LIKE 'memo_search%' OR name LIKE 'memo_tags%'
             OR name LIKE 'sqlite_autoindex_memo_search%' OR name LIKE 'sqlite_autoindex_memo_tags%'`,
      )
      .get();
    return {
      searchKoreanWord: words.korean,
      searchKoreanMatches: count.get({ word: words.korean }).n,
      searchEnglishWord: words.english,
      searchEnglishMatches: count.get({ word: words.english }).n,
      searchCommonWord: words.common,
      searchCommonMatches: count.get({ word: words.common }).n,
      searchIndexMB: bytes / 1e6,
      seededDbFileMB: statSync(dbFile).size / 1e6,
    };
  } finally {
    db.close();
  }
}

/** Memo create and edit p99 with and without the search index, and their ratios. */
function indexCostFigures(byKey) {
  const p99 = (key) => byKey[key]?.result?.p99Ms ?? null;
  const ratio = (a, b) => (a !== null && b !== null ? a / b : null);
  const createP99IndexMs = p99("memo_create");
  const createP99NoIndexMs = p99("memo_create_noindex");
  const editP99IndexMs = p99("memo_edit");
  const editP99NoIndexMs = p99("memo_edit_noindex");
  return {
    createP99IndexMs,
    createP99NoIndexMs,
    createP99IndexRatio: ratio(createP99IndexMs, createP99NoIndexMs),
    editP99IndexMs,
    editP99NoIndexMs,
    editP99IndexRatio: ratio(editP99IndexMs, editP99NoIndexMs),
  };
}

/**
 * The PostgreSQL column: a database on `BENCH_PG_URL`'s cluster or a throwaway one (durable
 * settings, as a deployment runs), migrated by the server, filled with a copy of the SQLite
 * rows, then `scenarios` measured on it as on SQLite.
 */
async function measurePostgres(scenarios) {
  const cluster = process.env.BENCH_PG_URL
    ? { url: process.env.BENCH_PG_URL, stop: () => {} }
    : await startThrowawayPostgres(step, { durable: true });
  const name = `mnemo_bench_${Date.now()}`;
  const adminUrl = new URL(cluster.url);
  const databaseUrl = new URL(cluster.url);
  databaseUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    step(`PostgreSQL: migrating ${name}, then copying the SQLite rows into it`);
    baseEnv = { DATABASE_URL: databaseUrl.toString() };
    await restartForEnv({});
    await server.stop();
    const copy = await copySqliteToPostgres({
      sqliteFile: dbFile,
      pgUrl: databaseUrl.toString(),
      step,
    });
    server.env = {};
    await restartForEnv({});
    await measureAll(scenarios);
    await server.stop();
    return { copy, scenarios };
  } finally {
    // Back on SQLite for the parts that follow.
    baseEnv = {};
    if (server.pid) await server.stop();
    server.env = {};
    await server.start();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
    cluster.stop();
  }
}

/** The scenarios `BENCH_ONLY` names, with the baselines their ratios are taken against. */
function onlyAsked(scenarios) {
  if (ONLY_KEYS.length === 0) return scenarios;
  const asked = scenarios.filter((s) => ONLY_KEYS.includes(s.key));
  const baselines = new Set(asked.map((s) => s.baseline).filter(Boolean));
  return scenarios.filter((s) => asked.includes(s) || baselines.has(s.key));
}

async function main() {
  if (Number(process.versions.node.split(".")[0]) < 24) {
    throw new Error(
      `Node ${process.version}: run it as \`npm run bench\`, which uses the pinned Node 24`,
    );
  }
  if (!existsSync(join(repoRoot, "apps/server/dist/main.js"))) {
    throw new Error("apps/server/dist/main.js is missing: `npm run bench` builds it first");
  }
  let bundle = null;
  if (WITH_BROWSER) {
    step("bundle sizes of the built web app");
    bundle = measureBundle();
    printBundleReport(bundle);
    console.log();
  }

  server = new ServerProcess({
    repoRoot,
    dataDir,
    port: await findFreePort(),
    nodeArgs: SERVER_NODE_ARGS,
  });

  step(`starting the server on ${server.publicUrl} (data in ${dataDir})`);
  await server.start();
  const client = new BrowserClient(server.publicUrl);
  step("signing up, verifying the e-mail, signing in");
  await createVerifiedUser(client, join(dataDir, "mail"), USER);
  step(`creating ${FOLDER_COUNT} folders through the API`);
  await createFolders(client);
  const smallClient = WITH_COST_GROWTH ? new BrowserClient(server.publicUrl) : null;
  if (smallClient) {
    step(`signing up a second user with ${SMALL_FOLDERS} folders`);
    await createVerifiedUser(smallClient, join(dataDir, "mail"), SMALL_USER);
    await createFolders(smallClient, SMALL_FOLDERS);
  }
  await server.stop();

  step(`seeding ${MEMO_COUNT.toLocaleString("en")} memos into SQLite`);
  const seeded = seedMemos({ dbFile, userId: userIdOf(USER.email), memoCount: MEMO_COUNT });
  step(`seeded ${seeded.reviewRows} review rows too, in ${(seeded.ms / 1000).toFixed(1)}s`);
  const words = searchWords();
  const search = searchFigures(words);
  // After the search figures, which count the main user's memos.
  const smallSeeded = smallClient
    ? seedMemos({
        dbFile,
        userId: userIdOf(SMALL_USER.email),
        memoCount: SMALL_MEMOS,
        seed: 20261129,
      })
    : null;
  const fsrsSeeded = seedFsrsStates({ dbFile, userId: userIdOf(USER.email) });
  step(
    `graded ${fsrsSeeded.gradedRows} rows of ${fsrsSeeded.fsrsMemos} FSRS memos and derived ` +
      `their state in ${(fsrsSeeded.ms / 1000).toFixed(1)}s`,
  );
  if (smallSeeded) {
    // The cost growth compares the same requests: the small user's FSRS folder (every tenth, as
    // the main user's) gets grades and states too, or its stats would count no FSRS memo.
    const smallFsrs = seedFsrsStates({ dbFile, userId: userIdOf(SMALL_USER.email) });
    step(`graded the small user's ${smallFsrs.fsrsMemos} FSRS memos too`);
  }
  const fsrsReplay = measureFsrsReplay();
  step(
    `FSRS replay of ${fsrsReplay.rows} rows: median ${fsrsReplay.medianMs.toFixed(2)} ms, ` +
      `slowest ${fsrsReplay.maxMs.toFixed(2)} ms`,
  );

  step("cold start: spawning the server on the seeded database");
  const coldStartMs = await server.start();
  await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
  const idleRssMB = server.rssMB();
  step(`healthy after ${coldStartMs.toFixed(0)} ms; idle RSS ${idleRssMB?.toFixed(1)} MB`);

  const smallUserScenarios = () =>
    buildScenarios({ client: smallClient, ...smallSeeded, searchWords: words });
  /** Every load scenario, made afresh for each engine (their counters start again). */
  const allScenarios = () => {
    const list = buildScenarios({ client, ...seeded, searchWords: words });
    // The queue runs with the other single-connection reads, before the runs at 10 connections.
    const beforeC10 = list.findIndex((s) => s.key === "health_c10");
    list.splice(
      beforeC10,
      0,
      ...fsrsScenarios({ client, ...fsrsSeeded }),
      ...(smallSeeded
        ? otherUserScenarios(smallUserScenarios(), {
            keys: WITH_MANY_USERS
              ? [...new Set([...COST_GROWTH_KEYS, ...MANY_USERS_KEYS])]
              : COST_GROWTH_KEYS,
            prefix: "small",
            label: `user with ${SMALL_MEMOS.toLocaleString("en")} memos`,
          })
        : []),
    );
    return list;
  };
  const scenarios = WITH_SERVER ? onlyAsked(allScenarios()) : [];
  const byKey = {};
  /** VmHWM of the server as it runs by default, read before a scenario restarts it. */
  let defaultPeakRssMB = null;
  await measureAll(scenarios, () => {
    defaultPeakRssMB ??= server.peakRssMB();
  });
  for (const scenario of scenarios) byKey[scenario.key] = scenario;
  for (const scenario of scenarios) {
    const base = byKey[scenario.baseline]?.result;
    if (scenario.result && base) scenario.ratio = scenario.result.reqPerSec / base.reqPerSec;
  }
  const isDefaultServer = (s) => Object.keys(s.serverEnv ?? {}).length === 0;
  const runPeaks = scenarios.filter(isDefaultServer).map((s) => s.result?.peakRssMB ?? 0);
  const peakRssMB = defaultPeakRssMB ?? server.peakRssMB();

  // The same runs on PostgreSQL, over a copy of the same rows, before anything else writes.
  let postgres = null;
  if (WITH_PG) {
    try {
      postgres = await measurePostgres(allScenarios().filter((s) => !s.sqliteOnly));
    } catch (error) {
      postgres = { error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
      step(`  PostgreSQL part could not run: ${postgres.error}`);
    } finally {
      baseEnv = {};
    }
  }

  // Import and export, on the same server: after the figures above, whose RSS they would change.
  let importExport = { error: "skipped (BENCH_SERVER=0)" };
  if (WITH_SERVER) {
    await restartForEnv({});
    try {
      importExport = await measureImportExport({
        server,
        client,
        dataDir,
        repoRoot,
        memoCount: MEMO_COUNT,
        step,
      });
    } catch (error) {
      importExport = {
        error: error instanceof Error ? error.message.split("\n")[0] : String(error),
      };
      step(`  import/export part could not run: ${importExport.error}`);
      if (!server.pid) throw new Error(`the server died:\n${server.tail()}`);
    }
  }

  // The browser part, on the same server and user (the RSS figures above are taken before it),
  // run as by default again.
  let offline = null;
  if (WITH_BROWSER) {
    await restartForEnv({});
    try {
      offline = await measureOffline({
        baseUrl: server.publicUrl,
        user: USER,
        client,
        folderIds: seeded.folderIds,
        memoCount: MEMO_COUNT,
        searchWords: words.offline,
        step,
      });
    } catch (error) {
      offline = { error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
      step(`  offline part could not run: ${offline.error}`);
      if (!server.pid) throw new Error(`the server died:\n${server.tail()}`);
    }
  }
  // Lighthouse last: its first signed-in visit downloads the whole account once more.
  let lighthouseResult = null;
  if (WITH_LIGHTHOUSE) {
    const index = 2 % seeded.folderIds.length;
    const folder = {
      id: seeded.folderIds[index],
      // The seed deals the memos to the folders in turn.
      memoCount: Math.floor((MEMO_COUNT - 1 - index) / seeded.folderIds.length) + 1,
    };
    try {
      lighthouseResult = await measureLighthouse({
        baseUrl: server.publicUrl,
        cookie: client.cookieHeader(),
        dbName: `mnemo-${userIdOf(USER.email)}`,
        folder,
        step,
      });
    } catch (error) {
      lighthouseResult = {
        error: error instanceof Error ? error.message.split("\n")[0] : String(error),
      };
      step(`  lighthouse part could not run: ${lighthouseResult.error}`);
      if (!server.pid) throw new Error(`the server died:\n${server.tail()}`);
    }
  }
  // Many users last: the database grows by BENCH_USERS − 1 users for it.
  if (WITH_MANY_USERS) {
    await server.stop();
    step(`seeding ${MANY_USERS - 1} more users with ${SMALL_MEMOS} memos each`);
    const many = seedManyUsers({
      dbFile,
      templateUserId: userIdOf(SMALL_USER.email),
      count: MANY_USERS - 1,
      memosEach: SMALL_MEMOS,
      step,
    });
    step(`  seeded ${many.memos.toLocaleString("en")} memos in ${(many.ms / 1000).toFixed(0)} s`);
    await server.start();
    const again = otherUserScenarios(smallUserScenarios(), {
      keys: MANY_USERS_KEYS,
      prefix: "many",
      label: `user with ${SMALL_MEMOS.toLocaleString("en")} memos, ${MANY_USERS.toLocaleString("en")} such users`,
    });
    await measureAll(again);
    for (const scenario of again) {
      byKey[scenario.key] = scenario;
      scenarios.push(scenario);
    }
  }
  await server.stop();

  const figures = {
    memos: MEMO_COUNT,
    folders: seeded.folderIds.length,
    reviewRows: seeded.reviewRows,
    seedMs: seeded.ms,
    dbFileMB: statSync(dbFile).size / 1e6,
    coldStartMs,
    idleRssMB,
    loadedRssMB: Math.max(...runPeaks) || null,
    peakRssMB,
    ...synchronousFigures(byKey),
    ...search,
    ...indexCostFigures(byKey),
    loadSeconds: LOAD_SECONDS,
    node: process.version,
    fsrsMemos: fsrsSeeded.fsrsMemos,
    fsrsGradedRows: fsrsSeeded.gradedRows,
    fsrsReplayMs: fsrsReplay.medianMs,
    fsrsReplayMaxMs: fsrsReplay.maxMs,
  };
  const checks = [
    ...checkTargets(byKey, figures),
    ...costGrowthChecks(byKey, MEMO_COUNT, SMALL_MEMOS),
    ...manyUsersChecks(byKey, MANY_USERS),
    ...fsrsTargets(byKey, figures),
    ...lighthouseChecks(lighthouseResult),
  ];
  printReport({ scenarios, figures, checks });
  if (postgres) printPostgresReport(scenarios, postgres);
  printImportExportReport(importExport);
  if (offline) printOfflineReport(offline);
  if (lighthouseResult) printLighthouseReport(lighthouseResult);
  const summary = {
    ...summaryJson({ scenarios, figures, checks }),
    postgres: postgres && postgresSummary(postgres),
    importExport,
    bundle: bundle && bundleSummary(bundle),
    offline: offline && offlineSummary(offline),
    lighthouse: lighthouseResult,
  };
  console.log(`\nBENCH_JSON ${JSON.stringify(summary)}`);
  step("done");

  const unclean = scenarios.filter(
    (s) => !s.result || s.result.non2xx + s.result.errors + s.result.timeouts > 0,
  );
  if (unclean.length > 0) {
    const keys = unclean.map((s) => s.key).join(", ");
    console.error(`\nnot every scenario ran cleanly (${keys}): the figures above are incomplete`);
    process.exitCode = 1;
  }
  if (postgres?.error || postgres?.scenarios.some((s) => !s.result)) {
    console.error("\nthe PostgreSQL part did not run cleanly: its figures above are incomplete");
    process.exitCode = 1;
  }
  if (importExport.error) {
    console.error("\nthe import/export part did not run cleanly: its figures above are incomplete");
    process.exitCode = 1;
  }
  if (offline && (offline.error || offline.sync.serverCheck !== "OK")) {
    console.error("\nthe offline part did not run cleanly: its figures above are incomplete");
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.stack : String(error)}`);
  if (server?.output.length) console.error(`\nserver output (tail):\n${server.tail()}`);
  process.exitCode = 1;
} finally {
  await server?.stop().catch(() => {});
}
