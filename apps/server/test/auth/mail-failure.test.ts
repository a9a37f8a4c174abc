import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { clientFromFreshIp, signInAnonymously, uniqueEmail } from "../helpers/users.js";

// Sign-up mails a verification link. When that mail cannot go out, the user must learn it (and
// not wait for a mail that never comes): 503 MAIL_NOT_SENT, the account exists, and the resend
// works once mail can go again. Here mail goes to the file outbox (no SMTP_URL).

let server: TestServer;
let outboxDir: string;
let clock = Date.UTC(2026, 10, 25, 3, 0, 0);
/** A failed mail still takes its slot of the address's mail limit (one a minute). */
const nextMinute = () => {
  clock += 61_000;
};

beforeAll(async () => {
  server = await startTestServer({ env: { SMTP_URL: "" }, now: () => clock });
  outboxDir = server.config.mail.outboxDir;
});
afterAll(async () => {
  await server.close();
});

/** The outbox files written for `email` (file names keep at most 100 characters of it). */
function mailsFor(email: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(outboxDir);
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(join(outboxDir, name), "latin1"))
    .filter((text) => text.includes(email.slice(0, 40)));
}

describe("mail of the account flows that cannot be sent", () => {
  it("writes the verification mail of a 250-character address to the outbox", async () => {
    const label = (letter: string) => letter.repeat(60);
    const email = `${label("a")}@${label("b")}.${label("c")}.${label("d")}.com`;
    expect(email.length).toBeGreaterThan(240);
    const client = clientFromFreshIp(server);
    const signUp = await client.post("/api/auth/sign-up/email", { email, password: "long enough" });
    expect(signUp.status).toBe(200);
    expect(mailsFor(email)).toHaveLength(1);
  });

  it("answers sign-up with 503 MAIL_NOT_SENT, keeps the account, and resends once mail can go", async () => {
    const email = uniqueEmail("nomail");
    const client = clientFromFreshIp(server);
    rmSync(outboxDir, { recursive: true, force: true });
    // A file where the mail folder should be: every write of a mail fails.
    writeFileSync(outboxDir, "not a folder");
    try {
      const signUp = await client.post("/api/auth/sign-up/email", {
        email,
        password: "long enough",
      });
      expect(signUp.status).toBe(503);
      expect(signUp.body.error.code).toBe("MAIL_NOT_SENT");
      const signIn = await client.post("/api/auth/sign-in/email", {
        email,
        password: "long enough",
      });
      expect(signIn.body.error.code).toBe("AUTH_EMAIL_NOT_VERIFIED");
      nextMinute();
      const again = await client.post("/api/auth/send-verification-email", { email });
      expect(again.status).toBe(503);
      expect(again.body.error.code).toBe("MAIL_NOT_SENT");
    } finally {
      rmSync(outboxDir, { force: true });
    }
    nextMinute();
    const resend = await client.post("/api/auth/send-verification-email", { email });
    expect(resend.status).toBe(200);
    const [mail] = mailsFor(email);
    expect(mail).toMatch(/verify-email\?token=/);
  });

  it("answers an anonymous user's sign-up with 503 MAIL_NOT_SENT and still converts the account", async () => {
    const { client, userId } = await signInAnonymously(server);
    const email = uniqueEmail("anon-nomail");
    rmSync(outboxDir, { recursive: true, force: true });
    writeFileSync(outboxDir, "not a folder");
    try {
      const signUp = await client.post("/api/auth/sign-up/email", {
        email,
        password: "long enough",
      });
      expect(signUp.status).toBe(503);
      expect(signUp.body.error.code).toBe("MAIL_NOT_SENT");
    } finally {
      rmSync(outboxDir, { force: true });
    }
    const signIn = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password: "long enough",
    });
    expect(signIn.body.error.code).toBe("AUTH_EMAIL_NOT_VERIFIED");
    const user = await server.db.kysely
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirst();
    expect(user?.email).toBe(email);
    nextMinute();
    const resend = await client.post("/api/auth/send-verification-email", { email });
    expect(resend.status).toBe(200);
    expect(mailsFor(email)).toHaveLength(1);
  });
});
