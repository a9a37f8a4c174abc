import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { signInAnonymously, signUpVerified, uniqueEmail } from "../helpers/users.js";

const OWNER = uniqueEmail("owner");

describe("the admin rule (PRODUCT.md › Admins)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { OWNER_EMAIL: OWNER.toUpperCase() } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("makes the owner e-mail an admin, in any letter case", async () => {
    const { client } = await signUpVerified(server, { email: OWNER });
    expect((await client.get("/api/me")).body.isAdmin).toBe(true);
  });

  it("makes a user whose plan is ADMIN an admin", async () => {
    const { client, userId } = await signUpVerified(server);
    expect((await client.get("/api/me")).body.isAdmin).toBe(false);
    await server.db.kysely
      .updateTable("users")
      .set({ plan: "ADMIN" })
      .where("id", "=", userId)
      .execute();
    expect((await client.get("/api/me")).body).toMatchObject({
      user: { plan: "ADMIN" },
      isAdmin: true,
    });
  });

  it("leaves everyone else, anonymous users included, without admin rights", async () => {
    const { client } = await signUpVerified(server);
    expect((await client.get("/api/me")).body.isAdmin).toBe(false);
    const anonymous = await signInAnonymously(server);
    expect((await anonymous.client.get("/api/me")).body.isAdmin).toBe(false);
  });

  it("offers no dev sign-in outside dev mode", async () => {
    const response = await server.client().post("/api/dev/sign-in", { id: "ADMIN0" });
    expect(response.status).toBe(404);
  });
});

describe("dev mode (MNEMO_DEV=1)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MNEMO_DEV: "1" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("makes every signed-in user an admin", async () => {
    const { client } = await signUpVerified(server);
    expect((await client.get("/api/me")).body.isAdmin).toBe(true);
  });

  it.each(["ADMIN0", "ADMIN1"])(
    "signs in as the fixed identity %s (plan ADMIN, Korean)",
    async (id) => {
      const client = server.client();
      const first = await client.post("/api/dev/sign-in", { id });
      expect(first.status).toBe(200);
      const me = await client.get("/api/me");
      expect(me.body).toMatchObject({
        user: { id, plan: "ADMIN", lang: "ko", countryCode: "KR" },
        isAdmin: true,
        isAnonymous: false,
      });
      // A second sign-in reuses the identity instead of creating another.
      expect((await server.client().post("/api/dev/sign-in", { id })).status).toBe(200);
      const rows = await server.db.kysely
        .selectFrom("users")
        .select("id")
        .where("id", "=", id)
        .execute();
      expect(rows).toHaveLength(1);
    },
  );

  it("refuses any other identity with VALIDATION_FAILED", async () => {
    const response = await server.client().post("/api/dev/sign-in", { id: "ADMIN2" });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
  });
});
