import { statsFromRows, statsQuerySchema } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

// 2026-11-23 12:00 UTC: 21:00 in Seoul, 07:00 in New York.
let clock = Date.UTC(2026, 10, 23, 12);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock, env: { LOG_LEVEL: "error" } });
});
afterAll(async () => {
  await server.close();
});

/** Review times around Seoul and New York midnights, the New York autumn transition included. */
const REVIEW_TIMES = [
  Date.UTC(2026, 10, 22, 14, 59), // 11-22 23:59 Seoul
  Date.UTC(2026, 10, 22, 15, 0), // 11-23 00:00 Seoul
  Date.UTC(2026, 10, 23, 4, 59), // 11-22 23:59 New York
  Date.UTC(2026, 10, 23, 5, 0), // 11-23 00:00 New York
  Date.UTC(2026, 10, 21, 12),
  Date.UTC(2026, 10, 20, 12),
  Date.UTC(2026, 10, 1, 5, 30), // 11-01 01:30 EDT, the first of the repeated hour
  Date.UTC(2026, 10, 1, 6, 30), // 11-01 01:30 EST, the second
  Date.UTC(2026, 9, 31, 12),
  Date.UTC(2026, 4, 5, 3, 45), // the 365-day window only
  Date.UTC(2025, 10, 23, 12), // 366 days before: outside the year
];

