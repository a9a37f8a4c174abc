import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  clientFromFreshIp,
  signUpVerified,
  uniqueEmail,
  verificationLinkFor,
} from "../helpers/users.js";

// A clock the tests can move: an address gets at most one verification mail a minute.
let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

describe("POST /api/auth/sign-up/email", () => {
  it("creates an unverified account and mails a link that verifies it, then sign-in works", async () => {
    const client = clientFromFreshIp(server);
    const email = uniqueEmail();
    const signUp = await client.post("/api/auth/sign-up/email", {
      email,
      password: "correct horse",
      name: "김민수",
      lang: "ko",
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.user).toMatchObject({ email, name: "김민수", emailVerified: false });
    expect(client.cookies.has("better-auth.session_token")).toBe(false);

    const mail = await server.mailbox.waitFor(email);
    expect(mail.subject).toContain("이메일");
    const link = mail.links.find((l) => l.startsWith(`${server.baseUrl}/api/auth/verify-email?`));
    expect(link).toBeDefined();
    const verify = await client.get(link ?? "");
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/");

    const signIn = await client.post("/api/auth/sign-in/email", {
      email,
      password: "correct horse",
    });
    expect(signIn.status).toBe(200);
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: {
        id: signUp.body.user.id,
        email,
        name: "김민수",
        photoUrl: null,
        plan: "",
        countryCode: "KR",
        lang: "ko",
        deviceInfo: "",
        signInMethod: "email",
      },
      isAnonymous: false,
      emailVerified: true,
      isAdmin: false,
    });
    expect(me.body.user.createdAt).toBeTypeOf("number");
  });

  it("writes the mail in English, and defaults the country to GL, for lang en", async () => {
    const { client, email } = await signUpVerified(server, { lang: "en" });
    const mail = await server.mailbox.waitFor(email);
    expect(mail.subject).toBe("[Mnemo] Verify your e-mail address");
    const me = await client.get("/api/me");
    expect(me.body.user).toMatchObject({ lang: "en", countryCode: "GL" });
  });

  it("defaults the language to ko and the name to the address's local part", async () => {
    const email = uniqueEmail("minji");
    const { client } = await signUpVerified(server, { email });
    const me = await client.get("/api/me");
    expect(me.body.user).toMatchObject({
      lang: "ko",
      countryCode: "KR",
      name: email.split("@")[0],
    });
  });

  it("stores the password as an Argon2id hash (m=19456 KiB, t=2, p=1)", async () => {
    const { userId, password } = await signUpVerified(server);
    const account = await server.db.kysely
      .selectFrom("auth_accounts")
      .select(["password", "provider_id"])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(account.provider_id).toBe("credential");
    expect(account.password?.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(account.password).not.toContain(password);
  });

  it.each([
    ["a password under 8 characters", { password: "short12" }, 400, "AUTH_WEAK_PASSWORD"],
    ["a password over 128 characters", { password: "x".repeat(129) }, 400, "AUTH_WEAK_PASSWORD"],
    ["an address that is not one", { email: "not-an-email" }, 400, "AUTH_INVALID_EMAIL"],
    ["a Korean non-address", { email: "김민수@" }, 400, "AUTH_INVALID_EMAIL"],
  ])("refuses %s", async (_case, override, status, code) => {
    const response = await clientFromFreshIp(server).post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "long enough",
      ...override,
    });
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
  });

  it("refuses an address already in use, verified or not, in any letter case", async () => {
    const { email } = await signUpVerified(server);
    const pending = uniqueEmail();
    const first = await clientFromFreshIp(server).post("/api/auth/sign-up/email", {
      email: pending,
      password: "long enough",
    });
    expect(first.status).toBe(200);
    for (const taken of [email, email.toUpperCase(), pending]) {
      const again = await clientFromFreshIp(server).post("/api/auth/sign-up/email", {
        email: taken,
        password: "another one",
      });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("AUTH_EMAIL_ALREADY_IN_USE");
    }
  });

  it("refuses a body without a password with VALIDATION_FAILED naming the field", async () => {
    const response = await clientFromFreshIp(server).post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toEqual([expect.objectContaining({ path: "password" })]);
  });
});

describe("POST /api/auth/sign-in/email before verification", () => {
  it("answers AUTH_EMAIL_NOT_VERIFIED and creates no session", async () => {
    const client = clientFromFreshIp(server);
    const email = uniqueEmail();
    await client.post("/api/auth/sign-up/email", { email, password: "long enough" });
    const signIn = await client.post("/api/auth/sign-in/email", { email, password: "long enough" });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe("AUTH_EMAIL_NOT_VERIFIED");
    expect((await client.get("/api/me")).status).toBe(401);
  });
});

describe("POST /api/auth/send-verification-email", () => {
  it("mails a fresh link a minute later that verifies the address", async () => {
    const client = clientFromFreshIp(server);
    const email = uniqueEmail();
    await client.post("/api/auth/sign-up/email", { email, password: "long enough" });
    await server.mailbox.waitFor(email);
    clock += 60_000;
    const resend = await client.post("/api/auth/send-verification-email", { email });
    expect(resend.status).toBe(200);
    const isVerification = (m: { links: string[] }) =>
      m.links.some((l) => l.includes("/api/auth/verify-email?"));
    await expect
      .poll(() => server.mailbox.received.filter((m) => m.to === email && isVerification(m)).length)
      .toBe(2);
    const verify = await client.get(await verificationLinkFor(server, email));
    expect(verify.status).toBe(302);
    const signIn = await client.post("/api/auth/sign-in/email", { email, password: "long enough" });
    expect(signIn.status).toBe(200);
  });
});

describe("GET /api/auth/verify-email", () => {
  it("answers AUTH_INVALID_TOKEN for a forged token", async () => {
    const response = await server.client().get("/api/auth/verify-email?token=forged.token.value");
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("AUTH_INVALID_TOKEN");
  });
});
