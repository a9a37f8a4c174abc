// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setTokenStoreForTesting } from "./auth-token";

// The API client inside the native apps: calls go to VITE_API_ORIGIN, the bearer token the server
// answers with (better-auth's `set-auth-token`) is stored in Preferences and sent back, and the
// anti-forgery token comes from /api/csrf's body. A real HTTP server answers; the native bridge
// and the Preferences plugin are fakes (they cannot run here).

let server: Server;
let origin = "";
const received: IncomingMessage[] = [];
let client: typeof import("../api/client");

const preferences = new Map<string, string>();
const fakePreferences = {
  get: async ({ key }: { key: string }) => ({ value: preferences.get(key) ?? null }),
  set: async ({ key, value }: { key: string; value: string }) => {
    preferences.set(key, value);
  },
  remove: async ({ key }: { key: string }) => {
    preferences.delete(key);
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    response.setHeader("content-type", "application/json");
    if (request.url === "/api/csrf") {
      response.end(JSON.stringify({ token: "xsrf-from-body" }));
    } else if (request.url === "/api/auth/sign-in/email") {
      response.setHeader("set-auth-token", "session-token-1");
      response.end(JSON.stringify({ ok: true }));
    } else {
      response.end(JSON.stringify({ ok: true }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // What the native shell injects before the app's scripts run.
  (globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => "ios",
  };
  // The origin is read once, when the client module loads.
  vi.stubEnv("VITE_API_ORIGIN", `${origin}/`);
  client = await import("../api/client");
  setTokenStoreForTesting(fakePreferences);
  client.provideAuthTokenStore(import("./auth-token"));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  setTokenStoreForTesting(null);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

describe("the API client on native", () => {
  it("calls the API's absolute origin, without a bearer header before sign-in", async () => {
    expect(await client.api("GET", "/api/me")).toEqual({ ok: true });
    expect(received.map((request) => request.url)).toEqual(["/api/me"]);
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it("sends the anti-forgery token from /api/csrf's body (the cookie is another origin's)", async () => {
    await client.api("POST", "/api/auth/sign-in/email", { email: "a@b.c", password: "pw" });
    expect(received.map((request) => request.url)).toEqual([
      "/api/csrf",
      "/api/auth/sign-in/email",
    ]);
    expect(received[1]?.headers["x-xsrf-token"]).toBe("xsrf-from-body");
  });

  it("stores the token a sign-in answers with and sends it as a bearer header", async () => {
    expect([...preferences.values()]).toEqual(["session-token-1"]);
    await client.api("GET", "/api/me");
    expect(received[0]?.headers.authorization).toBe("Bearer session-token-1");
  });

  it("forgets the token on sign-out", async () => {
    await client.api("POST", "/api/auth/sign-out", {});
    expect(preferences.size).toBe(0);
    received.length = 0;
    await client.api("GET", "/api/me");
    expect(received[0]?.headers.authorization).toBeUndefined();
  });
});
