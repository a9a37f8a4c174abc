import { ErrorCode } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../helpers/users.js";

// Issue 16 item 8: the Capacitor Android origin http://localhost was trusted with credentials,
// so a page of any web server on http://localhost read and wrote a signed-in account. The native
// shells are trusted by their exact origins (capacitor://localhost, https://localhost) and only
// with their bearer token: a request from those origins is treated as carrying no cookies.

let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

/** A request from a page at `origin` in the user's browser: their cookies, and the XSRF token. */
function fromPage(origin: string, method: string, path: string, body?: unknown) {
  const xsrf = user.client.cookies.get("XSRF-TOKEN") ?? "";
  return fetch(new URL(path, server.baseUrl), {
    method,
    headers: {
      origin,
      cookie: user.client.cookieHeader(),
      "x-xsrf-token": decodeURIComponent(xsrf),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

async function folderTitles(): Promise<string[]> {
  const response = await user.client.get("/api/folders");
  return response.body.folders.map((folder: { title: string }) => folder.title);
}

describe("a page on http://localhost with the user's cookies", () => {
  it("cannot read: no CORS answer lets the browser hand it over", async () => {
    await user.client.ensureXsrf();
    const me = await fromPage("http://localhost", "GET", "/api/me");
    expect(me.headers.get("access-control-allow-origin")).toBeNull();
    expect(me.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await fetch(new URL("/api/folders", server.baseUrl), {
      method: "OPTIONS",
      headers: { origin: "http://localhost", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("cannot write: CSRF_REJECTED, nothing stored", async () => {
    const response = await fromPage("http://localhost", "POST", "/api/folders", {
      title: "from http://localhost",
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      ErrorCode.CSRF_REJECTED,
    );
    expect(await folderTitles()).not.toContain("from http://localhost");
  });
});

describe("a page on a native shell's origin with the user's cookies", () => {
  it.each(["https://localhost", "capacitor://localhost"])(
    "%s is not signed in by them: reads and writes answer 401 and set no cookie",
    async (origin) => {
      const me = await fromPage(origin, "GET", "/api/me");
      expect(me.status).toBe(401);
      const write = await fromPage(origin, "POST", "/api/folders", { title: `from ${origin}` });
      expect(write.status).toBe(401);
      expect(((await write.json()) as { error: { code: string } }).error.code).toBe(
        ErrorCode.UNAUTHENTICATED,
      );
      expect(write.headers.getSetCookie()).toEqual([]);
      expect(await folderTitles()).not.toContain(`from ${origin}`);
    },
  );
});

describe("the native shells with their bearer token", () => {
  it.each(["https://localhost", "capacitor://localhost"])(
    "%s signs in without cookies or XSRF token, then reads and writes with the bearer token",
    async (origin) => {
      const native = server.client();
      native.headers.origin = origin;
      native.headers["x-forwarded-for"] = "203.0.113.20";
      const signIn = await native.request(
        "POST",
        "/api/auth/sign-in/email",
        { email: user.email, password: user.password },
        { xsrf: false },
      );
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get("access-control-allow-origin")).toBe(origin);
      expect(signIn.headers.getSetCookie()).toEqual([]);
      const token = signIn.headers.get("set-auth-token");
      expect(token).toBeTruthy();
      const bearer = { authorization: `Bearer ${token}` };
      const me = await native.get("/api/me", { headers: bearer });
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe(user.email);
      const folder = await native.request(
        "POST",
        "/api/folders",
        { title: `native ${origin}` },
        { xsrf: false, headers: bearer },
      );
      expect(folder.status).toBe(201);
      expect(await folderTitles()).toContain(`native ${origin}`);
    },
  );
});
