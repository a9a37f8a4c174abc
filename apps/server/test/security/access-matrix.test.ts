import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, randomId } from "@mnemo/domain";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient, TestResponse } from "../helpers/client.js";
import { appRoutes } from "../helpers/routes.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type SignedUpUser, signInAnonymously, signUpVerified } from "../helpers/users.js";
import { rowCounts, userRows } from "./user-rows.js";

// User A owns folders and memos (with reviews, completions and a priority change); user B, another
// verified account, tries every route that takes an id on A's ids. Each such route must answer B
// exactly as it answers an id nobody has, and leave every row of A and B as it was.

/** One method and path of the running app, e.g. `PATCH /api/memos/:memoId`. */
type RouteKey = string;

const routeKey = (method: string, url: string): RouteKey => `${method} ${url}`;

/** Routes anyone may call without a session; every other route must answer 401. */
const PUBLIC_ROUTES = new Set<RouteKey>([
  // Leads to the API docs while no web app is built.
  "GET /",
  "GET /api/health",
  "GET /api/ready",
  "GET /api/csrf",
  "GET /api/auth-providers",
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-in/anonymous",
  "POST /api/auth/sign-up/email",
  "POST /api/auth/send-verification-email",
  "POST /api/auth/request-password-reset",
  // The error dialog logs for signed-out visitors too.
  "POST /api/logs",
  // A shared memo, for anyone with its address (screen view/{countryCode}/{shareToken}).
  "GET /api/public/:countryCode/memos/:shareToken",
  // An image that shared memo shows.
  "GET /api/public/:countryCode/memos/:shareToken/attachments/:attachmentId",
  // The reminder digest's unsubscribe link: its signed token stands for the session.
  "GET /api/reminders/unsubscribe",
  "POST /api/reminders/unsubscribe",
]);

/**
 * Bodies that pass validation on private routes whose checks run before the session check
 * (better-auth validates the body first), so the signed-out answer is about the session.
 */
const VALID_BODIES: Partial<Record<RouteKey, unknown>> = {
  "POST /api/auth/change-password": {
    currentPassword: "old-password-1",
    newPassword: "new-password-1",
  },
};

/** The API docs and better-auth's own catch-all (`/api/auth/*`) are public by design. */
function isPublic(method: string, url: string): boolean {
  return (
    PUBLIC_ROUTES.has(routeKey(method, url)) || url.startsWith("/api/docs") || url.includes("*")
  );
}

interface Ids {
  folderId: string;
  memoId: string;
  /** The country of the ids' owner (a shared memo's address holds it). */
  countryCode: string;
  /** The key of a shared memo's public address (the memo's id when it is not shared). */
  shareToken: string;
  /** The opId of one of the memo's reviews. */
  opId: string;
  /** An image the memo shows. */
  attachmentId: string;
  /** One of the user's import jobs. */
  importId: string;
  /** A memo of the user's trash. */
  trashedMemoId: string;
}

interface IdRoute {
  /** What B is told for A's id: the same as for an id nobody has. */
  code: ErrorCode;
  query?: string;
  /** A body that the owner's own request succeeds with. */
  body?: () => unknown;
  /** The owner's Cache-Control when it is not `no-store` (an image never changes). */
  cacheControl?: string;
  /** What the owner does first so that their own request succeeds. */
  prepare?: (client: TestClient, ids: Ids) => Promise<unknown>;
}

const newOpId = () => `op-${randomId()}`;

/**
 * Every route of the app with a path parameter. A new route with a `:param` fails the first
 * test below until it is added here.
 */
