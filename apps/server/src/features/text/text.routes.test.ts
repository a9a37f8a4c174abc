import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";

/** 2026-11-23 03:00 UTC = 12:00 in Seoul (UTC+9). */
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);

let server: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  [alice, bob] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
});
afterAll(async () => {
  await server.close();
});

async function storedText(userId: string) {
  return server.db.kysely
    .selectFrom("scratch_texts")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** A new user with a saved text, and the row as stored. */
async function userWithText(contents = "<p>저장된 글</p>") {
  const user = await signUpVerified(server);
  expect((await user.client.put("/api/text", { contents })).status).toBe(200);
  return { user, row: await storedText(user.userId) };
}

describe("GET /api/text", () => {
  it("answers empty contents and updatedAt null before the first save", async () => {
    const { client, userId } = await signUpVerified(server);
    const response = await client.get("/api/text");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ text: { contents: "", updatedAt: null } });
    expect(await storedText(userId)).toBeUndefined();
  });

  it("answers the saved text", async () => {
    const { user, row } = await userWithText("<p>한국어 and English 😀</p>");
    const response = await user.client.get("/api/text");
    expect(response.body).toEqual({
      text: { contents: "<p>한국어 and English 😀</p>", updatedAt: row?.updated_at },
    });
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/text");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});

describe("PUT /api/text", () => {
  it("stores sanitized contents and answers them with the time of the save", async () => {
    clock += 1000;
    const response = await alice.client.put("/api/text", {
      contents: '<p onclick="alert(1)">안녕하세요 <b>세계</b></p><script>alert(1)</script>',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      text: { contents: "<p>안녕하세요 <b>세계</b></p>", updatedAt: clock },
    });
    expect(await storedText(alice.userId)).toEqual({
      user_id: alice.userId,
      contents: "<p>안녕하세요 <b>세계</b></p>",
      updated_at: clock,
    });
    expect((await alice.client.get("/api/text")).body).toEqual(response.body);
  });

  it("replaces the text on the next save; empty contents clear it", async () => {
    const { user } = await userWithText("<p>처음</p>");
    clock += 1000;
    const second = await user.client.put("/api/text", { contents: "<h2>두 번째</h2>" });
    expect(second.body.text).toEqual({ contents: "<h2>두 번째</h2>", updatedAt: clock });
    clock += 1000;
    const cleared = await user.client.put("/api/text", { contents: "" });
    expect(cleared.body.text).toEqual({ contents: "", updatedAt: clock });
    expect((await user.client.get("/api/text")).body.text).toEqual({
      contents: "",
      updatedAt: clock,
    });
    const rows = await server.db.kysely
      .selectFrom("scratch_texts")
      .select("user_id")
      .where("user_id", "=", user.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("accepts contents of 1,500,000 characters", async () => {
    const contents = `<p>${"x".repeat(1_500_000 - 7)}</p>`;
    const response = await bob.client.put("/api/text", { contents });
    expect(response.status).toBe(200);
    expect(response.body.text.contents).toBe(contents);
    expect((await storedText(bob.userId))?.contents).toHaveLength(1_500_000);
  });

  it("keeps each user's text to themselves", async () => {
    const { user: carol, row } = await userWithText("<p>캐럴의 글</p>");
    const { user: dave } = await userWithText("<p>데이브의 글</p>");
    expect((await dave.client.put("/api/text", { contents: "<p>바뀜</p>" })).status).toBe(200);
    expect(await storedText(carol.userId)).toEqual(row);
    expect((await carol.client.get("/api/text")).body.text.contents).toBe("<p>캐럴의 글</p>");
    expect((await dave.client.get("/api/text")).body.text.contents).toBe("<p>바뀜</p>");
  });

  it.each([
    ["no contents", {}],
    ["null contents", { contents: null }],
    ["a number", { contents: 5 }],
    ["a list", { contents: ["<p>x</p>"] }],
    ["1,500,001 characters", { contents: "x".repeat(1_500_001) }],
    ["a NUL character", { contents: "a\u0000b" }],
  ])("refuses %s with VALIDATION_FAILED at contents and changes nothing", async (_, body) => {
    const { user, row } = await userWithText();
    clock += 1000;
    const response = await user.client.put("/api/text", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(
      expect.objectContaining({ path: "contents" }),
    );
    expect(await storedText(user.userId)).toEqual(row);
  });

  it("refuses a body over the size limit with PAYLOAD_TOO_LARGE and changes nothing", async () => {
    const { user, row } = await userWithText();
    const response = await user.client.put("/api/text", { contents: "가".repeat(700_000) });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await storedText(user.userId)).toEqual(row);
  });

  it("answers 401 UNAUTHENTICATED when signed out and stores nothing", async () => {
    const before = await server.db.kysely.selectFrom("scratch_texts").selectAll().execute();
    const response = await server.client().put("/api/text", { contents: "<p>누구?</p>" });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
    expect(await server.db.kysely.selectFrom("scratch_texts").selectAll().execute()).toEqual(
      before,
    );
  });

  it("answers 403 CSRF_REJECTED without the anti-forgery header and changes nothing", async () => {
    const { user, row } = await userWithText();
    const response = await user.client.request(
      "PUT",
      "/api/text",
      { contents: "<p>위조</p>" },
      { xsrf: false },
    );
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
    expect(await storedText(user.userId)).toEqual(row);
  });
});
