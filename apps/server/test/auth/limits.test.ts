import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countLimitHit, deleteIdleLimits } from "../../src/auth/auth-limits.repo.js";
import { tallyAnswers } from "../helpers/client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { clientFromFreshIp, signUpVerified, uniqueEmail } from "../helpers/users.js";

// A clock the tests can move: mails are limited per minute and per day.
let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

describe("password checks per account", () => {
  it("checks at most 100 of 150 parallel wrong sign-ins", async () => {
    const victim = await signUpVerified(server);
    const responses = await Promise.all(
      Array.from({ length: 150 }, () =>
        clientFromFreshIp(server).post("/api/auth/sign-in/email", {
          email: victim.email,
          password: "guessed wrong",
        }),
      ),
    );
    expect(tallyAnswers(responses)).toEqual({
      "401 AUTH_WRONG_PASSWORD": 100,
      "429 AUTH_TOO_MANY_REQUESTS": 50,
    });
  });

  it("counts change-password, delete-user and change-email alike, and then refuses sign-in", async () => {
    const { client, email, password } = await signUpVerified(server);
    const wrong = "not my password";
    const attempts = [
      ...Array.from(
        { length: 40 },
        () => () =>
          client.post("/api/auth/change-password", {
            currentPassword: wrong,
            newPassword: "a newer password",
          }),
      ),
      ...Array.from(
        { length: 40 },
        () => () => client.post("/api/auth/delete-user", { password: wrong }),
      ),
      ...Array.from(
        { length: 40 },
        () => () =>
          client.post("/api/auth/change-email", {
            newEmail: uniqueEmail(),
            currentPassword: wrong,
          }),
      ),
    ];
    const responses = await Promise.all(attempts.map((attempt) => attempt()));
    expect(tallyAnswers(responses)).toEqual({
      "401 AUTH_REAUTHENTICATION_REQUIRED": 100,
      "429 AUTH_TOO_MANY_REQUESTS": 20,
    });
    const signIn = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password,
    });
    expect(signIn.status).toBe(429);
    expect(signIn.body.error.code).toBe("AUTH_TOO_MANY_REQUESTS");
    // The account itself is untouched.
    expect((await client.get("/api/me")).body.user.email).toBe(email);
  });

  it("does not count right passwords", async () => {
    const { client, email, password } = await signUpVerified(server);
    for (let i = 0; i < 4; i++) {
      const responses = await Promise.all(
        Array.from({ length: 30 }, () =>
          clientFromFreshIp(server).post("/api/auth/sign-in/email", { email, password }),
        ),
      );
      expect(tallyAnswers(responses)).toEqual({ "200 ok": 30 });
    }
    expect((await client.get("/api/me")).status).toBe(200);
  });
});

describe("mails per address", () => {
  const isLinkOf = { reset: "/find-account?token=", verify: "/api/auth/verify-email?" };
  const mailsTo = (email: string, kind: "reset" | "verify") =>
    server.mailbox.received.filter(
      (m) => m.to === email && m.links.some((l) => l.includes(isLinkOf[kind])),
    ).length;

  it("sends one reset mail a minute and ten a day, answering every request alike", async () => {
    const { email } = await signUpVerified(server);
    const unknown = uniqueEmail("nobody");
    const statuses: number[] = [];
    for (let minute = 0; minute < 12; minute++) {
      for (let i = 0; i < 3; i++) {
        for (const address of [email, unknown]) {
          const response = await clientFromFreshIp(server).post(
            "/api/auth/request-password-reset",
            {
              email: address,
            },
          );
          statuses.push(response.status);
        }
      }
      await expect.poll(() => mailsTo(email, "reset")).toBe(Math.min(minute + 1, 10));
      clock += 60_000;
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(mailsTo(email, "reset")).toBe(10);
    expect(mailsTo(unknown, "reset")).toBe(0);
    // A day later the address gets mail again.
    clock += 24 * 60 * 60_000;
    await clientFromFreshIp(server).post("/api/auth/request-password-reset", { email });
    await expect.poll(() => mailsTo(email, "reset")).toBe(11);
  });

  it("sends one verification mail a minute, whether asked at sign-up or on resend", async () => {
    const email = uniqueEmail();
    const client = clientFromFreshIp(server);
    await client.post("/api/auth/sign-up/email", { email, password: "long enough" });
    await expect.poll(() => mailsTo(email, "verify")).toBe(1);
    for (let i = 0; i < 5; i++) {
      const resend = await clientFromFreshIp(server).post("/api/auth/send-verification-email", {
        email,
      });
      expect(resend.status).toBe(200);
    }
    expect(mailsTo(email, "verify")).toBe(1);
    clock += 60_000;
    await clientFromFreshIp(server).post("/api/auth/send-verification-email", { email });
    await expect.poll(() => mailsTo(email, "verify")).toBe(2);
  });
});

describe("counters", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("count hits in fixed windows, starting again once a window has ended", async () => {
    const key = `test:${uniqueEmail()}`;
    const at = Date.UTC(2026, 10, 29, 12);
    expect(await countLimitHit(server.db, key, 60_000, at)).toEqual({
      hits: 1,
      windowStartedAt: at,
    });
    expect(await countLimitHit(server.db, key, 60_000, at + 59_999)).toEqual({
      hits: 2,
      windowStartedAt: at,
    });
    expect(await countLimitHit(server.db, key, 60_000, at + 60_000)).toEqual({
      hits: 1,
      windowStartedAt: at + 60_000,
    });
  });

  it("idle for a day are swept, and only those", async () => {
    const idle = `test:${uniqueEmail()}`;
    const recent = `test:${uniqueEmail()}`;
    const now = Date.UTC(2026, 10, 29, 12);
    await countLimitHit(server.db, idle, 60_000, now - DAY - 1);
    await countLimitHit(server.db, recent, DAY, now - DAY);
    await deleteIdleLimits(server.db, now - DAY);
    const keys = await server.db.kysely
      .selectFrom("auth_limits")
      .select("key")
      .where("key", "in", [idle, recent])
      .execute();
    expect(keys.map((row) => row.key)).toEqual([recent]);
  });
});

describe("session tokens", () => {
  it("are not in get-session or list-sessions answers to a cookie client", async () => {
    const { client } = await signUpVerified(server);
    const cookie = client.cookies.get("better-auth.session_token") ?? "";
    const token = decodeURIComponent(cookie).split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    const session = await client.get("/api/auth/get-session");
    expect(session.status).toBe(200);
    expect(session.body.user).toBeTruthy();
    expect(session.body.session).toBeTruthy();
    expect(session.body.session).not.toHaveProperty("token");
    expect(JSON.stringify(session.body)).not.toContain(token);
    const sessions = await client.get("/api/auth/list-sessions");
    expect(sessions.status).toBe(200);
    expect(sessions.body.length).toBeGreaterThan(0);
    for (const listed of sessions.body) expect(listed).not.toHaveProperty("token");
    expect(JSON.stringify(sessions.body)).not.toContain(token);
  });

  it("still reach a native app in the set-auth-token header, and its bearer token works", async () => {
    const { email, password } = await signUpVerified(server);
    const signIn = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password,
    });
    const token = signIn.headers.get("set-auth-token") ?? "";
    expect(token).not.toBe("");
    const native = server.client();
    const session = await native.get("/api/auth/get-session", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(email);
    expect(JSON.stringify(session.body)).not.toContain(token.split(".")[0]);
  });
});
