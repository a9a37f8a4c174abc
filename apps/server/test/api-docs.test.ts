import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  calendarResponseSchema,
  ErrorCode,
  folderResponseSchema,
  foldersResponseSchema,
  homeReviewListResponseSchema,
  listMemosResponseSchema,
  memoResponseSchema,
  memoShareResponseSchema,
  memoSummaryResponseSchema,
  meResponseSchema,
  publicMemoResponseSchema,
  scratchTextResponseSchema,
  statsResponseSchema,
  syncChangesResponseSchema,
  syncOpsResponseSchema,
  updateMemoResponseSchema,
} from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { TestResponse } from "./helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "./helpers/factories.js";
import { appRoutes } from "./helpers/routes.js";
import { startTestServer, type TestServer } from "./helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "./helpers/users.js";

/** Routes kept out of the docs on purpose: plumbing, and better-auth's own routes. */
const HIDDEN_ROUTES = new Set([
  "GET /",
  "GET /api/health",
  "GET /api/csrf",
  "POST /api/auth/sign-in/anonymous",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/send-verification-email",
]);

/** Documented routes that take no input at all (no params, query or body). */
const WITHOUT_INPUT = new Set([
  "GET /api/folders",
  "GET /api/text",
  "GET /api/me",
  "GET /api/auth-providers",
  "GET /api/ready",
  "GET /api/tags",
  "GET /api/fsrs/parameters",
  "GET /api/imports",
  "GET /api/trash",
  "POST /api/fsrs/optimize",
]);

/** Writes whose only input is their path. */
const WITHOUT_BODY = new Set([
  "PUT /api/memos/:memoId/share",
  "DELETE /api/memos/:memoId/share",
  "POST /api/fsrs/optimize",
]);

const isWrite = (method: string) => ["POST", "PUT", "PATCH"].includes(method);

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: unknown }> }
  >;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The answer's body is exactly what the schema describes: no field missing, none unlisted. */
function expectShape(schema: z.ZodType, response: TestResponse, status = 200): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(schema.parse(response.body)).toEqual(response.body);
}

let server: TestServer;
let spec: OpenApiDocument;

beforeAll(async () => {
  // Dev mode adds its sign-in route and makes every user an admin.
  server = await startTestServer({
    env: { WEB_DIST: join(tmpdir(), "mnemo-no-web-build"), MNEMO_DEV: "1" },
  });
  const response = await server.client().get<OpenApiDocument>("/api/docs/json");
  expect(response.status).toBe(200);
  spec = response.body;
});

afterAll(async () => {
  await server?.close();
});

describe("GET /api/docs/json", () => {
  const documented = () =>
    appRoutes(server.app).filter(
      ({ method, url }) =>
        !HIDDEN_ROUTES.has(`${method} ${url}`) &&
        !url.startsWith("/api/docs") &&
        !url.includes("*"),
    );

  it("describes every route with its input and its success answer", () => {
    const routes = documented();
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const operation = spec.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      expect(operation, `${key} is not in the docs (or belongs in HIDDEN_ROUTES)`).toBeDefined();
      if (!operation) continue;

      const successes = ["200", "201", "202", "204"].filter(
        (status) => operation.responses[status],
      );
      expect(successes, `${key} has no success answer`).not.toEqual([]);
      for (const status of successes) {
        const schema = operation.responses[status]?.content?.["application/json"]?.schema;
        if (status === "204") expect(schema, `${key} 204`).toBeUndefined();
        else expect(schema, `${key} ${status} has no schema`).toBeDefined();
      }

      const parameters = operation.parameters ?? [];
      for (const [, name] of url.matchAll(/:(\w+)/g)) {
        const parameter = parameters.find((p) => p.in === "path" && p.name === name);
        expect(parameter?.schema, `${key} documents :${name}`).toBeDefined();
      }
      const content = operation.requestBody?.content;
      const body = (content?.["application/json"] ?? content?.["multipart/form-data"])?.schema;
      if (isWrite(method) && !WITHOUT_BODY.has(key)) {
        expect(body, `${key} documents its body`).toBeDefined();
      }
      const hasInput = parameters.length > 0 || body !== undefined;
      expect(hasInput, `${key} documents its input (or belongs in WITHOUT_INPUT)`).toBe(
        !WITHOUT_INPUT.has(key),
      );
    }
  });

  it("answers an unknown address under /api/docs with 404 NOT_FOUND in the error shape", async () => {
    // The docs are answered by an app of their own (http/api-docs.ts), whose own not-found
    // answer would be Fastify's shape.
    for (const path of ["/api/docs/no-such-page", "/api/docs/static/no-such-file.js"]) {
      const response = await server.client().get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({
        error: { code: ErrorCode.NOT_FOUND, message: `no route GET ${path}` },
      });
    }
  });

  it("lists the error codes of a route under their status", () => {
    const review = spec.paths["/api/memos/{memoId}/reviews"]?.post;
    const codesOf = (status: string) => {
      const schema = review?.responses[status]?.content?.["application/json"]?.schema as
        | { properties: { error: { properties: { code: { enum: string[] } } } } }
        | undefined;
      return schema?.properties.error.properties.code.enum;
    };
    expect(codesOf("400")).toEqual([ErrorCode.VALIDATION_FAILED]);
    expect(codesOf("401")).toEqual([ErrorCode.UNAUTHENTICATED]);
    expect(codesOf("404")).toEqual([ErrorCode.MEMO_NOT_FOUND]);
    expect(codesOf("409")).toEqual([ErrorCode.OP_ID_CONFLICT]);
    expect(codesOf("413")).toEqual([ErrorCode.PAYLOAD_TOO_LARGE]);
  });
});