const ID_ROUTES: Record<RouteKey, IdRoute> = {
  "GET /api/folders/:folderId": { code: ErrorCode.FOLDER_NOT_FOUND },
  "PATCH /api/folders/:folderId": {
    code: ErrorCode.FOLDER_NOT_FOUND,
    body: () => ({
      title: "B 가 바꿈",
      dateRepetitionValue: 1,
      showAtHomeReviewList: false,
      scheduler: "fsrs",
      desiredRetention: 0.8,
    }),
  },
  "DELETE /api/folders/:folderId": { code: ErrorCode.FOLDER_NOT_FOUND },
  "GET /api/folders/:folderId/memos": {
    code: ErrorCode.FOLDER_NOT_FOUND,
    query: "?sort=latest&limit=100",
  },
  "GET /api/memos/:memoId": { code: ErrorCode.MEMO_NOT_FOUND },
  "PATCH /api/memos/:memoId": {
    code: ErrorCode.MEMO_NOT_FOUND,
    body: () => ({ title: "B 가 바꿈", contents: "<p>B</p>", flashCardHint: "B", tags: ["B"] }),
  },
  "DELETE /api/memos/:memoId": { code: ErrorCode.MEMO_NOT_FOUND },
  "POST /api/memos/:memoId/move": {
    code: ErrorCode.MEMO_NOT_FOUND,
    body: () => ({ folderId: "root" }),
  },
  "POST /api/memos/:memoId/reviews": {
    code: ErrorCode.MEMO_NOT_FOUND,
    body: () => ({ opId: newOpId(), value: 7 }),
  },
  "DELETE /api/memos/:memoId/reviews/:opId": {
    code: ErrorCode.MEMO_NOT_FOUND,
    prepare: async (client, ids) => {
      await client.post(`/api/memos/${ids.memoId}/reviews`, { opId: ids.opId, grade: 2 });
    },
  },
  "POST /api/memos/:memoId/complete": {
    code: ErrorCode.MEMO_NOT_FOUND,
    body: () => ({ opId: newOpId() }),
  },
  "DELETE /api/memos/:memoId/completions/:opId": {
    code: ErrorCode.MEMO_NOT_FOUND,
    prepare: async (client, ids) => {
      await client.post(`/api/memos/${ids.memoId}/complete`, { opId: ids.opId });
    },
  },
  "DELETE /api/memos/:memoId/uncompletions/:opId": {
    code: ErrorCode.MEMO_NOT_FOUND,
    prepare: async (client, ids) => {
      await client.post(`/api/memos/${ids.memoId}/uncomplete`, { opId: ids.opId });
    },
  },
  "POST /api/memos/:memoId/uncomplete": {
    code: ErrorCode.MEMO_NOT_FOUND,
    body: () => ({ opId: newOpId() }),
  },
  "POST /api/memos/:memoId/priority": {
    code: ErrorCode.MEMO_NOT_FOUND,
    body: () => ({ opId: newOpId(), delta: 1 }),
  },
  "PUT /api/memos/:memoId/share": { code: ErrorCode.MEMO_NOT_FOUND },
  "DELETE /api/memos/:memoId/share": { code: ErrorCode.MEMO_NOT_FOUND },
  // Public, but only for a shared memo: A's memo is not shared, so B learns nothing of it.
  "GET /api/public/:countryCode/memos/:shareToken": {
    code: ErrorCode.MEMO_NOT_FOUND,
    prepare: async (client, ids) => {
      ids.shareToken = (await client.put(`/api/memos/${ids.memoId}/share`)).body.share.shareToken;
    },
  },
  "GET /api/attachments/:attachmentId": {
    code: ErrorCode.ATTACHMENT_NOT_FOUND,
    cacheControl: "private, max-age=31536000, immutable",
  },
  // Public, but only an image of a shared memo: A's memo is not shared.
  "GET /api/public/:countryCode/memos/:shareToken/attachments/:attachmentId": {
    code: ErrorCode.ATTACHMENT_NOT_FOUND,
    cacheControl: "no-cache",
    prepare: async (client, ids) => {
      ids.shareToken = (await client.put(`/api/memos/${ids.memoId}/share`)).body.share.shareToken;
    },
  },
  "GET /api/imports/:importId": {
    code: ErrorCode.IMPORT_NOT_FOUND,
    prepare: async (client, ids) => {
      ids.importId = await importSmallFile(client, "B 의 가져오기");
    },
  },
  "DELETE /api/trash/:kind/:id": {
    code: ErrorCode.TRASH_ITEM_NOT_FOUND,
    prepare: async (client, ids) => {
      await client.delete(`/api/memos/${ids.trashedMemoId}`);
    },
  },
};

