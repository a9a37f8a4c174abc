import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

// The native apps' web view calls the API from its own origin: exactly the trusted origins get
// CORS answers; any other origin gets none.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function corsHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => name.startsWith("access-control-")));
}

function preflight(origin: string) {
  return fetch(new URL("/api/sync/changes", server.baseUrl), {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization,content-type,x-xsrf-token",
    },
  });
}

describe("CORS", () => {
  it.each(["capacitor://localhost", "https://localhost"])(
    "answers a preflight from the trusted origin %s",
    async (origin) => {
      const response = await preflight(origin);
      expect(response.status).toBe(204);
      const headers = corsHeaders(response.headers);
      expect(headers["access-control-allow-origin"]).toBe(origin);
      expect(headers["access-control-allow-credentials"]).toBe("true");
      const allowed = headers["access-control-allow-headers"]?.split(/,\s*/) ?? [];
      expect(allowed).toEqual(
        expect.arrayContaining(["authorization", "content-type", "x-xsrf-token"]),
      );
      expect(headers["access-control-allow-methods"]).toContain("PATCH");
    },
  );

  it("lets a trusted origin read set-auth-token from an answer", async () => {
    const response = await fetch(new URL("/api/health", server.baseUrl), {
      headers: { origin: "capacitor://localhost" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("capacitor://localhost");
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-expose-headers")).toBe("set-auth-token");
  });

  it.each(["https://evil.example", "http://localhost", "http://localhost:8081"])(
    "sends no CORS header to %s, on a preflight or a request",
    async (origin) => {
      const refused = await preflight(origin);
      expect(corsHeaders(refused.headers)).toEqual({});
      expect(refused.status).not.toBe(204);
      const answer = await fetch(new URL("/api/health", server.baseUrl), {
        headers: { origin },
      });
      expect(answer.status).toBe(200);
      expect(corsHeaders(answer.headers)).toEqual({});
    },
  );
});