describe("documented routes", () => {
  let user: SignedUpUser;

  beforeAll(async () => {
    user = await signUpVerified(server);
  });

  it("still validate with parseInput: VALIDATION_FAILED with { path, issue } details", async () => {
    const memo = await buildMemo(user.client, { folderId: "root" });
    const priority = await user.client.post(`/api/memos/${memo.id}/priority`, {
      opId: "short",
      delta: 2,
      unknown: true,
    });
    expect(priority.status).toBe(400);
    expect(priority.body.error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(priority.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "opId", issue: expect.any(String) },
        { path: "delta", issue: expect.any(String) },
      ]),
    );

    const page = await user.client.get("/api/folders/root/memos?limit=abc");
    expect(page.status).toBe(400);
    expect(page.body.error).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      details: [{ path: "limit", issue: expect.any(String) }],
    });
    // Query values reach parseInput as the strings they are; it reads the integer itself.
    const limited = await user.client.get("/api/folders/root/memos?limit=1");
    expect(limited.status).toBe(200);
    expect(limited.body.memos).toHaveLength(1);
  });

  it("answer exactly the documented shapes", async () => {
    const { client } = user;
    const folder = await buildFolder(client);
    expectShape(folderResponseSchema, await client.get(`/api/folders/${folder.id}`));
    expectShape(foldersResponseSchema, await client.get("/api/folders"));
    const created = await client.post("/api/memos", { folderId: folder.id, title: "모양" });
    expectShape(memoResponseSchema, created, 201);
    const memoId: string = created.body.memo.id;
    expectShape(memoResponseSchema, await client.get(`/api/memos/${memoId}`));
    expectShape(
      updateMemoResponseSchema,
      await client.patch(`/api/memos/${memoId}`, { contents: "<p>본문</p>", baseRevision: 1 }),
    );
    expectShape(
      memoSummaryResponseSchema,
      await client.post(`/api/memos/${memoId}/reviews`, { opId: newOpId() }),
    );
    expectShape(
      memoSummaryResponseSchema,
      await client.post(`/api/memos/${memoId}/priority`, { opId: newOpId(), delta: 1 }),
    );
    const share = await client.put(`/api/memos/${memoId}/share`);
    expectShape(memoShareResponseSchema, share);
    expectShape(
      publicMemoResponseSchema,
      await server
        .client()
        .get(`/api/public/${share.body.share.countryCode}/memos/${share.body.share.shareToken}`),
    );
    expectShape(
      listMemosResponseSchema,
      await client.get(`/api/folders/${folder.id}/memos?sort=review_count_desc`),
    );
    expectShape(homeReviewListResponseSchema, await client.get("/api/home/review-list"));
    const today = new Date().toISOString().slice(0, 10);
    expectShape(
      calendarResponseSchema,
      await client.get(`/api/calendar?from=${today}&to=${today}`),
    );
    expectShape(
      statsResponseSchema,
      await client.get(`/api/stats?from=${today}&to=${today}&tz=Asia/Seoul`),
    );
    expectShape(syncChangesResponseSchema, await client.get("/api/sync/changes"));
    expectShape(
      syncOpsResponseSchema,
      await client.post("/api/sync/ops", {
        ops: [
          { kind: "memo.complete", opId: newOpId(), memoId },
          { kind: "memo.delete", opId: newOpId(), memoId: "nobody" },
        ],
      }),
    );
    expectShape(scratchTextResponseSchema, await client.put("/api/text", { contents: "<p>x</p>" }));
    expectShape(meResponseSchema, await client.get("/api/me"));
  });
});
