import { COST_GROWTH_KEYS, FOLDER_SORTS, MANY_USERS_KEYS } from "./scenarios.mjs";

/** Formats a number for the table: `—` when missing, otherwise fixed decimals. */
function fmt(value, decimals = 1) {
  return typeof value !== "number" || Number.isNaN(value) ? "—" : value.toFixed(decimals);
}

function round(value) {
  return typeof value === "number" ? Math.round(value * 100) / 100 : value;
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** A target: `PASS`/`MISS`, or `n/a` when the figure is missing (its scenario failed). */
export function check(label, value, comparator, limit, unit) {
  if (typeof value !== "number" || Number.isNaN(value)) {
    return { label, value: null, comparator, limit, unit, result: "n/a" };
  }
  const isMet = comparator === "<=" ? value <= limit : value >= limit;
  return { label, value, comparator, limit, unit, result: isMet ? "PASS" : "MISS" };
}

/**
 * The targets the figures are held against.
 *
 * @param {Record<string, { result?: object, ratio?: number }>} byKey scenarios by key
 * @param {{ coldStartMs: number, idleRssMB: number|null }} figures
 */
export function checkTargets(byKey, figures) {
  const p99 = (key) => byKey[key]?.result?.p99Ms;
  const percentOfHello = (key) => (byKey[key]?.ratio ?? Number.NaN) * 100;
  return [
    ...FOLDER_SORTS.flatMap((sort) => [
      check(`folder page (${sort}) p99`, p99(`folder_${sort}`), "<=", 10, "ms"),
      check(`folder page (${sort}) vs hello @1`, percentOfHello(`folder_${sort}`), ">=", 10, "%"),
    ]),
    check("review p99 @10 (synchronous = FULL)", p99("review_c10"), "<=", 15, "ms"),
    check("review vs hello @10", percentOfHello("review_c10"), ">=", 20, "%"),
    check("home review list p99", p99("home_review_list"), "<=", 20, "ms"),
    check("stats for a year p99", p99("stats_year"), "<=", 30, "ms"),
    check("search, 2-syllable Korean word, p99", p99("search_korean"), "<=", 20, "ms"),
    check("search, English word, p99", p99("search_english"), "<=", 20, "ms"),
    check("memo create p99, index / no index", figures.createP99IndexRatio, "<=", 1.5, "×"),
    check("memo edit p99, index / no index", figures.editP99IndexRatio, "<=", 1.5, "×"),
    check("cold start", figures.coldStartMs, "<=", 1000, "ms"),
    check("idle RSS", figures.idleRssMB, "<=", 100, "MB"),
  ];
}

/** Prints the load table, the process figures and the targets. */
export function printReport({ scenarios, figures, checks }) {
  const loadRows = scenarios.map((s) => {
    const r = s.result;
    if (!r) return [s.name, s.connections, "—", "—", "—", "—", "", "—", `FAILED: ${s.error}`];
    const bad = r.non2xx + r.errors + r.timeouts;
    return [
      s.name,
      s.connections,
      fmt(r.reqPerSec, 0),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
      fmt(r.maxMs, 1),
      s.ratio === undefined ? "" : `${fmt(s.ratio * 100, 1)} %`,
      fmt(r.peakRssMB, 0),
      bad > 0 ? `${bad} failed: ${JSON.stringify(r.statusCodes)}` : "",
    ];
  });
  const headers = ["scenario", "conns", "req/s", "p50 ms", "p99 ms", "max ms", "of hello"];
  console.log("\nLoad (autocannon, keep-alive, one request in flight per connection)\n");
  console.log(table([...headers, "RSS MB", "notes"], loadRows));

  console.log("\nProcess\n");
  const memos = figures.memos.toLocaleString("en");
  const processRows = [
    [`seed: ${memos} memos + ${figures.reviewRows} review rows (ms)`, fmt(figures.seedMs, 0)],
    ["database file (MB)", fmt(figures.dbFileMB, 1)],
    ["cold start: spawn → /api/health 200 (ms)", fmt(figures.coldStartMs, 0)],
    ["idle RSS, 1 s after start (MB)", fmt(figures.idleRssMB, 1)],
    ["loaded RSS, highest sampled in the runs (MB)", fmt(figures.loadedRssMB, 1)],
    ["peak RSS since start, VmHWM (MB)", fmt(figures.peakRssMB, 1)],
  ];
  console.log(table(["figure", "value"], processRows));

  console.log("\nDurability cost: review p99 @10, SQLite synchronous = FULL (default) vs NORMAL\n");
  const syncRows = [
    [
      "FULL, what the server runs (held against the review target below)",
      fmt(figures.reviewP99FullMs, 2),
    ],
    [
      "NORMAL, information only: can lose acknowledged commits on power loss",
      fmt(figures.reviewP99NormalMs, 2),
    ],
    ["FULL / NORMAL, p99", `${fmt(figures.reviewP99FullOverNormal, 2)}×`],
    ["FULL / NORMAL, req/s", `${fmt(figures.reviewReqPerSecFullOverNormal, 2)}×`],
  ];
  console.log(table(["review @10", "p99 ms"], syncRows));

  console.log("\nSearch (issue #10)\n");
  const searchRows = [
    ["2-syllable Korean word searched", figures.searchKoreanWord],
    ["  memos containing it", figures.searchKoreanMatches],
    ["English word searched", figures.searchEnglishWord],
    ["  memos containing it", figures.searchEnglishMatches],
    ["word in most memos searched (information only)", figures.searchCommonWord],
    ["  memos containing it", figures.searchCommonMatches],
    ["database file with the index, after seeding (MB)", fmt(figures.seededDbFileMB, 1)],
    [
      "  of which the search index: memo_search + FTS5 + memo_tags (MB)",
      fmt(figures.searchIndexMB, 1),
    ],
    [
      "memo create p99 with / without the index (ms)",
      `${fmt(figures.createP99IndexMs, 2)} / ${fmt(figures.createP99NoIndexMs, 2)}`,
    ],
    [
      "memo edit p99 with / without the index (ms)",
      `${fmt(figures.editP99IndexMs, 2)} / ${fmt(figures.editP99NoIndexMs, 2)}`,
    ],
  ];
  console.log(table(["figure", "value"], searchRows));

  console.log("\nTargets\n");
  const targetRows = checks.map((c) => [
    c.label,
    c.value === null ? "—" : `${fmt(c.value, c.unit === "%" ? 1 : 2)} ${c.unit}`,
    `${c.comparator} ${c.limit} ${c.unit}`,
    c.result,
  ]);
  console.log(table(["target", "value", "limit", "result"], targetRows));
}

/** Every figure as one object, for the `BENCH_JSON` line. */
export function summaryJson({ scenarios, figures, checks }) {
  const load = scenarios.map((s) => {
    const r = s.result;
    if (!r) return [s.key, { connections: s.connections, error: s.error }];
    const figures = {
      connections: s.connections,
      reqPerSec: round(r.reqPerSec),
      p50Ms: round(r.p50Ms),
      p90Ms: round(r.p90Ms),
      p99Ms: round(r.p99Ms),
      maxMs: round(r.maxMs),
      requests: r.requests,
      failed: r.non2xx + r.errors + r.timeouts,
      peakRssMB: round(r.peakRssMB),
    };
    if (s.ratio !== undefined) figures.ofHelloPct = round(s.ratio * 100);
    return [s.key, figures];
  });
  return {
    ...Object.fromEntries(
      Object.entries(figures).map(([k, v]) => [k, typeof v === "number" ? round(v) : v]),
    ),
    load: Object.fromEntries(load),
    targets: checks.map((c) => ({
      target: c.label,
      value: round(c.value),
      limit: `${c.comparator} ${c.limit} ${c.unit}`,
      result: c.result,
    })),
  };
}

/**
 * Cost growth targets: a request's cost (time per request at one connection, 1 / req/s) for the
 * main user over its cost for the small one, ≤ 1.5×.
 */
export function costGrowthChecks(byKey, memoCount, smallMemoCount) {
  const ratio = (key) => {
    const big = byKey[key]?.result?.reqPerSec;
    const small = byKey[`small_${key}`]?.result?.reqPerSec;
    return big && small ? small / big : Number.NaN;
  };
  const sizes = `${memoCount / 1000}k ÷ ${smallMemoCount / 1000}k memos`;
  return COST_GROWTH_KEYS.map((key) => ({
    key,
    label: `cost growth, ${key.replaceAll("_", " ")}, ${sizes}`,
    value: ratio(key),
  }))
    .filter(({ key }) => byKey[`small_${key}`])
    .map(({ label, value }) => check(label, value, "<=", 1.5, "×"));
}

/** SQLite and PostgreSQL side by side: each scenario's req/s, p50 and p99 on both. */
export function printPostgresReport(scenarios, postgres) {
  console.log("\nSQLite and PostgreSQL, the same runs over the same rows (BENCH_PG=1)\n");
  if (postgres.error) {
    console.log(`PostgreSQL part failed: ${postgres.error}`);
    return;
  }
  const onPostgres = new Map(postgres.scenarios.map((s) => [s.key, s]));
  const cells = (r) =>
    r ? [fmt(r.reqPerSec, 0), fmt(r.p50Ms, 2), fmt(r.p99Ms, 2)] : ["—", "—", "—"];
  const rows = scenarios
    .filter((s) => onPostgres.has(s.key))
    .map((s) => [
      s.name,
      s.connections,
      ...cells(s.result),
      ...cells(onPostgres.get(s.key).result),
    ]);
  const headers = [
    "scenario",
    "conns",
    "SQLite req/s",
    "p50 ms",
    "p99 ms",
    "PG req/s",
    "p50 ms",
    "p99 ms",
  ];
  console.log(table(headers, rows));
  const { copy } = postgres;
  console.log(
    `\ncopied ${copy.rows.toLocaleString("en")} rows of ${copy.tables} tables in ${fmt(copy.ms / 1000, 1)} s`,
  );
}

/** The PostgreSQL column for BENCH_JSON. */
export function postgresSummary(postgres) {
  if (postgres.error) return { error: postgres.error };
  return {
    copy: postgres.copy,
    load: Object.fromEntries(
      postgres.scenarios.map((s) => [
        s.key,
        s.result
          ? { reqPerSec: round(s.result.reqPerSec), p50Ms: s.result.p50Ms, p99Ms: s.result.p99Ms }
          : { error: s.error },
      ]),
    ),
  };
}

/** Many users: each request's p99 with many users in the database over its p99 with few. */
export function manyUsersChecks(byKey, users) {
  return MANY_USERS_KEYS.filter((key) => byKey[`many_${key}`]).map((key) => {
    const few = byKey[`small_${key}`]?.result?.p99Ms;
    const many = byKey[`many_${key}`]?.result?.p99Ms;
    const label = `many users, ${key.replaceAll("_", " ")} p99, ${users.toLocaleString("en")} users ÷ 2`;
    return check(label, few && many ? many / few : Number.NaN, "<=", 1.5, "×");
  });
}
