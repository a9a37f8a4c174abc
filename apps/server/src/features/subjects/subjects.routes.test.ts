import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("POST /api/subjects", () => {
  it("creates new trimmed names and adds 1 to the setCount of known ones", async () => {
    const { client } = await signUpVerified(server, { lang: "ko" });
    const first = await client.post("/api/subjects", { names: ["  수학 ", "English", "수학"] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: ["수학", "English"], incremented: [] });

    const second = await client.post("/api/subjects", { names: ["English", "과학"] });
    expect(second.body).toEqual({ created: ["과학"], incremented: ["English"] });

    const list = await client.get("/api/subjects");
    const byName = Object.fromEntries(
      list.body.subjects.map((s: { name: string; setCount: number }) => [s.name, s.setCount]),
    );
    expect(byName).toEqual({ English: 2, 수학: 1, 과학: 1 });
    expect(list.body.subjects[0].name).toBe("English");
  });

  it("keeps subjects per country: a KR subject is not listed for US", async () => {
    const { client } = await signUpVerified(server, { lang: "ko" });
    await client.post("/api/subjects", { names: ["국어"], countryCode: "KR" });
    const us = await client.get("/api/subjects?countryCode=US");
    expect(us.body.subjects.map((s: { name: string }) => s.name)).not.toContain("국어");
  });

  it.each([
    [{ names: [] }, "names"],
    [{ names: "수학" }, "names"],
    [{ names: ["x".repeat(101)] }, "names.0"],
    [{ names: ["ok"], countryCode: "XX" }, "countryCode"],
  ])("refuses %j with VALIDATION_FAILED at %s and stores nothing", async (body, path) => {
    const { client } = await signUpVerified(server);
    const response = await client.post("/api/subjects", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    const rows = await server.db.kysely.selectFrom("subjects").select("name").execute();
    expect(rows.map((r) => r.name)).not.toContain("ok");
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().post("/api/subjects", { names: ["수학"] });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
    const list = await server.client().get("/api/subjects");
    expect(list.status).toBe(401);
  });
});
