import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../src/auth/auth.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { clientFromFreshIp, signUpVerified, uniqueEmail } from "../helpers/users.js";

const HOUR_MS = 60 * 60 * 1000;

// A clock the tests can move: the per-account limit counts failures of the last hour.
let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

describe("POST /api/auth/sign-in/email", () => {
  it("signs in with a session cookie that is HttpOnly and SameSite=Lax", async () => {
    const { email, password } = await signUpVerified(server);
    const client = clientFromFreshIp(server);
    const response = await client.post("/api/auth/sign-in/email", { email, password });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Plain http here; behind https the cookie is Secure and __Secure- prefixed.
    expect(cookie).not.toMatch(/Secure/);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("marks the cookie Secure, with the __Secure- prefix, when the public URL is https", async () => {
    const auth = createAuth({
      ...server.app.deps,
      config: { ...server.config, publicUrl: "https://mnemo.example" },
    });
    const { sessionToken } = (await auth.$context).authCookies;
    expect(sessionToken.name).toBe("__Secure-better-auth.session_token");
    expect(sessionToken.attributes).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: "lax",
    });
  });

  it("accepts the address in another letter case and with spaces around it", async () => {
    const { email, password } = await signUpVerified(server);
    const response = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email: `  ${email.toUpperCase()} `,
      password,
    });
    expect(response.status).toBe(200);
  });

  it.each([
    [
      "an unknown address",
      () => ({ email: uniqueEmail(), password: "whatever1" }),
      401,
      "AUTH_USER_NOT_FOUND",
    ],
    [
      "a malformed address",
      () => ({ email: "no-at-sign", password: "whatever1" }),
      400,
      "AUTH_INVALID_EMAIL",
    ],
  ])("refuses %s", async (_case, body, status, code) => {
    const response = await clientFromFreshIp(server).post("/api/auth/sign-in/email", body());
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
  });

  it("refuses a wrong password with AUTH_WRONG_PASSWORD and no session", async () => {
    const { email } = await signUpVerified(server);
    const client = clientFromFreshIp(server);
    const response = await client.post("/api/auth/sign-in/email", {
      email,
      password: "not the password",
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("AUTH_WRONG_PASSWORD");
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("answers the native apps' bearer token, usable without cookies", async () => {
    const { email, password } = await signUpVerified(server);
    const signIn = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password,
    });
    const token = signIn.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const native = server.client();
    const me = await native.get("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    const forged = await native.get("/api/me", { headers: { authorization: "Bearer forged.x" } });
    expect(forged.status).toBe(401);
  });
});

describe("sign-in limits", () => {
  it("refuses the 31st attempt within a minute from one address with AUTH_TOO_MANY_REQUESTS", async () => {
    const client = clientFromFreshIp(server);
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await client.post("/api/auth/sign-in/email", {
        email: uniqueEmail(),
        password: "whatever1",
      });
      expect(response.body.error.code).toBe("AUTH_USER_NOT_FOUND");
    }
    const refused = await client.post("/api/auth/sign-in/email", {
      email: uniqueEmail(),
      password: "whatever1",
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("AUTH_TOO_MANY_REQUESTS");
    const elsewhere = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email: uniqueEmail(),
      password: "whatever1",
    });
    expect(elsewhere.body.error.code).toBe("AUTH_USER_NOT_FOUND");
  });

  it("refuses an account's 101st attempt after 100 failures in an hour, from any address and even with the right password", async () => {
    const victim = await signUpVerified(server);
    const bystander = await signUpVerified(server);
    const wrongAttempt = () =>
      clientFromFreshIp(server).post("/api/auth/sign-in/email", {
        email: victim.email,
        password: "guessed wrong",
      });
    for (let batch = 0; batch < 5; batch++) {
      const responses = await Promise.all(Array.from({ length: 20 }, wrongAttempt));
      expect(responses.map((r) => r.body.error.code)).toEqual(
        Array(20).fill("AUTH_WRONG_PASSWORD"),
      );
    }
    const signIn = () =>
      clientFromFreshIp(server).post("/api/auth/sign-in/email", {
        email: victim.email,
        password: victim.password,
      });
    const refused = await signIn();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("AUTH_TOO_MANY_REQUESTS");

    const other = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email: bystander.email,
      password: bystander.password,
    });
    expect(other.status).toBe(200);

    clock += HOUR_MS + 1;
    expect((await signIn()).status).toBe(200);
  });
});

describe("better-auth's own origin check", () => {
  // Our anti-forgery plugin refuses foreign origins before better-auth is reached, so these
  // requests go to better-auth's handler directly: it must refuse them too (defence in depth,
  // and NODE_ENV=test would otherwise switch the check off).
  const request = (path: string, origin: string, headers: Record<string, string>, body: unknown) =>
    new Request(`${server.baseUrl}/api/auth${path}`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("refuses a cookie-authenticated change from a foreign Origin and accepts ours", async () => {
    const { client } = await signUpVerified(server);
    const cookie = client.cookieHeader();
    const foreign = await server.app.auth.handler(
      request("/sign-out", "https://evil.example", { cookie }, {}),
    );
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: "INVALID_ORIGIN" });
    expect((await client.get("/api/me")).status).toBe(200);

    const ours = await server.app.auth.handler(
      request("/sign-out", server.baseUrl, { cookie }, {}),
    );
    expect(ours.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("refuses a sign-in posted from a foreign Origin", async () => {
    const { email, password } = await signUpVerified(server);
    const foreign = await server.app.auth.handler(
      request("/sign-in/email", "https://evil.example", {}, { email, password }),
    );
    // Refused before the origin is even looked at: only our sign-in route may reach it.
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.headers.getSetCookie()).toEqual([]);
  });
});

describe("POST /api/auth/sign-out", () => {
  it("ends the session and keeps the account", async () => {
    const { client, email, password, userId } = await signUpVerified(server);
    const response = await client.post("/api/auth/sign-out", {});
    expect(response.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    const again = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password,
    });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(userId);
  });
});
