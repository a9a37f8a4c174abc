import { randomBytes, randomInt } from "node:crypto";
import type { TestClient, TestResponse } from "./client.js";
import type { TestServer } from "./test-server.js";

export interface SignedUpUser {
  /** Signed in, with its own cookie jar and client address. */
  client: TestClient;
  email: string;
  password: string;
  userId: string;
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  name?: string;
  lang?: "ko" | "en";
}

/** A fresh address on the reserved .test domain. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(6).toString("hex")}@example.test`;
}

/**
 * A new client acting from its own random address (X-Forwarded-For; TRUST_PROXY is on in
 * tests), so the per-IP limits on sign-in and sign-up never couple unrelated tests.
 */
export function clientFromFreshIp(server: TestServer): TestClient {
  const client = server.client();
  client.headers["x-forwarded-for"] = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  return client;
}

function expectOk(response: TestResponse, what: string): void {
  if (response.status >= 400) {
    throw new Error(`${what} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
}

/** The verify-email link of the latest verification mail to `email`. */
export async function verificationLinkFor(server: TestServer, email: string): Promise<string> {
  const isVerification = (link: string) => link.includes("/api/auth/verify-email?");
  const mail = await server.mailbox.waitFor(email, (m) => m.links.some(isVerification));
  const links = server.mailbox.received
    .filter((m) => m.to === email.toLowerCase())
    .flatMap((m) => m.links.filter(isVerification));
  return links.at(-1) ?? mail.links.find(isVerification) ?? "";
}

/**
 * Signs a new user up the way a person does, over HTTP: sign-up, the verification mail read
 * from the test SMTP server, its link followed, then sign-in.
 */
export async function signUpVerified(
  server: TestServer,
  options: SignUpOptions = {},
): Promise<SignedUpUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${randomBytes(8).toString("hex")}`;
  const client = clientFromFreshIp(server);
  const signUp = await client.post("/api/auth/sign-up/email", {
    email,
    password,
    ...(options.name !== undefined && { name: options.name }),
    ...(options.lang !== undefined && { lang: options.lang }),
  });
  expectOk(signUp, "sign-up");
  const verify = await client.get(await verificationLinkFor(server, email));
  expectOk(verify, "e-mail verification");
  const signIn = await client.post("/api/auth/sign-in/email", { email, password });
  expectOk(signIn, "sign-in");
  return { client, email, password, userId: signIn.body.user.id };
}

/** A new anonymous user (PRODUCT.md › Anonymous use), signed in on its own client. */
export async function signInAnonymously(
  server: TestServer,
): Promise<{ client: TestClient; userId: string }> {
  const client = clientFromFreshIp(server);
  const response = await client.post("/api/auth/sign-in/anonymous", {});
  expectOk(response, "anonymous sign-in");
  return { client, userId: response.body.user.id };
}

/**
 * Puts a folder, a memo in it (shared under KR) and a scratch text for the user straight into
 * the database; returns the ids.
 */
export async function seedUserData(
  server: TestServer,
  userId: string,
): Promise<{ folderId: string; memoId: string }> {
  const at = Date.now();
  const folderId = `folder${randomBytes(4).toString("hex")}`;
  const memoId = `memo${randomBytes(4).toString("hex")}`;
  await server.db.kysely
    .insertInto("folders")
    .values({ user_id: userId, id: folderId, title: "폴더", created_at: at, updated_at: at })
    .execute();
  await server.db.kysely
    .insertInto("memos")
    .values({
      user_id: userId,
      id: memoId,
      folder_id: folderId,
      title: "메모",
      is_shared: 1,
      shared_country_code: "KR",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await server.db.kysely
    .insertInto("scratch_texts")
    .values({ user_id: userId, contents: "<p>메모장</p>", updated_at: at })
    .execute();
  return { folderId, memoId };
}

/**
 * How many rows of each kind belong to the user: auth user, sessions, record, folders, memos and
 * scratch text.
 */
export async function countUserRows(server: TestServer, userId: string) {
  const { kysely } = server.db;
  const count = async (
    table: "auth_users" | "auth_sessions" | "users" | "folders" | "memos" | "scratch_texts",
    column: "id" | "user_id",
  ) => {
    const row = await kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where(column, "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    authUsers: await count("auth_users", "id"),
    sessions: await count("auth_sessions", "user_id"),
    users: await count("users", "id"),
    folders: await count("folders", "user_id"),
    memos: await count("memos", "user_id"),
    scratchTexts: await count("scratch_texts", "user_id"),
  };
}