/** Imports a small file of the original app's format and waits for its end; answers its id. */
async function importSmallFile(client: TestClient, title: string): Promise<string> {
  const form = new FormData();
  const file = {
    memos: [
      {
        id: randomId(),
        title,
        contents: `<p>${title}</p>`,
        folderId: "root",
        userId: "u",
        createdAt: 1,
        updatedAt: 1,
      },
    ],
  };
  form.append("file", new Blob([JSON.stringify(file)]), "export.json");
  const started = await client.postForm("/api/imports", form);
  if (started.status !== 202) throw new Error(`import: ${started.status}`);
  const { id } = started.body.import;
  for (let attempt = 0; attempt < 200; attempt++) {
    const job = await client.get(`/api/imports/${id}`);
    if (job.body.import.status !== "running") return id;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the import did not end");
}

/** A form with one GIF (its signature is all the server checks) under `id`. */
function gifForm(id: string): FormData {
  const form = new FormData();
  form.append("id", id);
  form.append("file", new Blob(["GIF89a 그림"]), "a.gif");
  return form;
}

/** Uploads an image under `id` and returns contents that show it. */
async function withImage(client: TestClient, id: string): Promise<string> {
  const response = await client.postForm("/api/attachments", gifForm(id));
  if (response.status !== 201) throw new Error(`upload: ${response.status}`);
  return `<p><img src="/api/attachments/${id}" alt=""></p>`;
}

/** The path with each `:param` replaced by the id of that name. */
function fillPath(url: string, ids: Partial<Record<string, string>>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const id = ids[name];
    if (id === undefined) throw new Error(`no id for :${name} in ${url}`);
    return encodeURIComponent(id);
  });
}

/** The ids by path parameter name (`:kind/:id` of the trash routes name a trashed memo). */
function pathIds(ids: Ids): Partial<Record<string, string>> {
  return { ...ids, kind: "memo", id: ids.trashedMemoId };
}

function sendIdRoute(client: TestClient, key: RouteKey, ids: Ids): Promise<TestResponse> {
  const [method = "", url = ""] = key.split(" ");
  const route = ID_ROUTES[key];
  if (!route) throw new Error(`${key} is not in ID_ROUTES`);
  const path = fillPath(url, pathIds(ids)) + (route.query ?? "");
  return client.request(method, path, route.body?.());
}

let server: TestServer;
let a: SignedUpUser;
let b: SignedUpUser;
/** A string only A's data contains; no answer to B may contain it. */
let secret: string;
let aIds: Ids;
let aOpId: string;
let bMemoId: string;
let bFolderId: string;

