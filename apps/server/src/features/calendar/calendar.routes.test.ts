import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

let server: TestServer;
let clock = Date.UTC(2026, 10, 23, 3, 0, 0);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

/** A memo in the root folder created at `at` (the clock is moved for the create). */
async function buildMemoAt(client: TestClient, title: string, at: number) {
  clock = at;
  return buildMemo(client, { folderId: "root", title });
}

describe("GET /api/calendar", () => {
  let client: TestClient;
  let early: { id: string };
  let late: { id: string };

  beforeAll(async () => {
    ({ client } = await signUpVerified(server));
    // 2026-11-10 20:00 UTC is 2026-11-11 05:00 in Seoul.
    early = await buildMemoAt(client, "이른 메모", Date.UTC(2026, 10, 10, 20, 0));
    late = await buildMemoAt(client, "늦은 메모", Date.UTC(2026, 10, 11, 10, 0));
    clock = Date.UTC(2026, 10, 12, 23, 0);
    for (const reviewedAt of [
      Date.UTC(2026, 10, 11, 12, 0),
      Date.UTC(2026, 10, 11, 16, 0),
      Date.UTC(2026, 10, 12, 1, 0),
    ]) {
      await client.post(`/api/memos/${early.id}/reviews`, {
        opId: newOpId("calendar-op"),
        reviewedAt,
      });
    }
    clock = Date.UTC(2026, 10, 12, 2, 0);
    await client.post(`/api/memos/${late.id}/complete`, { opId: newOpId("calendar-op") });
    clock = Date.UTC(2026, 10, 12, 3, 0);
    await client.post(`/api/memos/${early.id}/complete`, { opId: newOpId("calendar-op") });
    clock = Date.UTC(2026, 10, 12, 4, 0);
    await client.post(`/api/memos/${early.id}/uncomplete`, { opId: newOpId("calendar-op") });
  });

  it("buckets what happened by UTC day", async () => {
    const response = await client.get("/api/calendar?from=2026-11-01&to=2026-11-30");
    expect(response.status).toBe(200);
    expect(response.body.days).toEqual([
      {
        date: "2026-11-10",
        created: [{ id: early.id, title: "이른 메모", folderId: "root" }],
        reviewed: [],
        completed: [],
      },
      {
        date: "2026-11-11",
        created: [{ id: late.id, title: "늦은 메모", folderId: "root" }],
        reviewed: [{ id: early.id, title: "이른 메모", folderId: "root", count: 2 }],
        completed: [],
      },
      {
        date: "2026-11-12",
        created: [],
        reviewed: [{ id: early.id, title: "이른 메모", folderId: "root", count: 1 }],
        completed: [{ id: late.id, title: "늦은 메모", folderId: "root", count: 1 }],
      },
    ]);
  });

  it("buckets by the viewer's local day with tz", async () => {
    const response = await client.get("/api/calendar?from=2026-11-11&to=2026-11-12&tz=540");
    expect(response.status).toBe(200);
    expect(response.body.days).toEqual([
      {
        date: "2026-11-11",
        created: [
          { id: early.id, title: "이른 메모", folderId: "root" },
          { id: late.id, title: "늦은 메모", folderId: "root" },
        ],
        reviewed: [{ id: early.id, title: "이른 메모", folderId: "root", count: 1 }],
        completed: [],
      },
      {
        date: "2026-11-12",
        created: [],
        reviewed: [{ id: early.id, title: "이른 메모", folderId: "root", count: 2 }],
        completed: [{ id: late.id, title: "늦은 메모", folderId: "root", count: 1 }],
      },
    ]);
  });

  it("leaves out days outside the range", async () => {
    const response = await client.get("/api/calendar?from=2026-11-12&to=2026-11-12");
    expect(response.body.days.map((d: { date: string }) => d.date)).toEqual(["2026-11-12"]);
    const empty = await client.get("/api/calendar?from=2026-10-01&to=2026-10-31");
    expect(empty.body.days).toEqual([]);
  });

  it("never shows another user's memos", async () => {
    const other = await signUpVerified(server);
    const response = await other.client.get("/api/calendar?from=2026-11-01&to=2026-11-30");
    expect(response.status).toBe(200);
    expect(response.body.days).toEqual([]);
  });

  it.each([
    ["from=2026-11-01", "to"],
    ["from=2026-02-30&to=2026-03-01", "from"],
    ["from=2026/11/01&to=2026-11-02", "from"],
    ["from=2026-11-10&to=2026-11-09", "to"],
    ["from=2026-01-01&to=2026-03-04", "to"],
    ["from=2026-11-01&to=2026-11-02&tz=900", "tz"],
  ])("refuses %s with VALIDATION_FAILED at %s", async (query, path) => {
    const response = await client.get(`/api/calendar?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
  });

  it("accepts 62 days", async () => {
    const response = await client.get("/api/calendar?from=2026-10-01&to=2026-12-01");
    expect(response.status).toBe(200);
    expect(response.body.days).toHaveLength(3);
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/calendar?from=2026-11-01&to=2026-11-30");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});