describe("GET /api/stats", () => {
  let client: TestClient;
  const reviewRows: Array<{ reviewedAt: number; grade: null; folderId: string }> = [];

  beforeAll(async () => {
    ({ client } = await signUpVerified(server));
    clock = Date.UTC(2025, 0, 1);
    const memo = await buildMemo(client, { folderId: "root", title: "통계 메모" });
    clock = Date.UTC(2026, 10, 23, 12);
    for (const reviewedAt of REVIEW_TIMES) {
      const response = await client.post(`/api/memos/${memo.id}/reviews`, {
        opId: newOpId("stats"),
        reviewedAt,
      });
      expect(response.status).toBe(200);
      reviewRows.push({ reviewedAt, grade: null, folderId: "root" });
    }
  });

  it("buckets reviews by Seoul days and answers streaks, windows and an empty forecast", async () => {
    const response = await client.get("/api/stats?from=2025-11-24&to=2026-11-23&tz=Asia/Seoul");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      from: "2025-11-24",
      to: "2026-11-23",
      timeZone: "Asia/Seoul",
      today: "2026-11-23",
      totalReviews: 10,
      streaks: { current: 4, longest: 4 },
      retention: [],
    });
    expect(response.body.days).toEqual([
      { date: "2026-05-05", count: 1 },
      { date: "2026-10-31", count: 1 },
      { date: "2026-11-01", count: 2 },
      { date: "2026-11-20", count: 1 },
      { date: "2026-11-21", count: 1 },
      { date: "2026-11-22", count: 1 },
      { date: "2026-11-23", count: 3 },
    ]);
    expect(response.body.windows).toEqual([
      { days: 30, reviews: 9, perDay: 9 / 30 },
      { days: 90, reviews: 9, perDay: 9 / 90 },
      { days: 365, reviews: 10, perDay: 10 / 365 },
    ]);
    expect(response.body.forecast).toHaveLength(30);
    expect(response.body.forecast[0]).toEqual({ date: "2026-11-23", due: 0 });
  });

  it.each([
    ["Asia/Seoul", "2025-11-24", "2026-11-23"],
    ["America/New_York", "2025-11-23", "2026-11-23"],
    ["Asia/Kathmandu", "2026-10-01", "2026-11-30"],
    ["UTC", "2026-11-01", "2026-11-01"],
  ])("answers what the domain computes from the rows in %s", async (tz, from, to) => {
    const response = await client.get(`/api/stats?from=${from}&to=${to}&tz=${tz}`);
    expect(response.status).toBe(200);
    const expected = statsFromRows(statsQuerySchema.parse({ from, to, tz }), clock, {
      reviews: reviewRows,
      fsrsDue: [],
      fsrsFolders: [],
    });
    expect(response.body).toEqual(expected);
  });

  it("puts both repeated 01:30s of New York's autumn night on 11-01", async () => {
    const response = await client.get(
      "/api/stats?from=2026-10-31&to=2026-11-01&tz=America/New_York",
    );
    expect(response.body.days).toEqual([
      { date: "2026-10-31", count: 1 },
      { date: "2026-11-01", count: 2 },
    ]);
  });

  it("counts a review once it is recorded and shows another user nothing", async () => {
    const other = await signUpVerified(server);
    const empty = await other.client.get("/api/stats?from=2026-11-23&to=2026-11-23&tz=UTC");
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ days: [], totalReviews: 0 });
    const memo = await buildMemo(other.client, { folderId: "root" });
    await other.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId("stats") });
    const one = await other.client.get("/api/stats?from=2026-11-23&to=2026-11-23&tz=UTC");
    expect(one.body.days).toEqual([{ date: "2026-11-23", count: 1 }]);
    const mine = await client.get("/api/stats?from=2026-11-23&to=2026-11-23&tz=UTC");
    expect(mine.body.totalReviews).toBe(2);
  });

  it("forgets the reviews of a deleted memo", async () => {
    const other = await signUpVerified(server);
    const memo = await buildMemo(other.client, { folderId: "root" });
    await other.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId("stats") });
    await other.client.delete(`/api/memos/${memo.id}`);
    const response = await other.client.get("/api/stats?from=2026-11-23&to=2026-11-23");
    expect(response.body).toMatchObject({ days: [], totalReviews: 0 });
  });

  it("answers true retention per FSRS folder and the forecast of FSRS due dates, undone reviews left out", async () => {
    const other = await signUpVerified(server);
    const c = other.client;
    const words = await buildFolder(c, { title: "단어" });
    const facts = await buildFolder(c, { title: "Facts" });
    await buildFolder(c, { title: "반복" });
    for (const [folder, desiredRetention] of [
      [words, 0.85],
      [facts, 0.95],
    ] as const) {
      const response = await c.patch(`/api/folders/${folder.id}`, {
        scheduler: "fsrs",
        desiredRetention,
      });
      expect(response.status).toBe(200);
    }
    const word = await buildMemo(c, { folderId: words.id, title: "apple" });
    await buildMemo(c, { folderId: facts.id, title: "never reviewed" });
    const review = async (grade?: number) => {
      const opId = newOpId("stats");
      const response = await c.post(`/api/memos/${word.id}/reviews`, {
        opId,
        ...(grade && { grade }),
      });
      expect(response.status).toBe(200);
      return opId;
    };
    await review(1);
    await review(3);
    await review();
    const undone = await review(1);
    const undo = await c.post("/api/sync/ops", {
      ops: [
        { kind: "memo.review.undo", opId: newOpId("stats"), memoId: word.id, reviewOpId: undone },
      ],
    });
    expect(undo.body.results[0].status).toBe("applied");

    const response = await c.get("/api/stats?from=2026-11-23&to=2026-11-23&tz=Asia/Seoul");
    expect(response.status).toBe(200);
    expect(response.body.totalReviews).toBe(3);
    expect(response.body.retention).toEqual([
      {
        folderId: facts.id,
        title: "Facts",
        desiredRetention: 0.95,
        reviews: 0,
        passed: 0,
        trueRetention: null,
      },
      {
        folderId: words.id,
        title: "단어",
        desiredRetention: 0.85,
        reviews: 3,
        passed: 2,
        trueRetention: 2 / 3,
      },
    ]);
    // Both FSRS memos are due within the forecast, as their stored due dates say.
    const dues = await server.db.kysely
      .selectFrom("memo_fsrs")
      .select("due")
      .where("user_id", "=", other.userId)
      .execute();
    expect(dues).toHaveLength(2);
    const expected = statsFromRows(
      statsQuerySchema.parse({ from: "2026-11-23", to: "2026-11-23", tz: "Asia/Seoul" }),
      clock,
      { reviews: [], fsrsDue: dues.map((row) => ({ due: Number(row.due) })), fsrsFolders: [] },
    );
    expect(response.body.forecast).toEqual(expected.forecast);
    expect(
      response.body.forecast.reduce((sum: number, day: { due: number }) => sum + day.due, 0),
    ).toBe(dues.filter((row) => Number(row.due) < clock + 31 * 86_400_000).length);

    // Overdue memos (due before today) are counted apart from the days ahead, on today.
    await server.db.kysely
      .updateTable("memo_fsrs")
      .set({ due: clock - 3 * 86_400_000 })
      .where("user_id", "=", other.userId)
      .where("memo_id", "=", word.id)
      .execute();
    const overdue = await c.get("/api/stats?from=2026-11-23&to=2026-11-23&tz=Asia/Seoul");
    const overdueDues = await server.db.kysely
      .selectFrom("memo_fsrs")
      .select("due")
      .where("user_id", "=", other.userId)
      .execute();
    const expectedOverdue = statsFromRows(
      statsQuerySchema.parse({ from: "2026-11-23", to: "2026-11-23", tz: "Asia/Seoul" }),
      clock,
      {
        reviews: [],
        fsrsDue: overdueDues.map((row) => ({ due: Number(row.due) })),
        fsrsFolders: [],
      },
    );
    expect(overdue.body.forecast).toEqual(expectedOverdue.forecast);
    expect(overdue.body.forecast[0].due).toBeGreaterThanOrEqual(1);
  });

  it("forecasts FSRS due dates by New York days across its autumn change and at local midnights", async () => {
    const saved = clock;
    // Today is 2026-10-20 in New York: the forecast's 30 days hold the 11-01 change (EDT → EST).
    clock = Date.UTC(2026, 9, 20, 12);
    try {
      const other = await signUpVerified(server);
      const c = other.client;
      const folder = await buildFolder(c, { title: "FSRS", scheduler: "fsrs" });
      const dueTimes = [
        Date.UTC(2026, 9, 20, 3, 59, 59, 999), // 10-19 23:59:59.999 EDT: overdue
        Date.UTC(2026, 9, 20, 4, 0), // 10-20 00:00 EDT: today
        Date.UTC(2026, 10, 1, 3, 59, 59, 999), // 10-31 23:59:59.999 EDT
        Date.UTC(2026, 10, 1, 4, 0), // 11-01 00:00 EDT
        Date.UTC(2026, 10, 1, 6, 30), // 11-01 01:30 EST, the repeated hour
        Date.UTC(2026, 10, 2, 4, 59, 59, 999), // 11-01 23:59:59.999 EST
        Date.UTC(2026, 10, 2, 5, 0), // 11-02 00:00 EST
        Date.UTC(2026, 10, 19, 4, 59, 59, 999), // 11-18 23:59:59.999 EST, the forecast's last day
        Date.UTC(2026, 10, 19, 5, 0), // 11-19 00:00 EST, after it
      ];
      for (const [index, due] of dueTimes.entries()) {
        const memo = await buildMemo(c, { folderId: folder.id, title: `due ${index}` });
        const review = await c.post(`/api/memos/${memo.id}/reviews`, {
          opId: newOpId("due"),
          grade: 3,
        });
        expect(review.status).toBe(200);
        await server.db.kysely
          .updateTable("memo_fsrs")
          .set({ due })
          .where("user_id", "=", other.userId)
          .where("memo_id", "=", memo.id)
          .execute();
      }
      const query = { from: "2026-10-20", to: "2026-10-20", tz: "America/New_York" };
      const response = await c.get(`/api/stats?${new URLSearchParams(query)}`);
      expect(response.status).toBe(200);
      const expected = statsFromRows(statsQuerySchema.parse(query), clock, {
        reviews: [],
        fsrsDue: dueTimes.map((due) => ({ due })),
        fsrsFolders: [],
      });
      expect(response.body.forecast).toEqual(expected.forecast);
      const dueOn = (date: string) =>
        response.body.forecast.find((day: { date: string }) => day.date === date)?.due;
      expect(response.body.forecast).toHaveLength(30);
      expect(
        ["2026-10-20", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-18"].map(dueOn),
      ).toEqual([2, 1, 3, 1, 1]);
    } finally {
      clock = saved;
    }
  });

  it.each([
    ["from=2026-11-01", "to"],
    ["from=2026-11-01&to=2026-11-02&tz=Asia/Busan", "tz"],
    ["from=2026-11-01&to=2026-11-02&tz=%2B09:00", "tz"],
    ["from=2025-11-17&to=2026-11-23", "to"],
    ["from=2026-11-10&to=2026-11-09", "to"],
    ["from=2026-02-30&to=2026-03-01", "from"],
  ])("refuses %s with VALIDATION_FAILED at %s", async (query, path) => {
    const response = await client.get(`/api/stats?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/stats?from=2026-11-01&to=2026-11-30");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });

  it("keeps the quarter counts equal to the counting review rows, deletes and undos included", async () => {
    const rows = await server.db.kysely
      .selectFrom("review_quarter_counts")
      .select((eb) => eb.fn.sum<number>("reviews").as("n"))
      .executeTakeFirstOrThrow();
    const reviews = await server.db.kysely
      .selectFrom("memo_reviews")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("undone_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(Number(reviews.n));
  });
});
