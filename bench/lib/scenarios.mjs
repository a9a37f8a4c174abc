import { randomUUID } from "node:crypto";

/** Rows in one folder page, the largest page the API gives. */
export const PAGE_SIZE = 100;

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
 */
export function buildScenarios({ client, folderIds, memoIds }) {
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
    health(10),
    review(10, "full"),
    // What FULL costs (issue 13 item 4): the same run on a server restarted with NORMAL, last,
    // so the RSS figures above come from the server as it runs by default.
    review(10, "normal"),
  ];
}
