import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

const OWNER = "owner@mnemo.test";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { OWNER_EMAIL: OWNER } });
});
afterAll(async () => {
  await server.close();
});

const entry = {
  code: "AUTH_WRONG_PASSWORD",
  country: "KR",
  message: "비밀번호가 틀렸습니다",
  userKey: "someone-else",
};

describe("POST /api/logs", () => {
  it("stores an entry from a signed-out client with userKey null", async () => {
    const response = await server.client().post("/api/logs", entry);
    expect(response.status).toBe(201);
    const rows = await server.db.kysely
      .selectFrom("error_logs")
      .selectAll()
      .where("message", "=", entry.message)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_key).toBeNull();
  });

  it("stamps the session's user as userKey, whatever the body claims", async () => {
    const { client, userId } = await signUpVerified(server);
    await client.post("/api/logs", { ...entry, message: "signed in" });
    const row = await server.db.kysely
      .selectFrom("error_logs")
      .select("user_key")
      .where("message", "=", "signed in")
      .executeTakeFirstOrThrow();
    expect(row.user_key).toBe(userId);
  });

  it.each([
    [{ ...entry, code: "" }, "code"],
    [{ ...entry, message: "x".repeat(2001) }, "message"],
    [{ ...entry, country: "TOOLONGCOUNTRY" }, "country"],
    [{ code: "X", country: "KR", message: "m" }, "userKey"],
  ])("refuses %j with VALIDATION_FAILED at %s", async (body, path) => {
    const response = await server.client().post("/api/logs", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("refuses a body over 8 KiB with PAYLOAD_TOO_LARGE", async () => {
    const response = await server.client().post("/api/logs", { ...entry, pad: "x".repeat(9000) });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("limits one IP to 30 entries a minute with RATE_LIMITED", async () => {
    const client = server.client();
    client.headers["x-forwarded-for"] = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await client.post("/api/logs", { ...entry, message: `flood ${i}` })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    const last = await client.post("/api/logs", entry);
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe("RATE_LIMITED");
  });
});

describe("GET /api/admin/logs", () => {
  it("lists the newest entries first for the owner", async () => {
    const { client } = await signUpVerified(server, { email: OWNER });
    await server.client().post("/api/logs", { ...entry, message: "newest" });
    const response = await client.get("/api/admin/logs?limit=5");
    expect(response.status).toBe(200);
    expect(response.body.entries[0].message).toBe("newest");
  });

  it("answers 403 FORBIDDEN to a normal user and 401 when signed out", async () => {
    const { client } = await signUpVerified(server);
    const forbidden = await client.get("/api/admin/logs");
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("FORBIDDEN");
    expect((await server.client().get("/api/admin/logs")).status).toBe(401);
  });
});