async function created(response: TestResponse, what: string) {
  if (response.status !== 201) {
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

async function expectOk(response: TestResponse, what: string) {
  if (response.status >= 300) {
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  }
}

beforeAll(async () => {
  // No web build, whatever apps/web holds: its static files would be routes of their own here.
  server = await startTestServer({ env: { WEB_DIST: join(tmpdir(), "mnemo-no-web-build") } });
  [a, b] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
  secret = `비밀-${randomId()}`;

  const c = a.client;
  const folder = (
    await created(await c.post("/api/folders", { title: `${secret} 폴더` }), "folder")
  ).folder;
  const sub = (
    await created(
      await c.post("/api/folders", {
        title: `${secret} 하위`,
        parentFolderId: folder.id,
        scheduler: "fsrs",
      }),
      "sub-folder",
    )
  ).folder;
  const attachmentId = randomId();
  const image = await withImage(c, attachmentId);
  const memoBody = (folderId: string, name: string) => ({
    folderId,
    title: `${secret} ${name}`,
    contents: `<p>${secret} <strong>${name}</strong></p>${image}`,
    flashCardHint: secret,
    tags: [secret],
    category: secret,
  });
  const memo = (await created(await c.post("/api/memos", memoBody(folder.id, "메모")), "memo"))
    .memo;
  const subMemo = (await created(await c.post("/api/memos", memoBody(sub.id, "하위")), "memo"))
    .memo;
  await created(await c.post("/api/memos", memoBody("root", "루트")), "root memo");
  aOpId = newOpId();
  await expectOk(
    await c.post(`/api/memos/${memo.id}/reviews`, { opId: aOpId, value: 2 }),
    "review",
  );
  await expectOk(await c.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId() }), "review");
  await expectOk(await c.post(`/api/memos/${memo.id}/complete`, { opId: newOpId() }), "complete");
  await expectOk(await c.post(`/api/memos/${subMemo.id}/complete`, { opId: newOpId() }), "done");
  await expectOk(await c.post(`/api/memos/${subMemo.id}/uncomplete`, { opId: newOpId() }), "undo");
  await expectOk(
    await c.post(`/api/memos/${memo.id}/priority`, { opId: newOpId(), delta: 1 }),
    "priority",
  );
  await expectOk(await c.put("/api/text", { contents: `<p>${secret} 메모장</p>` }), "text");
  const importId = await importSmallFile(c, `${secret} 가져온 메모`);
  const trashed = (await created(await c.post("/api/memos", memoBody(folder.id, "휴지통")), "memo"))
    .memo;
  await expectOk(await c.delete(`/api/memos/${trashed.id}`), "trash");
  const aMe = await c.get("/api/me");
  aIds = {
    importId,
    trashedMemoId: trashed.id,
    folderId: folder.id,
    memoId: memo.id,
    countryCode: aMe.body.user.countryCode,
    shareToken: memo.id,
    opId: aOpId,
    attachmentId,
  };

  const bFolder = (await created(await b.client.post("/api/folders", { title: "B 폴더" }), "B"))
    .folder;
  bFolderId = bFolder.id;
  bMemoId = (
    await created(await b.client.post("/api/memos", { folderId: "root", title: "B 메모" }), "B")
  ).memo.id;
});
afterAll(async () => {
  await server.close();
});

/** What A sees of every folder and memo of theirs, through the API. */
async function viewsOfA() {
  const views: Record<string, unknown> = {};
  const read = async (path: string) => {
    const response = await a.client.get(path);
    if (response.status !== 200) throw new Error(`A's GET ${path}: ${response.status}`);
    views[path] = response.body;
    return response.body;
  };
  for (const folder of (await read("/api/folders")).folders as Array<{ id: string }>) {
    await read(`/api/folders/${folder.id}`);
    const list = await read(`/api/folders/${folder.id}/memos?limit=100`);
    for (const memo of list.memos as Array<{ id: string }>) await read(`/api/memos/${memo.id}`);
  }
  return views;
}

/** Everything of A (as A sees it, and every row) and every row of B. */
async function snapshot() {
  const aRows = await userRows(server, a.userId);
  const bRows = await userRows(server, b.userId);
  return {
    aViews: await viewsOfA(),
    aRows,
    aCounts: rowCounts(aRows),
    bRows,
    bCounts: rowCounts(bRows),
  };
}

/** The answer contains nothing of A: no title, contents, hint, tag, e-mail or user id. */
function expectNothingOfA(response: TestResponse) {
  const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
  expect(text).not.toContain(secret);
  expect(text).not.toContain(a.userId);
  expect(text).not.toContain(a.email);
}

