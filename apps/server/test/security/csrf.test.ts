import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { signUpVerified } from "../helpers/users.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const entry = { code: "X", country: "KR", message: "csrf probe", userKey: null };

async function storedProbes(): Promise<number> {
  const rows = await server.db.kysely
    .selectFrom("error_logs")
    .select("id")
    .where("message", "=", entry.message)
    .execute();
  return rows.length;
}

describe("anti-forgery on state-changing requests", () => {
  it("accepts a request whose X-XSRF-TOKEN equals the XSRF-TOKEN cookie", async () => {
    const before = await storedProbes();
    const response = await server.client().post("/api/logs", entry);
    expect(response.status).toBe(201);
    expect(await storedProbes()).toBe(before + 1);
  });

  it("refuses a request without the header", async () => {
    const client = server.client();
    await client.ensureXsrf();
    const before = await storedProbes();
    const response = await client.request("POST", "/api/logs", entry, { xsrf: false });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
    expect(await storedProbes()).toBe(before);
  });

  it("refuses a header that differs from the cookie", async () => {
    const client = server.client();
    await client.ensureXsrf();
    const response = await client.request("POST", "/api/logs", entry, {
      headers: { "x-xsrf-token": "forged.value" },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
  });

  it("refuses a matching pair that was not issued by the server", async () => {
    const client = server.client();
    client.cookies.set("XSRF-TOKEN", "made.up");
    const response = await client.request("POST", "/api/logs", entry, {
      headers: { "x-xsrf-token": "made.up" },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
  });

  it("refuses a foreign Origin even with a valid token", async () => {
    const client = server.client();
    await client.ensureXsrf();
    const response = await client.request("POST", "/api/logs", entry, {
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
  });

  it("binds the token to the session: another session's token is refused", async () => {
    const alice = await signUpVerified(server);
    const bob = await signUpVerified(server);
    await alice.client.get("/api/csrf");
    const aliceToken = alice.client.cookies.get("XSRF-TOKEN") ?? "";
    bob.client.cookies.set("XSRF-TOKEN", aliceToken);
    const response = await bob.client.request(
      "POST",
      "/api/subjects",
      { names: ["x"] },
      {
        headers: { "x-xsrf-token": decodeURIComponent(aliceToken) },
      },
    );
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
  });

  it("re-issues the token when the session changes at sign-in", async () => {
    const client = server.client();
    await client.ensureXsrf();
    const signedOutToken = client.cookies.get("XSRF-TOKEN");
    const { email, password } = await signUpVerified(server);
    const signIn = await client.post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    expect(client.cookies.get("XSRF-TOKEN")).not.toBe(signedOutToken);
    const response = await client.post("/api/subjects", { names: ["세션"] });
    expect(response.status).toBe(200);
  });

  it("lets GET requests through without a token", async () => {
    const response = await server.client().get("/api/health");
    expect(response.status).toBe(200);
  });
});
