import { DAY_MS, ErrorCode, SUBJECT_ADDITIONS_PER_DAY } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signInAnonymously, signUpVerified, uniqueEmail } from "../../../test/helpers/users.js";

const ADMIN_EMAIL = uniqueEmail("admin");
let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { OWNER_EMAIL: ADMIN_EMAIL }, now: () => clock });
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

/** The names of a country's subjects as the list answers them. */
async function listedNames(
  client: Awaited<ReturnType<typeof signUpVerified>>["client"],
  country: string,
) {
  const list = await client.get(`/api/subjects?countryCode=${country}&limit=500`);
  return list.body.subjects.map((subject: { name: string }) => subject.name);
}

async function storedNames(): Promise<string[]> {
  const rows = await server.db.kysely.selectFrom("subjects").select("name").execute();
  return rows.map((row) => row.name);
}

describe("POST /api/subjects limits (issue 16 item 12)", () => {
  it("refuses an anonymous user with SUBJECT_VERIFIED_ACCOUNT_REQUIRED and stores nothing", async () => {
    const { client } = await signInAnonymously(server);
    const response = await client.post("/api/subjects", { names: ["익명 과목"] });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe(ErrorCode.SUBJECT_VERIFIED_ACCOUNT_REQUIRED);
    expect(await storedNames()).not.toContain("익명 과목");
  });

  it(`takes ${SUBJECT_ADDITIONS_PER_DAY} names a day per user, then SUBJECT_DAILY_LIMIT_REACHED until a day has passed`, async () => {
    const { client } = await signUpVerified(server);
    const names = Array.from({ length: SUBJECT_ADDITIONS_PER_DAY }, (_, i) => `한도 ${i}`);
    expect((await client.post("/api/subjects", { names })).status).toBe(200);
    // Known names count too: adding one raises its rank for everyone.
    for (const name of ["한도 넘침", "한도 0"]) {
      const response = await client.post("/api/subjects", { names: [name] });
      expect(response.status).toBe(429);
      expect(response.body.error.code).toBe(ErrorCode.SUBJECT_DAILY_LIMIT_REACHED);
    }
    expect(await storedNames()).not.toContain("한도 넘침");
    const other = await signUpVerified(server);
    expect((await other.client.post("/api/subjects", { names: ["다른 사람"] })).status).toBe(200);

    clock += DAY_MS;
    expect((await client.post("/api/subjects", { names: ["한도 넘침"] })).status).toBe(200);
  });

  it("lets no parallel requests together pass the daily limit", async () => {
    const { client } = await signUpVerified(server);
    const batch = (n: number) => Array.from({ length: 20 }, (_, i) => `병렬 ${n}-${i}`);
    const responses = await Promise.all(
      [0, 1, 2, 3, 4].map((n) => client.post("/api/subjects", { names: batch(n) })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const stored = (await storedNames()).filter((name) => name.startsWith("병렬 "));
    expect(stored).toHaveLength(40);
  });
});

describe("POST /api/admin/subjects/hide", () => {
  let admin: Awaited<ReturnType<typeof signUpVerified>>;
  beforeAll(async () => {
    admin = await signUpVerified(server, { email: ADMIN_EMAIL, lang: "ko" });
  });

  it("hides a subject from its country's list, also when it is added again", async () => {
    const user = await signUpVerified(server, { lang: "ko" });
    await user.client.post("/api/subjects", { names: ["광고 스팸", "역사"], countryCode: "KR" });
    const response = await admin.client.post("/api/admin/subjects/hide", {
      countryCode: "KR",
      name: " 광고 스팸 ",
    });
    expect(response.status).toBe(204);
    expect(await listedNames(user.client, "KR")).not.toContain("광고 스팸");
    expect(await listedNames(user.client, "KR")).toContain("역사");
    await user.client.post("/api/subjects", { names: ["광고 스팸"], countryCode: "KR" });
    expect(await listedNames(user.client, "KR")).not.toContain("광고 스팸");
  });

  it("answers 404 SUBJECT_NOT_FOUND for a name the country does not have", async () => {
    const response = await admin.client.post("/api/admin/subjects/hide", {
      countryCode: "KR",
      name: "없는 과목",
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(ErrorCode.SUBJECT_NOT_FOUND);
  });

  it("answers 403 FORBIDDEN to a user who is not an admin and hides nothing", async () => {
    const user = await signUpVerified(server, { lang: "ko" });
    await user.client.post("/api/subjects", { names: ["보존"], countryCode: "KR" });
    const response = await user.client.post("/api/admin/subjects/hide", {
      countryCode: "KR",
      name: "보존",
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe(ErrorCode.FORBIDDEN);
    expect(await listedNames(user.client, "KR")).toContain("보존");
  });
});
