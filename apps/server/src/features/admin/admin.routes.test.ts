import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

const OWNER = "owner@mnemo.test";
let server: TestServer;
let owner: TestClient;
beforeAll(async () => {
  server = await startTestServer({ env: { OWNER_EMAIL: OWNER } });
  owner = (await signUpVerified(server, { email: OWNER })).client;
});
afterAll(async () => {
  await server.close();
});

describe("GET /api/admin/analytics", () => {
  it("counts users and today's sign-ups for the owner", async () => {
    await signUpVerified(server);
    const response = await owner.get("/api/admin/analytics?days=7");
    expect(response.status).toBe(200);
    expect(response.body.userCount).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.body.signUpsPerDay).toEqual([{ date: today, count: 2 }]);
    expect(response.body.reviewsPerDay).toEqual([]);
    expect(Array.isArray(response.body.latestErrors)).toBe(true);
  });

  it.each(["days=0", "days=400", "tz=9999", "days=abc"])(
    "refuses %s with VALIDATION_FAILED",
    async (query) => {
      const response = await owner.get(`/api/admin/analytics?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    },
  );

  it("answers 403 FORBIDDEN to a normal user and 401 when signed out", async () => {
    const { client } = await signUpVerified(server);
    expect((await client.get("/api/admin/analytics")).body.error.code).toBe("FORBIDDEN");
    expect((await server.client().get("/api/admin/analytics")).status).toBe(401);
  });
});
