import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  clientFromFreshIp,
  countUserRows,
  seedUserData,
  signInAnonymously,
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

describe("POST /api/auth/sign-in/anonymous", () => {
  it("creates a signed-in user whose record's e-mail is the literal Anonymous", async () => {
    const { client, userId } = await signInAnonymously(server);
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { id: userId, email: "Anonymous", signInMethod: "anonymous", lang: "ko" },
      isAnonymous: true,
      emailVerified: false,
      isAdmin: false,
    });
  });
});

describe("POST /api/auth/sign-out of an anonymous user", () => {
  it("deletes the account and all its data, so the session can never come back", async () => {
    const { client, userId } = await signInAnonymously(server);
    await seedUserData(server, userId);
    expect(await countUserRows(server, userId)).toMatchObject({ memos: 1, scratchTexts: 1 });
    const staleCookies = client.cookieHeader();

    const response = await client.post("/api/auth/sign-out", {});
    expect(response.status).toBe(200);
    expect(await countUserRows(server, userId)).toEqual({
      authUsers: 0,
      sessions: 0,
      users: 0,
      folders: 0,
      memos: 0,
      scratchTexts: 0,
    });
    const replay = await server.client().get("/api/me", { headers: { cookie: staleCookies } });
    expect(replay.status).toBe(401);
  });
});

describe("POST /api/auth/sign-up/email by an anonymous user", () => {
  it("turns the same user into an e-mail account that keeps its folders and memos", async () => {
    const { client, userId } = await signInAnonymously(server);
    const { folderId, memoId } = await seedUserData(server, userId);
    const email = uniqueEmail("convert");

    const signUp = await client.post("/api/auth/sign-up/email", {
      email,
      password: "kept my memos",
      name: "박지훈",
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.user).toMatchObject({ id: userId, email });
    // Like any sign-up: verify the address first, then sign in.
    expect((await client.get("/api/me")).status).toBe(401);
    const early = await client.post("/api/auth/sign-in/email", {
      email,
      password: "kept my memos",
    });
    expect(early.body.error.code).toBe("AUTH_EMAIL_NOT_VERIFIED");

    expect((await client.get(await verificationLinkFor(server, email))).status).toBe(302);
    const signIn = await client.post("/api/auth/sign-in/email", {
      email,
      password: "kept my memos",
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(userId);
    const me = await client.get("/api/me");
    expect(me.body).toMatchObject({
      user: { id: userId, email, name: "박지훈", signInMethod: "email" },
      isAnonymous: false,
      emailVerified: true,
    });
    const memo = await server.db.kysely
      .selectFrom("memos")
      .select(["id", "folder_id"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    expect(memo).toEqual({ id: memoId, folder_id: folderId });

    // No longer anonymous: signing out keeps the account.
    await client.post("/api/auth/sign-out", {});
    expect(await countUserRows(server, userId)).toMatchObject({
      authUsers: 1,
      folders: 1,
      scratchTexts: 1,
    });
  });

  it("signs the converting browser in when it opens the verification link, with its data", async () => {
    const { client, userId } = await signInAnonymously(server);
    const { memoId } = await seedUserData(server, userId);
    const email = uniqueEmail("convert-land");
    const signUp = await client.post("/api/auth/sign-up/email", {
      email,
      password: "kept my memos",
      name: "이서연",
      callbackURL: `/verify-email?verified=1&email=${encodeURIComponent(email)}`,
    });
    expect(signUp.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    const link = await verificationLinkFor(server, email);

    // A forged token, even with the marker, verifies nothing and signs no one in.
    const forged = await client.get(
      `/api/auth/verify-email?token=forged.token.value&callbackURL=${encodeURIComponent("/verify-email")}`,
    );
    expect(forged.headers.get("location")).toMatch(/error=/);
    expect((await client.get("/api/me")).status).toBe(401);

    // Another browser (the link opened elsewhere) is only verified, not signed in.
    const elsewhere = clientFromFreshIp(server);
    const verified = await elsewhere.get(link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe(
      `/verify-email?verified=1&email=${encodeURIComponent(email)}`,
    );
    expect((await elsewhere.get("/api/me")).status).toBe(401);

    // The converting browser lands signed in as the same user, data and all.
    expect((await client.get(link)).status).toBe(302);
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { id: userId, email, name: "이서연" },
      isAnonymous: false,
      emailVerified: true,
    });
    expect((await client.get(`/api/memos/${memoId}`)).status).toBe(200);
    // The marker is spent.
    expect(client.cookies.has("mnemo.converted")).toBe(false);
  });

  it("refuses an address in use and stays anonymous and signed in", async () => {
    const taken = await signUpVerified(server);
    const { client, userId } = await signInAnonymously(server);
    const signUp = await client.post("/api/auth/sign-up/email", {
      email: taken.email,
      password: "whatever12",
    });
    expect(signUp.status).toBe(409);
    expect(signUp.body.error.code).toBe("AUTH_EMAIL_ALREADY_IN_USE");
    const me = await client.get("/api/me");
    expect(me.body).toMatchObject({ user: { id: userId, email: "Anonymous" }, isAnonymous: true });
  });

  it("refuses a weak password with AUTH_WEAK_PASSWORD and stays anonymous", async () => {
    const { client } = await signInAnonymously(server);
    const signUp = await client.post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "short",
    });
    expect(signUp.body.error.code).toBe("AUTH_WEAK_PASSWORD");
    expect((await client.get("/api/me")).body.isAnonymous).toBe(true);
  });
});

describe("an anonymous user's placeholder address", () => {
  it("cannot be signed into", async () => {
    const { userId } = await signInAnonymously(server);
    const { email } = await server.db.kysely
      .selectFrom("auth_users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const response = await clientFromFreshIp(server).post("/api/auth/sign-in/email", {
      email,
      password: "anything1",
    });
    expect(response.body.error.code).toBe("AUTH_USER_NOT_FOUND");
  });
});
