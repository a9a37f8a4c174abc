import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { clientFromFreshIp, signUpVerified, uniqueEmail } from "../helpers/users.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signIn(email: string, password: string) {
  return clientFromFreshIp(server).post("/api/auth/sign-in/email", { email, password });
}

/** The token of the reset link mailed to `email` (a link into the web app's find-account). */
async function resetTokenFor(email: string): Promise<string> {
  const isReset = (link: string) => link.startsWith(`${server.baseUrl}/find-account?token=`);
  const mail = await server.mailbox.waitFor(email, (m) => m.links.some(isReset));
  return new URL(mail.links.find(isReset) ?? "").searchParams.get("token") ?? "";
}

describe("password reset by e-mail", () => {
  it("mails a find-account link whose token sets a new password and ends every session", async () => {
    const { client: signedIn, email, password } = await signUpVerified(server, { lang: "en" });
    const stranger = clientFromFreshIp(server);
    const request = await stranger.post("/api/auth/request-password-reset", { email });
    expect(request.status).toBe(200);
    const token = await resetTokenFor(email);
    expect(token).not.toBe("");

    const reset = await stranger.post("/api/auth/reset-password", {
      token,
      newPassword: "brand new secret",
    });
    expect(reset.status).toBe(200);

    expect((await signIn(email, password)).body.error.code).toBe("AUTH_WRONG_PASSWORD");
    expect((await signIn(email, "brand new secret")).status).toBe(200);
    expect((await signedIn.get("/api/me")).status).toBe(401);
  });

  it("refuses a used token with AUTH_INVALID_TOKEN", async () => {
    const { email } = await signUpVerified(server);
    const client = clientFromFreshIp(server);
    await client.post("/api/auth/request-password-reset", { email });
    const token = await resetTokenFor(email);
    const first = await client.post("/api/auth/reset-password", {
      token,
      newPassword: "first one!",
    });
    expect(first.status).toBe(200);
    const second = await client.post("/api/auth/reset-password", {
      token,
      newPassword: "second one",
    });
    expect(second.status).toBe(400);
    expect(second.body.error.code).toBe("AUTH_INVALID_TOKEN");
  });

  it("refuses a short new password with AUTH_WEAK_PASSWORD and keeps the old one", async () => {
    const { email, password } = await signUpVerified(server);
    const client = clientFromFreshIp(server);
    await client.post("/api/auth/request-password-reset", { email });
    const token = await resetTokenFor(email);
    const reset = await client.post("/api/auth/reset-password", { token, newPassword: "short" });
    expect(reset.status).toBe(400);
    expect(reset.body.error.code).toBe("AUTH_WEAK_PASSWORD");
    expect((await signIn(email, password)).status).toBe(200);
  });

  it("answers an unknown address like a known one and sends nothing", async () => {
    const email = uniqueEmail();
    const response = await clientFromFreshIp(server).post("/api/auth/request-password-reset", {
      email,
    });
    expect(response.status).toBe(200);
    // The server answers only after the SMTP server accepted any mail, so none is still coming.
    expect(server.mailbox.received.filter((m) => m.to === email)).toEqual([]);
  });
});

describe("POST /api/auth/change-password", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const { client, email, password } = await signUpVerified(server);
    const otherDevice = clientFromFreshIp(server);
    await otherDevice.post("/api/auth/sign-in/email", { email, password });
    expect((await otherDevice.get("/api/me")).status).toBe(200);

    // The client does not ask for it: ending the other sessions is the server's rule.
    const change = await client.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: "a better password",
    });
    expect(change.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect((await signIn(email, password)).body.error.code).toBe("AUTH_WRONG_PASSWORD");
    expect((await signIn(email, "a better password")).status).toBe(200);
  });

  it("refuses a wrong current password with AUTH_REAUTHENTICATION_REQUIRED", async () => {
    const { client, email, password } = await signUpVerified(server);
    const change = await client.post("/api/auth/change-password", {
      currentPassword: "not it at all",
      newPassword: "a better password",
    });
    expect(change.status).toBe(401);
    expect(change.body.error.code).toBe("AUTH_REAUTHENTICATION_REQUIRED");
    expect((await signIn(email, password)).status).toBe(200);
  });

  it("requires a session", async () => {
    const response = await clientFromFreshIp(server).post("/api/auth/change-password", {
      currentPassword: "whatever1",
      newPassword: "whatever2",
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});
