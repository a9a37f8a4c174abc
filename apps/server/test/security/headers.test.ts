import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  // No web build here, whatever apps/web holds: the root address then leads to the API docs.
  server = await startTestServer({ env: { WEB_DIST: join(tmpdir(), "mnemo-no-web-build") } });
});
afterAll(async () => {
  await server.close();
});

describe("security headers", () => {
  it("sends a strict Content-Security-Policy and helmet's headers on API answers", async () => {
    const response = await server.client().get("/api/health");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends them on errors too", async () => {
    const response = await server.client().get("/api/no-such-route");
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("serves the API docs page with a policy that works over plain http", async () => {
    const response = await server.client().get("/api/docs/");
    expect(response.status).toBe(200);
    expect(response.body).toContain("swagger-ui");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("sends the address npm start prints to the API docs while no web app is built", async () => {
    const response = await server.client().get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/api/docs");
  });

  it("serves the OpenAPI description at /api/docs", async () => {
    const response = await server.client().get("/api/docs/json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/folders",
        "/api/memos/{memoId}/reviews",
        "/api/home/review-list",
      ]),
    );
  });
});
