import { randomUUID } from "node:crypto";

/** Rows in one folder page, the largest page the API gives. */
export const PAGE_SIZE = 100;

/** Results in one page of a search, the API's default. */
export const SEARCH_PAGE = 30;

/** The sort modes measured on folder pages. */
export const FOLDER_SORTS = ["latest", "repetition_value", "review_count_desc"];

/**
 * The load scenarios, in the order they run. Each has a `probe` (one request made the way the
 * load will, whose answer is checked, so a broken route fails loudly instead of measuring fast
 * errors) and `requests()` for autocannon, fresh per run; `setupRequest` varies each request.
 * `baseline` names the hello-world run of the same connection count that its req/s is
 * compared with.
 *
 * @param {object} options
 * @param {import("./browser-client.mjs").BrowserClient} options.client signed in
 * @param {string[]} options.folderIds the seeded folders
 * @param {string[]} options.memoIds the seeded memos
 * @param {{ korean: string, english: string, common: string }} options.searchWords words to
 *   search for: a two-syllable Korean word and an English word of middling frequency, and a word
 *   in a large share of the memos
 */
export function buildScenarios({ client, folderIds, memoIds, searchWords }) {
  // Every load request carries what the browser would send: cookies, Origin, XSRF header.
  const getHeaders = client.headersFor("GET");
  const postHeaders = { ...client.headersFor("POST"), "content-type": "application/json" };

  async function probe(method, path, body, verify) {
    const response = await client.expect(method, path, body);
    const problem = verify?.(response.body);
    if (problem) throw new Error(`${method} ${path}: ${problem}`);
  }

  /** A GET that walks through `pathAt(0)`, `pathAt(1)`, … */
  function rotatingGet(pathAt) {
    let n = 0;
    return [
      {
        method: "GET",
        path: pathAt(n),
        headers: getHeaders,
        setupRequest: (request) => ({ ...request, path: pathAt(n++) }),
      },
    ];
  }

  const health = (connections) => ({
    key: `health_c${connections}`,
    name: "hello-world GET /api/health",
    connections,
    probe: () => probe("GET", "/api/health"),
    requests: () => [{ method: "GET", path: "/api/health", headers: getHeaders }],
  });

  const folderPath = (sort) => (n) =>
    `/api/folders/${folderIds[n % folderIds.length]}/memos?limit=${PAGE_SIZE}&sort=${sort}`;
  const folderPage = (sort) => ({
    key: `folder_${sort}`,
    name: `folder page ?limit=${PAGE_SIZE}&sort=${sort}`,
    connections: 1,
    baseline: "health_c1",
    probe: () =>
      probe("GET", folderPath(sort)(0), undefined, (body) =>
        body?.memos?.length === PAGE_SIZE
          ? null
          : `expected ${PAGE_SIZE} memos, got ${body?.memos?.length ?? "no list"}`,
      ),
    requests: () => rotatingGet(folderPath(sort)),
  });

  // Each review goes to the next memo (they are spread over all folders) with a new opId.
  let reviewed = 0;
  const reviewPath = () => `/api/memos/${memoIds[reviewed++ % memoIds.length]}/reviews`;
  const reviewBody = () => JSON.stringify({ opId: randomUUID() });

  const review = (connections, synchronous) => ({
    key: synchronous === "normal" ? `review_c${connections}_normal` : `review_c${connections}`,
    name:
      synchronous === "normal"
        ? "review POST /api/memos/:id/reviews, synchronous=NORMAL"
        : "review POST /api/memos/:id/reviews",
    connections,
    baseline: `health_c${connections}`,
    // The server is restarted with this environment before the run (and back without it after).
    serverEnv: synchronous === "normal" ? { MNEMO_SQLITE_SYNCHRONOUS: "normal" } : {},
    // A pragma of SQLite's: no PostgreSQL column.
    sqliteOnly: synchronous === "normal",
    probe: () => probe("POST", reviewPath(), { opId: randomUUID() }),
    requests: () => [
      {
        method: "POST",
        path: reviewPath(),
        headers: postHeaders,
        body: reviewBody(),
        setupRequest: (request) => ({ ...request, path: reviewPath(), body: reviewBody() }),
      },
    ],
  });

  // Issue 9 › Statistics: the stats screen asks for the year ending today in the viewer's zone.
  const statsYear = () => {
    const zone = "Asia/Seoul";
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
    const from = new Date(Date.parse(today) - 364 * 86_400_000).toISOString().slice(0, 10);
    const path = `/api/stats?from=${from}&to=${today}&tz=${zone}`;
    return {
      key: "stats_year",
      name: "stats GET /api/stats (a year, Asia/Seoul)",
      connections: 1,
      baseline: "health_c1",
      probe: () =>
        probe("GET", path, undefined, (body) =>
          body?.totalReviews > 0 && body?.days?.length > 300
            ? null
            : `expected a year of reviews, got ${body?.totalReviews} on ${body?.days?.length} days`,
        ),
      requests: () => [{ method: "GET", path, headers: getHeaders }],
    };
  };

  const search = (key, word, label) => ({
    key,
    name: `search ${label} GET /api/search?q=${word}`,
    connections: 1,
    baseline: "health_c1",
    probe: () =>
      probe("GET", searchPath(word), undefined, (body) =>
        body?.results?.length > 0 ? null : "expected results",
      ),
    requests: () => [{ method: "GET", path: searchPath(word), headers: getHeaders }],
  });
  const searchPath = (word) => `/api/search?q=${encodeURIComponent(word)}&limit=${SEARCH_PAGE}`;

  // Creates rotate over the folders; edits walk through the memos, changing title and contents
  // (what search reads), each a new text so every edit is a real change.
  let created = 0;
  let edited = 0;
  const memoText = (n) => ({
    title: `벤치 메모 ${n} bench memo`,
    contents: `<p>오늘 배운 내용 ${n}: 검색 색인을 함께 씁니다.</p><p>Notes ${n} for the index cost.</p>`,
  });
  const createBody = () =>
    JSON.stringify({
      folderId: folderIds[created % folderIds.length],
      ...memoText(created++),
      tags: ["벤치", "bench"],
    });
  const editPath = () => `/api/memos/${memoIds[edited % memoIds.length]}`;
  const editBody = () => JSON.stringify(memoText(`edit ${edited++}`));
  const writes = (withIndex) => {
    const suffix = withIndex ? "" : "_noindex";
    // Both on a server restarted for them, so neither runs on a longer-warmed process.
    const serverEnv = { MNEMO_SEARCH_INDEX: withIndex ? "on" : "off" };
    const label = withIndex ? "" : ", search index off";
    return [
      {
        key: `memo_create${suffix}`,
        name: `memo create POST /api/memos${label}`,
        connections: 1,
        baseline: "health_c1",
        serverEnv,
        probe: () => probe("POST", "/api/memos", JSON.parse(createBody())),
        requests: () => [
          {
            method: "POST",
            path: "/api/memos",
            headers: postHeaders,
            body: createBody(),
            setupRequest: (request) => ({ ...request, body: createBody() }),
          },
        ],
      },
      {
        key: `memo_edit${suffix}`,
        name: `memo edit PATCH /api/memos/:id${label}`,
        connections: 1,
        baseline: "health_c1",
        serverEnv,
        probe: () => probe("PATCH", editPath(), JSON.parse(editBody())),
        requests: () => [
          {
            method: "PATCH",
            path: editPath(),
            headers: postHeaders,
            body: editBody(),
            setupRequest: (request) => ({ ...request, path: editPath(), body: editBody() }),
          },
        ],
      },
    ];
  };

  return [
    health(1),
    {
      key: "folder_get",
      name: "signed-in baseline GET /api/folders/:id",
      connections: 1,
      baseline: "health_c1",
      probe: () => probe("GET", `/api/folders/${folderIds[0]}`),
      requests: () => rotatingGet((n) => `/api/folders/${folderIds[n % folderIds.length]}`),
    },
    ...FOLDER_SORTS.map(folderPage),
    {
      key: "home_review_list",
      name: "home GET /api/home/review-list",
      connections: 1,
      baseline: "health_c1",
      probe: () =>
        probe("GET", "/api/home/review-list", undefined, (body) =>
          body?.memos?.length > 0 ? null : "expected a non-empty list",
        ),
      requests: () => [{ method: "GET", path: "/api/home/review-list", headers: getHeaders }],
    },
    statsYear(),
    search("search_korean", searchWords.korean, "2-syllable Korean word"),
    search("search_english", searchWords.english, "English word"),
    search("search_common", searchWords.common, "word in most memos"),
    health(10),
    review(10, "full"),
    // What FULL costs (issue 13 item 4): the same run on a server restarted with NORMAL, last,
    // so the RSS figures above come from the server as it runs by default.
    review(10, "normal"),
    // What the search index costs a write (issue #10): create and edit with and without it.
    ...writes(true),
    ...writes(false),
  ];
}

/** The requests measured again for a small user (issue 14 › Cost growth). */
export const COST_GROWTH_KEYS = [
  "folder_latest",
  "folder_review_count_desc",
  "home_review_list",
  "stats_year",
];

/**
 * The same requests as the main user's (`scenarios` built for another user), those of `keys`,
 * under keys `<prefix>_<key>` and names ending in `label`: the cost growth runs (`small_`) and
 * the many-users runs (`many_`).
 */
export function otherUserScenarios(scenarios, { keys, prefix, label }) {
  return scenarios
    .filter((scenario) => keys.includes(scenario.key))
    .map((scenario) => ({
      ...scenario,
      key: `${prefix}_${scenario.key}`,
      name: `${scenario.name}, ${label}`,
    }));
}

/**
 * Issue 14 › Many users: the small user's requests measured once with few users in the database
 * (`small_<key>`) and again with many (`many_<key>`); the latter's p99 is held to 1.5× the former.
 */
export const MANY_USERS_KEYS = ["folder_latest", "folder_review_count_desc", "review_c10"];
