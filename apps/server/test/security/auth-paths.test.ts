import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestClient, tallyAnswers } from "../helpers/client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { clientFromFreshIp, signUpVerified, uniqueEmail } from "../helpers/users.js";

// Every rule the app puts around better-auth's endpoints, tried through every other spelling of
// the endpoint's path. better-auth resolves a path the way the URL parser does; our routes see
// the raw text. No spelling may reach an endpoint around its rules.

/** Other spellings of `/api/auth/<rest>`, each naming the same endpoint to a URL parser. */
function spellingsOf(rest: string): string[] {
  const [first = "", ...others] = rest.split("/");
  const spellings = [
    `/api/auth/./${rest}`,
    `/api/auth//${rest}`,
    `/api/auth/%2e/${rest}`,
    `/api/auth/%2E/${rest}`,
    `/api/auth/x/../${rest}`,
    `/api/auth/x/%2e%2e/${rest}`,
    `/api/auth/x/.%2E/${rest}`,
    `/api/auth\\${rest}`,
    `/api/auth/${rest}/.`,
    `/api/./auth/${rest}`,
    `//api/auth/${rest}`,
  ];
  if (others.length > 0) spellings.push(`/api/auth/${first}%2f${others.join("/")}`);
  if (others.length > 0) spellings.push(`/api/auth/${first}%2F${others.join("%2F")}`);
  if (others.length > 0) spellings.push(`/api/auth/${first}/./${others.join("/")}`);
  return spellings;
}

/** Spellings the router sends to better-auth's catch-all rather than refusing outright. */
function routedSpellingsOf(rest: string): string[] {
  return [`/api/auth/${rest}/`, `/api/auth/${rest.toUpperCase()}`];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function sendAll(client: TestClient, paths: string[], body: () => unknown) {
  const responses = [];
  for (const path of paths) responses.push(await client.post(path, body()));
  return responses;
}

describe("a non-canonical path", () => {
  it.each(spellingsOf("sign-in/email"))("%s is refused with REQUEST_PATH_INVALID", async (path) => {
    const response = await clientFromFreshIp(server).post(path, {
      email: uniqueEmail(),
      password: "whatever1",
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("REQUEST_PATH_INVALID");
  });

  it.each([
    "/api/./health",
    "/api//health",
    "/api/%2e/health",
    "/api/x/../health",
    "/api/memos/%2F",
    "/api/memos%5c",
    "/./",
  ])("GET %s is refused as well, whatever route it would reach", async (path) => {
    const response = await server.client().get(path);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("REQUEST_PATH_INVALID");
  });

  it("is told from an encoded slash in the query, which stays allowed", async () => {
    const response = await server.client().get("/api/health?next=%2F..%2Fx");
    expect(response.status).toBe(200);
  });
});

describe("per-IP limits through other spellings", () => {
  it("sign-in: 45 wrong passwords from one address get no answer but REQUEST_PATH_INVALID", async () => {
    const { email } = await signUpVerified(server);
    const client = clientFromFreshIp(server);
    const paths = spellingsOf("sign-in/email");
    const responses = await sendAll(
      client,
      Array.from({ length: 45 }, (_, i) => paths[i % paths.length] ?? ""),
      () => ({ email, password: "guessed wrong" }),
    );
    expect(tallyAnswers(responses)).toEqual({ "400 REQUEST_PATH_INVALID": 45 });
  });

  it.each([
    ["sign-up/email", () => ({ email: uniqueEmail(), password: "long enough 1" })],
    ["sign-in/anonymous", () => ({})],
    ["request-password-reset", () => ({ email: uniqueEmail() })],
    ["send-verification-email", () => ({ email: uniqueEmail() })],
  ])("%s: nothing is created or mailed through another spelling", async (rest, body) => {
    const client = clientFromFreshIp(server);
    const usersBefore = await server.db.kysely
      .selectFrom("auth_users")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    const mailsBefore = server.mailbox.received.length;
    const paths = [...spellingsOf(rest), ...routedSpellingsOf(rest)];
    const responses = await sendAll(client, paths, body);
    for (const response of responses) expect(response.status).toBeGreaterThanOrEqual(400);
    expect(tallyAnswers(responses)).toEqual({
      "400 REQUEST_PATH_INVALID": spellingsOf(rest).length,
      "404 NOT_FOUND": 2,
    });
    const usersAfter = await server.db.kysely
      .selectFrom("auth_users")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(usersAfter.n)).toBe(Number(usersBefore.n));
    expect(server.mailbox.received.length).toBe(mailsBefore);
  });
});

describe("per-account rules through other spellings", () => {
  it("a locked account cannot sign in, and wrong passwords there are never checked", async () => {
    const victim = await signUpVerified(server);
    const paths = [...spellingsOf("sign-in/email"), ...routedSpellingsOf("sign-in/email")];
    const wrong = await sendAll(clientFromFreshIp(server), paths, () => ({
      email: victim.email,
      password: "guessed wrong",
    }));
    expect(wrong.every((r) => r.status === 400 || r.status === 404)).toBe(true);
    for (const path of paths) {
      const right = await clientFromFreshIp(server).post(path, {
        email: victim.email,
        password: victim.password,
      });
      expect(right.status, path).toBeGreaterThanOrEqual(400);
      expect(right.headers.getSetCookie().join(";")).not.toContain("session_token=");
    }
  });

  it("change-email always needs the current password", async () => {
    const { client, email } = await signUpVerified(server);
    const paths = [...spellingsOf("change-email"), ...routedSpellingsOf("change-email")];
    const responses = await sendAll(client, paths, () => ({ newEmail: uniqueEmail("moved") }));
    expect(responses.every((r) => r.status === 400 || r.status === 404)).toBe(true);
    for (const { to } of server.mailbox.received) expect(to).not.toMatch(/^moved-/);
    expect((await client.get("/api/me")).body.user.email).toBe(email);
  });

  it("change-password always ends the other sessions (and never runs elsewhere)", async () => {
    const { client, email, password } = await signUpVerified(server);
    const otherDevice = clientFromFreshIp(server);
    await otherDevice.post("/api/auth/sign-in/email", { email, password });
    const paths = [...spellingsOf("change-password"), ...routedSpellingsOf("change-password")];
    const responses = await sendAll(client, paths, () => ({
      currentPassword: password,
      newPassword: "a newer password",
      revokeOtherSessions: false,
    }));
    expect(responses.every((r) => r.status === 400 || r.status === 404)).toBe(true);
    expect((await otherDevice.get("/api/me")).status).toBe(200);
    const signIn = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password,
    });
    expect(signIn.status).toBe(200);
  });
});