/** The answer with the ids it was asked about replaced, to compare answers for other ids. */
function withoutIds(response: TestResponse, ids: Ids) {
  let text = JSON.stringify(response.body);
  for (const id of [
    ids.folderId,
    ids.memoId,
    ids.shareToken,
    ids.opId,
    ids.attachmentId,
    ids.importId,
    ids.trashedMemoId,
  ])
    text = text.split(id).join("<id>");
  return { status: response.status, body: JSON.parse(text) };
}

describe("the route table of this test", () => {
  it("is read completely from the app's router", () => {
    const routes = appRoutes(server.app);
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, url } of routes) {
      if (url.includes("*")) continue;
      expect(server.app.hasRoute({ method, url }), routeKey(method, url)).toBe(true);
    }
  });

  it("lists every route of the app that takes an id in its path", () => {
    const withParams = appRoutes(server.app)
      .filter((route) => route.url.includes(":"))
      .map((route) => routeKey(route.method, route.url));
    expect(Object.keys(ID_ROUTES).sort()).toEqual(withParams.sort());
  });
});

describe("routes with an id, called by another user on the owner's ids", () => {
  it.each(Object.keys(ID_ROUTES))(
    "%s answers 404 as for an unknown id, shows nothing and changes nothing",
    async (key) => {
      const before = await snapshot();
      const response = await sendIdRoute(b.client, key, aIds);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe(ID_ROUTES[key]?.code);
      expectNothingOfA(response);
      expect(await snapshot()).toEqual(before);

      const unknownIds = {
        ...aIds,
        folderId: randomId(),
        memoId: randomId(),
        shareToken: randomId(),
        opId: newOpId(),
        attachmentId: randomId(),
        importId: randomId(),
        trashedMemoId: randomId(),
      };
      const unknown = await sendIdRoute(b.client, key, unknownIds);
      expect(withoutIds(response, aIds)).toEqual(withoutIds(unknown, unknownIds));
    },
  );

  it.each(Object.keys(ID_ROUTES).filter((key) => key.startsWith("GET ")))(
    "HEAD of %s answers 404 without a body",
    async (key) => {
      const url = key.slice("GET ".length);
      const response = await b.client.request("HEAD", fillPath(url, pathIds(aIds)));
      expect(response.status).toBe(404);
      expect(response.body).toBe("");
    },
  );

  // The requests above must be ones that work: otherwise a 404 would prove nothing.
  it.each(Object.keys(ID_ROUTES))("%s succeeds for the owner on their own ids", async (key) => {
    const folder = (await b.client.post("/api/folders", { title: "B 의 것" })).body.folder;
    const attachmentId = randomId();
    const contents = await withImage(b.client, attachmentId);
    const memo = (
      await b.client.post("/api/memos", { folderId: folder.id, title: "B 의 것", contents })
    ).body.memo;
    await b.client.post(`/api/memos/${memo.id}/complete`, { opId: newOpId() });
    const countryCode = (await b.client.get("/api/me")).body.user.countryCode;
    const ids = {
      folderId: folder.id,
      memoId: memo.id,
      countryCode,
      shareToken: memo.id,
      opId: newOpId(),
      attachmentId,
      importId: randomId(),
      trashedMemoId: memo.id,
    };
    await ID_ROUTES[key]?.prepare?.(b.client, ids);
    const response = await sendIdRoute(b.client, key, ids);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("cache-control")).toBe(ID_ROUTES[key]?.cacheControl ?? "no-store");
  });
});

