// Search on PostgreSQL (issue #10): the built server on a fresh database of the machine's
// PostgreSQL, one user with 100,000 memos of the bench's kind (bench/lib/seed-memos.mjs
// searchMemoRows) and their search index, then the same search scenarios as `npm run bench`,
// and the database's and the index's size. See bench/README.md.
import { randomBytes } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSearchQuery, randomId, searchQueryTokens } from "@mnemo/domain";
import pg from "pg";
import { createVerifiedUser } from "./lib/accounts.mjs";
import { stepLogger, tempDataDir } from "./lib/bench-run.mjs";
import { BrowserClient } from "./lib/browser-client.mjs";
import { runLoad } from "./lib/load.mjs";
import { SEARCH_PAGE } from "./lib/scenarios.mjs";
import { searchMemoRows, searchVocabulary } from "./lib/seed-memos.mjs";
import { findFreePort, ServerProcess, startScriptNodeFlags } from "./lib/server-process.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MEMO_COUNT = Number(process.env.BENCH_MEMOS ?? 100_000);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(2, LOAD_SECONDS);
const FOLDER_COUNT = 10;
const BATCH = 500;
const USER = { email: "bench-pg@example.com", password: "bench-Passw0rd!", name: "벤치 PG" };

const step = stepLogger(6);
/** @type {ServerProcess | null} */
let server = null;
const dataDir = tempDataDir("mnemo-bench-pg-", () => server);
const databaseName = `mnemo_bench_search_${randomBytes(4).toString("hex")}`;
const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function withClient(url, use) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Multi-row INSERT of `rows` (arrays of values) into `table (columns)`. */
async function insertRows(client, table, columns, rows, casts = {}) {
  if (rows.length === 0) return;
  const values = [];
  const tuples = rows.map((row) => {
    const slots = row.map((value, i) => {
      values.push(value);
      return `$${values.length}${casts[columns[i]] ?? ""}`;
    });
    return `(${slots.join(", ")})`;
  });
  await client.query(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`,
    values,
  );
}

/** Writes the memos, their search rows and tags as db/memo-search.repo.ts would. */
async function seed(client) {
  const { rows: users } = await client.query("SELECT id, name FROM users WHERE email = $1", [
    USER.email,
  ]);
  const user = users[0];
  const { rows: folders } = await client.query(
    "SELECT id FROM folders WHERE user_id = $1 AND id <> 'root' ORDER BY id",
    [user.id],
  );
  const now = Date.now();
  let batch = [];
  const flush = async () => {
    await client.query("BEGIN");
    await insertRows(
      client,
      "memos",
      ["user_id", "id", "folder_id", "title", "preview", "contents", "user_name", "tags"].concat([
        "created_at",
        "updated_at",
      ]),
      batch.map(({ id, row, at }) => [
        user.id,
        id,
        folders[row.n % folders.length].id,
        row.title,
        row.preview,
        row.contents,
        user.name,
        JSON.stringify(row.tags),
        at,
        at,
      ]),
    );
    await insertRows(
      client,
      "memo_search",
      ["user_id", "memo_id", "title", "hint", "tags", "body", "tokens"],
      batch.map(({ id, row }) => [
        user.id,
        id,
        row.folded.title,
        row.folded.hint,
        JSON.stringify(row.folded.tags),
        row.folded.body,
        row.tokens,
      ]),
      { tokens: "::text[]" },
    );
    await insertRows(
      client,
      "memo_tags",
      ["user_id", "memo_id", "tag_key", "tag"],
      batch.flatMap(({ id, row }) =>
        row.tags.map((tag, i) => [user.id, id, row.folded.tags[i], tag]),
      ),
    );
    await client.query("COMMIT");
    batch = [];
  };
  for (const row of searchMemoRows({ memoCount: MEMO_COUNT })) {
    batch.push({ id: randomId(), row, at: now - (MEMO_COUNT - row.n) * 60_000 });
    if (batch.length === BATCH) await flush();
    if (row.n % 20_000 === 0 && row.n > 0) step(`  ${row.n.toLocaleString("en")} memos`);
  }
  await flush();
  await client.query("VACUUM ANALYZE");
}

async function sizes(client) {
  const mb = async (sql) => Number((await client.query(sql)).rows[0].bytes) / 1e6;
  return {
    databaseMB: await mb(`SELECT pg_database_size(current_database()) AS bytes`),
    memosMB: await mb(`SELECT pg_total_relation_size('memos') AS bytes`),
    searchIndexMB: await mb(
      `SELECT pg_total_relation_size('memo_search') + pg_total_relation_size('memo_tags') AS bytes`,
    ),
    ginMB: await mb(`SELECT pg_relation_size('memo_search_tokens_idx') AS bytes`),
  };
}

/** How long each candidate query of {@link compareTrigram} runs, per word and strategy. */
const COMPARE_MS = 5000;

/**
 * The other PostgreSQL strategy, pg_trgm, beside ours, on the same rows: the candidate
 * query the server runs (the domain's tokens under the GIN index of `tokens`) against a
 * `LIKE '%word%'` over a pg_trgm GIN index of the folded fields, each repeated for COMPARE_MS
 * per word straight on the database (the server implements only the first). Both return
 * candidates that the server would then check with the exact rule; the counts show how many.
 */
/** Each candidate's folded fields in one string, as the server reads them (db/memo-search.repo.ts). */
const JOINED = `title || chr(10) || body || chr(10) || hint || case when tags = '[]' then ''
  else (SELECT string_agg(chr(10) || t, '') FROM jsonb_array_elements_text(tags::jsonb) t) end AS joined`;

async function compareTrigram(db, words) {
  await db.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  const started = performance.now();
  await db.query(
    `CREATE INDEX memo_search_trgm_idx ON memo_search
       USING gin ((title || ' ' || hint || ' ' || body) gin_trgm_ops)`,
  );
  const trgmBuildMs = performance.now() - started;
  await db.query("ANALYZE memo_search");
  const { rows: users } = await db.query("SELECT id FROM users WHERE email = $1", [USER.email]);
  const userId = users[0].id;
  const strategies = {
    tokens: (word) => ({
      text: `SELECT memo_id, ${JOINED}, updated_at FROM memo_search
              WHERE user_id = $1 AND tokens @> $2::text[]`,
      values: [userId, searchQueryTokens(parseSearchQuery(word))],
    }),
    trigram: (word) => ({
      text: `SELECT memo_id, ${JOINED}, updated_at FROM memo_search
              WHERE user_id = $1 AND (title || ' ' || hint || ' ' || body) LIKE $2`,
      values: [userId, `%${word}%`],
    }),
  };
  const results = [];
  for (const [label, word] of words) {
    for (const [strategy, query] of Object.entries(strategies)) {
      const { text, values } = query(word);
      const times = [];
      let candidates = 0;
      const until = performance.now() + COMPARE_MS;
      while (performance.now() < until || times.length < 5) {
        const start = performance.now();
        candidates = (await db.query(text, values)).rowCount;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      results.push({
        label,
        word,
        strategy,
        candidates,
        runs: times.length,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
      });
      step(`  ${strategy} "${word}": ${candidates} candidates, p50 ${at(0.5).toFixed(2)} ms`);
    }
  }
  const { rows: size } = await db.query("SELECT pg_relation_size('memo_search_trgm_idx') AS bytes");
  return { trgmBuildMs, trgmIndexMB: Number(size[0].bytes) / 1e6, results };
}

async function main() {
  await withClient(ADMIN_URL, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  try {
    server = new ServerProcess({
      repoRoot,
      dataDir,
      port: await findFreePort(),
      nodeArgs: startScriptNodeFlags(repoRoot),
      env: { DATABASE_URL: databaseUrl },
    });
    step(`starting the server on PostgreSQL (${databaseName})`);
    await server.start();
    const client = new BrowserClient(server.publicUrl);
    await createVerifiedUser(client, join(dataDir, "mail"), USER);
    for (let n = 1; n <= FOLDER_COUNT; n += 1) {
      await client.expect("POST", "/api/folders", { title: `폴더 ${n}` });
    }
    await server.stop();

    step(`seeding ${MEMO_COUNT.toLocaleString("en")} memos with their search index`);
    const seedStart = performance.now();
    await withClient(databaseUrl, seed);
    step(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)}s`);
    await server.start();

    const vocabulary = searchVocabulary();
    const fromRank = (isWanted) => vocabulary.find((word, rank) => rank >= 100 && isWanted(word));
    const words = [
      ["2-syllable Korean word", fromRank((word) => /^[가-힣]{2}$/.test(word))],
      ["English word", fromRank((word) => /^[a-z]+$/.test(word))],
      ["word in most memos (information only)", "복습"],
    ];
    const headers = client.headersFor("GET");
    const rows = [];
    for (const [label, word] of words) {
      const path = `/api/search?q=${encodeURIComponent(word)}&limit=${SEARCH_PAGE}`;
      const probe = await client.expect("GET", path);
      if (!(probe.body?.results?.length > 0)) throw new Error(`${path}: expected results`);
      const matches = await withClient(databaseUrl, async (db) => {
        const { rows: counted } = await db.query(
          `SELECT count(*) AS n FROM memo_search
            WHERE strpos(title, $1) > 0 OR strpos(body, $1) > 0 OR strpos(hint, $1) > 0`,
          [word],
        );
        return Number(counted[0].n);
      });
      step(`search ${label} "${word}" (${matches} memos): ${WARMUP_SECONDS}s + ${LOAD_SECONDS}s`);
      const options = { url: server.publicUrl, connections: 1 };
      const requests = [{ method: "GET", path, headers }];
      await runLoad({ ...options, seconds: WARMUP_SECONDS, requests });
      const result = await runLoad({ ...options, seconds: LOAD_SECONDS, requests });
      rows.push({ label, word, matches, ...result });
    }
    await server.stop();
    const size = await withClient(databaseUrl, sizes);
    step("pg_trgm beside the token index, candidate queries on the database");
    const trigram = await withClient(databaseUrl, (db) => compareTrigram(db, words));

    console.log("\nSearch on PostgreSQL (1 connection)\n");
    console.log("scenario | word | memos with it | req/s | p50 ms | p99 ms | max ms");
    for (const r of rows) {
      const cells = [r.label, r.word, r.matches, r.reqPerSec.toFixed(0)];
      cells.push(r.p50Ms.toFixed(2), r.p99Ms.toFixed(2), r.maxMs.toFixed(1));
      console.log(cells.join(" | "));
    }
    console.log(
      `\ndatabase ${size.databaseMB.toFixed(1)} MB; memos table ${size.memosMB.toFixed(1)} MB; ` +
        `search index (memo_search + memo_tags with their indexes) ${size.searchIndexMB.toFixed(1)} MB, ` +
        `of which the GIN index ${size.ginMB.toFixed(1)} MB`,
    );
    console.log(
      `\nCandidate queries, GIN over the domain's tokens (what the server runs) against pg_trgm ` +
        `(LIKE over a GIN trigram index of the folded fields, ${trigram.trgmIndexMB.toFixed(1)} MB, ` +
        `built in ${(trigram.trgmBuildMs / 1000).toFixed(1)} s), ${COMPARE_MS / 1000} s each\n`,
    );
    console.log("word | strategy | candidates | runs | p50 ms | p99 ms");
    for (const r of trigram.results) {
      const cells = [
        r.word,
        r.strategy,
        r.candidates,
        r.runs,
        r.p50Ms.toFixed(2),
        r.p99Ms.toFixed(2),
      ];
      console.log(cells.join(" | "));
    }
    const summary = { memos: MEMO_COUNT, search: rows, ...size, trigram };
    console.log(`\nBENCH_PG_JSON ${JSON.stringify(summary)}`);
  } finally {
    await server?.stop().catch(() => {});
    if (process.env.BENCH_PG_KEEP === "1") console.log(`kept ${databaseUrl}`);
    else
      await withClient(ADMIN_URL, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
      );
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.stack : String(error)}`);
  if (server?.output.length) console.error(`\nserver output (tail):\n${server.tail()}`);
  process.exitCode = 1;
}
