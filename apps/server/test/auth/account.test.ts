import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  clientFromFreshIp,
  countUserRows,
  seedUserData,
  signUpVerified,
  uniqueEmail,
  verificationLinkFor,
} from "../helpers/users.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("GET /api/me", () => {
  it("requires authentication", async () => {
    const response = await server.client().get("/api/me");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });

  it("answers AUTH_HAS_NOT_USER_INFORMATION when the user record is missing", async () => {
    const { client, userId } = await signUpVerified(server);
    await server.db.kysely.deleteFrom("users").where("id", "=", userId).execute();
    const response = await client.get("/api/me");
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("AUTH_HAS_NOT_USER_INFORMATION");
  });
});

describe("PATCH /api/me", () => {
  it("updates name, photo, language, country and device, and the auth profile with them", async () => {
    const { client, userId } = await signUpVerified(server);
    const response = await client.patch("/api/me", {
      name: "  이서연 ",
      photoUrl: "https://images.example/seoyeon.png",
      lang: "en",
      countryCode: "SG",
      deviceInfo: "iPhone15,2 iOS 18.1",
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      name: "이서연",
      photoUrl: "https://images.example/seoyeon.png",
      lang: "en",
      countryCode: "SG",
      deviceInfo: "iPhone15,2 iOS 18.1",
    });
    expect((await client.get("/api/me")).body.user).toEqual(response.body.user);
    const authUser = await server.db.kysely
      .selectFrom("auth_users")
      .select(["name", "image"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(authUser).toEqual({ name: "이서연", image: "https://images.example/seoyeon.png" });
  });

  it("removes the photo with null and leaves unnamed fields alone", async () => {
    const { client } = await signUpVerified(server, { name: "Minji", lang: "en" });
    await client.patch("/api/me", { photoUrl: "https://images.example/a.png" });
    const response = await client.patch("/api/me", { photoUrl: null });
    expect(response.body.user).toMatchObject({ photoUrl: null, name: "Minji", lang: "en" });
  });

  it.each([
    ["an unknown language", { lang: "fr" }, "lang"],
    ["an unknown country", { countryCode: "JP" }, "countryCode"],
    ["an empty name", { name: "   " }, "name"],
    ["a photo that is not an http(s) URL", { photoUrl: "javascript:alert(1)" }, "photoUrl"],
    ["a field that cannot be edited", { plan: "ADMIN" }, ""],
    ["nothing to change", {}, ""],
  ])("refuses %s with VALIDATION_FAILED", async (_case, body, path) => {
    const { client } = await signUpVerified(server);
    const response = await client.patch("/api/me", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details[0].path).toBe(path);
    expect((await client.get("/api/me")).body.user.plan).toBe("");
  });

  it("requires authentication", async () => {
    const response = await server.client().patch("/api/me", { name: "x" });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});

describe("POST /api/auth/change-email", () => {
  it("mails the new address a link; following it changes the e-mail everywhere", async () => {
    const { client, email: oldEmail, password, userId } = await signUpVerified(server);
    const newEmail = uniqueEmail("moved");
    const response = await client.post("/api/auth/change-email", {
      newEmail,
      currentPassword: password,
    });
    expect(response.status).toBe(200);
    expect((await client.get("/api/me")).body.user.email).toBe(oldEmail);

    const verify = await clientFromFreshIp(server).get(await verificationLinkFor(server, newEmail));
    expect(verify.status).toBeLessThan(400);
    const me = await client.get("/api/me");
    expect(me.body).toMatchObject({ user: { id: userId, email: newEmail }, emailVerified: true });
    const signIn = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email: newEmail,
      password,
    });
    expect(signIn.status).toBe(200);
    const old = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email: oldEmail,
      password,
    });
    expect(old.body.error.code).toBe("AUTH_USER_NOT_FOUND");
  });

  it.each([
    [
      "a wrong current password",
      { currentPassword: "not mine!" },
      401,
      "AUTH_REAUTHENTICATION_REQUIRED",
    ],
    ["no current password", { currentPassword: undefined }, 400, "VALIDATION_FAILED"],
    ["a malformed new address", { newEmail: "nowhere" }, 400, "AUTH_INVALID_EMAIL"],
  ])("refuses %s and keeps the address", async (_case, override, status, code) => {
    const { client, email, password } = await signUpVerified(server);
    const response = await client.post("/api/auth/change-email", {
      newEmail: uniqueEmail(),
      currentPassword: password,
      ...override,
    });
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect((await client.get("/api/me")).body.user.email).toBe(email);
  });

  it("refuses an address another account uses with AUTH_EMAIL_ALREADY_IN_USE", async () => {
    const taken = await signUpVerified(server);
    const { client, password } = await signUpVerified(server);
    const response = await client.post("/api/auth/change-email", {
      newEmail: taken.email,
      currentPassword: password,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("AUTH_EMAIL_ALREADY_IN_USE");
  });

  it("requires authentication", async () => {
    const response = await server.client().post("/api/auth/change-email", {
      newEmail: uniqueEmail(),
      currentPassword: "whatever1",
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});

/**
 * Every row of every table of the schema (read from the database, so a table added later is
 * covered) whose text holds one of `needles`, as `table: row`.
 */
async function rowsNaming(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await server.db.kysely.introspection.getTables()) {
    const rows = await server.db.kysely
      .selectFrom(table.name as "users")
      .selectAll()
      .execute();
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (needles.some((needle) => text.includes(needle))) found.push(`${table.name}: ${text}`);
    }
  }
  return found;
}

describe("POST /api/auth/delete-user", () => {
  it("leaves no row in any table that holds the account's id or e-mail", async () => {
    const { client, email, password, userId } = await signUpVerified(server);
    await seedUserData(server, userId);
    // Rows outside the user's own tables: a reset link, a wrong password, a logged error.
    await clientFromFreshIp(server).post("/api/auth/request-password-reset", { email });
    await server.mailbox.waitFor(email, (m) => m.links.some((l) => l.includes("find-account")));
    await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password: "wrong!!!",
    });
    const log = { code: "INTERNAL", message: "테스트", country: "KR", userKey: null };
    expect((await client.post("/api/logs", log)).status).toBeLessThan(300);
    expect((await rowsNaming([userId, email])).length).toBeGreaterThan(5);

    const response = await client.post("/api/auth/delete-user", { password });
    expect(response.status).toBe(200);
    expect(await rowsNaming([userId, email])).toEqual([]);
  });

  it("deletes the account with every folder, memo, scratch text, session and the user record", async () => {
    const { client, email, password, userId } = await signUpVerified(server);
    const keep = await signUpVerified(server);
    const { memoId } = await seedUserData(server, userId);
    const kept = await seedUserData(server, keep.userId);
    expect(await countUserRows(server, userId)).toMatchObject({
      folders: 1,
      memos: 1,
      scratchTexts: 1,
    });
    expect((await server.client().get(`/api/public/KR/memos/${memoId}`)).status).toBe(200);

    const response = await client.post("/api/auth/delete-user", { password });
    expect(response.status).toBe(200);
    expect(await countUserRows(server, userId)).toEqual({
      authUsers: 0,
      sessions: 0,
      users: 0,
      folders: 0,
      memos: 0,
      scratchTexts: 0,
    });
    // The shared memo went with the account; the other account keeps everything.
    const gone = await server.client().get(`/api/public/KR/memos/${memoId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("MEMO_NOT_FOUND");
    expect(await countUserRows(server, keep.userId)).toMatchObject({
      users: 1,
      folders: 1,
      memos: 1,
      scratchTexts: 1,
    });
    expect((await server.client().get(`/api/public/KR/memos/${kept.memoId}`)).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    const signIn = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password,
    });
    expect(signIn.body.error.code).toBe("AUTH_USER_NOT_FOUND");
  });

  it("refuses a wrong password with AUTH_REAUTHENTICATION_REQUIRED and deletes nothing", async () => {
    const { client, userId } = await signUpVerified(server);
    await seedUserData(server, userId);
    const response = await client.post("/api/auth/delete-user", { password: "not mine!" });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("AUTH_REAUTHENTICATION_REQUIRED");
    expect(await countUserRows(server, userId)).toMatchObject({
      authUsers: 1,
      folders: 1,
      scratchTexts: 1,
    });
  });
});

describe("GET /api/auth-providers", () => {
  it("lists no external provider when none is configured", async () => {
    const response = await server.client().get("/api/auth-providers");
    expect(response.body).toEqual({ google: false, apple: false });
  });

  it("lists Google, and better-auth offers its sign-in, when it is configured", async () => {
    const withGoogle = await startTestServer({
      env: { GOOGLE_CLIENT_ID: "client-id.example", GOOGLE_CLIENT_SECRET: "client-secret" },
    });
    try {
      const client = withGoogle.client();
      expect((await client.get("/api/auth-providers")).body).toEqual({
        google: true,
        apple: false,
      });
      const start = await client.post("/api/auth/sign-in/social", {
        provider: "google",
        disableRedirect: true,
      });
      expect(start.status).toBe(200);
      expect(new URL(start.body.url).host).toBe("accounts.google.com");
      const apple = await client.post("/api/auth/sign-in/social", { provider: "apple" });
      expect(apple.status).toBeGreaterThanOrEqual(400);
    } finally {
      await withGoogle.close();
    }
  });
});