describe("ids of another user inside request bodies", () => {
  const cases: Array<[string, () => Promise<TestResponse>]> = [
    [
      "POST /api/memos/:memoId/move moving one's memo into the other's folder",
      () => b.client.post(`/api/memos/${bMemoId}/move`, { folderId: aIds.folderId }),
    ],
    [
      "POST /api/memos creating a memo in the other's folder",
      () => b.client.post("/api/memos", { folderId: aIds.folderId, title: "B 의 메모" }),
    ],
    [
      "POST /api/folders creating a folder under the other's folder",
      () => b.client.post("/api/folders", { title: "B 폴더", parentFolderId: aIds.folderId }),
    ],
    [
      "PATCH /api/folders/:folderId moving one's folder under the other's folder",
      () => b.client.patch(`/api/folders/${bFolderId}`, { parentFolderId: aIds.folderId }),
    ],
    [
      "GET /api/search in the other's folder",
      () => b.client.get(`/api/search?q=${encodeURIComponent("비밀")}&folderId=${aIds.folderId}`),
    ],
    [
      "GET /api/review/queue of the other's folder",
      () => b.client.get(`/api/review/queue?folderId=${aIds.folderId}`),
    ],
    [
      "PUT /api/folders/order listing the other's folder",
      () => b.client.put("/api/folders/order", { folderIds: [bFolderId, aIds.folderId, "root"] }),
    ],
  ];

  it.each(cases)("%s answers 404 FOLDER_NOT_FOUND and changes nothing", async (_, request) => {
    const before = await snapshot();
    const response = await request();
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(ErrorCode.FOLDER_NOT_FOUND);
    expectNothingOfA(response);
    expect(await snapshot()).toEqual(before);
  });

  it("POST /api/trash/restore of the other's trashed memo answers 404 and changes nothing", async () => {
    const before = await snapshot();
    const response = await b.client.post("/api/trash/restore", {
      kind: "memo",
      id: aIds.trashedMemoId,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(ErrorCode.TRASH_ITEM_NOT_FOUND);
    expectNothingOfA(response);
    expect(await snapshot()).toEqual(before);
  });

  it("POST /api/memos with the other's memo id as client id makes one's own memo", async () => {
    const before = await snapshot();
    const response = await b.client.post("/api/memos", {
      id: aIds.memoId,
      folderId: "root",
      title: "B 의 같은 id",
    });
    expect(response.status).toBe(201);
    expect(response.body.memo).toMatchObject({ id: aIds.memoId, userId: b.userId });
    expectNothingOfA(response);
    const after = await snapshot();
    expect(after.aRows).toEqual(before.aRows);
    expect(after.aViews).toEqual(before.aViews);
    expect(after.bCounts.memos).toBe(before.bCounts.memos + 1);
  });

  it("POST /api/folders with the other's folder id as client id makes one's own folder", async () => {
    const before = await snapshot();
    const response = await b.client.post("/api/folders", { id: aIds.folderId, title: "B 같은 id" });
    expect(response.status).toBe(201);
    expect(response.body.folder).toMatchObject({ id: aIds.folderId, title: "B 같은 id" });
    expectNothingOfA(response);
    const after = await snapshot();
    expect(after.aRows).toEqual(before.aRows);
    expect(after.aViews).toEqual(before.aViews);
    expect(after.bCounts.folders).toBe(before.bCounts.folders + 1);
  });

  it("POST /api/memos/:memoId/reviews takes an opId the other user used as a new one", async () => {
    const before = await snapshot();
    const memo = (await b.client.post("/api/memos", { folderId: "root", title: "B" })).body.memo;
    const response = await b.client.post(`/api/memos/${memo.id}/reviews`, { opId: aOpId });
    expect(response.status).toBe(200);
    expect(response.body.memo.reviewCount).toBe(1);
    const after = await snapshot();
    expect(after.aRows).toEqual(before.aRows);
    expect(after.bCounts.memoReviews).toBe(before.bCounts.memoReviews + 1);
  });
});

describe("lists of another user", () => {
  it.each([
    "/api/folders",
    "/api/folders/root/memos?limit=100",
    "/api/home/review-list?limit=100",
    "/api/review/queue?limit=100",
    "/api/fsrs/parameters",
    `/api/calendar?from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`,
    "/api/me",
    "/api/text",
    `/api/search?q=${encodeURIComponent("비밀")}&limit=100`,
    "/api/tags",
    "/api/trash",
  ])("GET %s shows nothing of the owner's data", async (path) => {
    const response = await b.client.get(path);
    expect(response.status).toBe(200);
    expectNothingOfA(response);
    // The owner's request shows the data, so the check above can fail.
    if (path !== "/api/me" && path !== "/api/fsrs/parameters")
      expect(JSON.stringify((await a.client.get(path)).body)).toContain(secret);
  });
});

describe("exports of another user", () => {
  /** Every entry's name and text of the user's export, as one string. */
  async function exportText(client: TestClient, format: string): Promise<string> {
    const response = await client.getBytes(`/api/export?format=${format}`);
    expect(response.status).toBe(200);
    const decoder = new TextDecoder();
    return Object.entries(unzipSync(response.bytes))
      .map(([name, data]) => `${name}\n${decoder.decode(data)}`)
      .join("\n");
  }

  it.each(["mnemo", "markdown", "apkg"])(
    "GET /api/export?format=%s holds nothing of the owner's data",
    async (format) => {
      const before = await snapshot();
      const text = await exportText(b.client, format);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(a.userId);
      // (Earlier tests gave B a folder, a memo and a review under A's ids, as B's own.)
      expect(text).not.toContain(aIds.attachmentId);
      expect(await snapshot()).toEqual(before);
      // The owner's export holds the data, so the checks above can fail.
      const own = await exportText(a.client, format);
      expect(own).toContain(secret);
      // (An Anki package names its media by number.)
      if (format !== "apkg") expect(own).toContain(aIds.attachmentId);
    },
  );
});

describe("statistics of another user", () => {
  it("GET /api/stats counts none of the owner's reviews", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const path = `/api/stats?from=${today}&to=${today}&tz=UTC`;
    const response = await b.client.get(path);
    expect(response.status).toBe(200);
    // B's own reviews (an earlier test made one), none of A's; an undone review counts for nobody.
    const bReviews = await server.db.kysely
      .selectFrom("memo_reviews")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", b.userId)
      .where("undone_at", "is", null)
      .where("reviewed_at", ">=", Date.parse(today))
      .executeTakeFirstOrThrow();
    expect(response.body.totalReviews).toBe(Number(bReviews.n));
    expectNothingOfA(response);
    // The owner's answer counts their reviews, so the check above can fail.
    expect((await a.client.get(path)).body.totalReviews).toBeGreaterThan(0);
  });
});

describe("admin routes", () => {
  it.each(["verified", "anonymous"])("answer 403 FORBIDDEN to a %s user", async (kind) => {
    const client = kind === "verified" ? b.client : (await signInAnonymously(server)).client;
    const adminRoutes = appRoutes(server.app).filter((route) =>
      route.url.startsWith("/api/admin/"),
    );
    expect(adminRoutes.length).toBeGreaterThan(0);
    const answers = [];
    for (const { method, url } of adminRoutes) {
      const response = await client.request(
        method,
        fillPath(url, {}),
        method === "GET" ? undefined : {},
      );
      answers.push({
        route: routeKey(method, url),
        status: response.status,
        code: response.body.error?.code,
      });
    }
    expect(answers).toEqual(
      adminRoutes.map(({ method, url }) => ({
        route: routeKey(method, url),
        status: 403,
        code: ErrorCode.FORBIDDEN,
      })),
    );
  });
});

/**
 * Other spellings of `path` that a URL parser reads as `path` (dot segments, an empty or encoded
 * segment); each must be refused before routing, so that none reaches a route around its checks.
 */
function dotSegmentSpellings(path: string): string[] {
  return [
    `/.${path}`,
    `/${path}`,
    `/%2e${path}`,
    `/%2E${path}`,
    `/x/..${path}`,
    `/x/%2e%2e${path}`,
    path.replace(/\/([^/]*)$/, "/./$1"),
    path.replace(/\/([^/]*)$/, "/x/../$1"),
  ];
}

describe("every route through a non-canonical spelling of its path", () => {
  it("answers 400 REQUEST_PATH_INVALID, signed in or not, and changes nothing", async () => {
    const routes = appRoutes(server.app).filter(({ url }) => !url.startsWith("/api/docs"));
    const before = await snapshot();
    const answers = [];
    const expected = [];
    for (const { method, url } of routes) {
      // The catch-alls: better-auth's `/api/auth/*` and the CORS preflight's `*`.
      const pattern = url === "*" ? "/api/health" : url.replace("*", "sign-in/email");
      const path = fillPath(pattern, pathIds(aIds));
      for (const spelling of dotSegmentSpellings(path)) {
        for (const client of [b.client, server.client()]) {
          const hasBody = !["GET", "DELETE", "OPTIONS"].includes(method);
          const body = VALID_BODIES[routeKey(method, url)] ?? (hasBody ? {} : undefined);
          const response = await client.request(method, spelling, body);
          expectNothingOfA(response);
          const route = `${method} ${spelling}`;
          answers.push({ route, status: response.status, code: response.body?.error?.code });
          expected.push({ route, status: 400, code: ErrorCode.REQUEST_PATH_INVALID });
        }
      }
    }
    expect(answers).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  });
});

describe("private routes", () => {
  it("answer 401 UNAUTHENTICATED to a signed-out client, even for real ids", async () => {
    const privateRoutes = appRoutes(server.app).filter(({ method, url }) => !isPublic(method, url));
    expect(privateRoutes.length).toBeGreaterThan(15);
    const client = server.client();
    const answers = [];
    for (const { method, url } of privateRoutes) {
      const body =
        VALID_BODIES[routeKey(method, url)] ??
        (method === "GET" || method === "DELETE" ? undefined : {});
      const response = await client.request(method, fillPath(url, pathIds(aIds)), body);
      expectNothingOfA(response);
      answers.push({
        route: routeKey(method, url),
        status: response.status,
        code: response.body.error?.code,
        cacheControl: response.headers.get("cache-control"),
      });
    }
    expect(answers).toEqual(
      privateRoutes.map(({ method, url }) => ({
        route: routeKey(method, url),
        status: 401,
        code: ErrorCode.UNAUTHENTICATED,
        cacheControl: "no-store",
      })),
    );
  });
});

/** Routes that end the session or the account: called last, so the others run signed in. */
const isSessionEnding = (url: string) => /sign-out|delete|revoke/.test(url) || url === "/api/me";

describe("Cache-Control", () => {
  it("every route of the app answers a signed-in user with no-store", async () => {
    const c = await signUpVerified(server);
    const folder = (await c.client.post("/api/folders", { title: "C" })).body.folder;
    const memo = (await c.client.post("/api/memos", { folderId: folder.id, title: "C" })).body.memo;
    const countryCode = (await c.client.get("/api/me")).body.user.countryCode;
    const ids: Record<string, string> = {
      folderId: folder.id,
      memoId: memo.id,
      countryCode,
      shareToken: memo.id,
      opId: newOpId(),
      // An id of no image: the answer is an error, which is never stored.
      attachmentId: randomId(),
      importId: randomId(),
      kind: "memo",
      id: randomId(),
    };
    const routes = appRoutes(server.app)
      .filter(({ url }) => url.startsWith("/api/") && !url.startsWith("/api/docs"))
      .filter(({ url }) => !url.includes("*"))
      .sort((x, y) => Number(isSessionEnding(x.url)) - Number(isSessionEnding(y.url)));
    expect(routes.length).toBeGreaterThan(30);
    const answers = [];
    for (const { method, url } of routes) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const response = await c.client.request(method, fillPath(url, ids), body);
      answers.push({
        route: routeKey(method, url),
        cacheControl: response.headers.get("cache-control"),
      });
    }
    expect(answers).toEqual(
      routes.map(({ method, url }) => ({ route: routeKey(method, url), cacheControl: "no-store" })),
    );
  });
});