describe("better-auth's endpoints", () => {
  /** A request straight to better-auth's handler, as a spelling our router missed would arrive. */
  const direct = (path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) =>
    server.app.auth.handler(
      new Request(`${server.baseUrl}/api/auth${path}`, {
        method: init.method ?? "POST",
        headers: {
          origin: server.baseUrl,
          "content-type": "application/json",
          ...(init.cookie && { cookie: init.cookie }),
        },
        ...(init.method !== "GET" && { body: JSON.stringify(init.body ?? {}) }),
      }),
    );

  it.each([
    "/sign-in/email",
    "/sign-up/email",
    "/sign-in/anonymous",
    "/request-password-reset",
    "/send-verification-email",
    "/change-email",
    "/change-password",
    "/delete-user",
  ])("%s answers only requests that passed our route's rules", async (path) => {
    const { client, email, password } = await signUpVerified(server);
    const response = await direct(path, {
      cookie: client.cookieHeader(),
      body: { email, password, currentPassword: password, newPassword: "x".repeat(10) },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it.each([
    ["POST", "update-user"],
    ["POST", "verify-password"],
    ["POST", "update-session"],
    ["POST", "revoke-session"],
    ["POST", "revoke-sessions"],
    ["POST", "revoke-other-sessions"],
    ["POST", "link-social"],
    ["GET", "list-accounts"],
    ["POST", "unlink-account"],
    ["POST", "refresh-token"],
    ["POST", "get-access-token"],
    ["GET", "account-info"],
    ["POST", "delete-anonymous-user"],
    ["GET", "delete-user/callback"],
    ["GET", "reset-password/sometoken"],
    ["GET", "ok"],
  ])("%s %s, which the app does not use, is closed", async (method, rest) => {
    const { client } = await signUpVerified(server);
    const response = await client.request(
      method,
      `/api/auth/${rest}`,
      method === "GET" ? undefined : {},
    );
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
  });
});

describe("POST /api/auth/update-user (item 4: it would skip PATCH /api/me's rules)", () => {
  it.each([
    ["a 100,000-character name", { name: "가".repeat(100_000) }],
    ["a blank name", { name: "   " }],
    ["a javascript: photo", { image: "javascript:alert(1)" }],
    ["a data:text/html photo", { image: "data:text/html,<script>alert(1)</script>" }],
  ])("stores nothing for %s, through any spelling", async (_case, body) => {
    const { client, userId } = await signUpVerified(server, { name: "원래" });
    const paths = ["/api/auth/update-user", ...spellingsOf("update-user")];
    for (const path of paths) {
      const response = await client.post(path, body);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
    }
    const stored = await server.db.kysely
      .selectFrom("auth_users")
      .innerJoin("users", "users.id", "auth_users.id")
      .select([
        "auth_users.name",
        "auth_users.image",
        "users.name as profileName",
        "users.photo_url",
      ])
      .where("auth_users.id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: "원래", image: null, profileName: "원래", photo_url: null });
  });
});
