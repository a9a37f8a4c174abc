import {
  DAY_MS,
  type MemoSummary,
  previewFromHtml,
  repetitionDueKey,
  repetitionScore,
  SORT_MODES,
  type SortMode,
  sortMemos,
  sortMemosWithValues,
} from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, countRows, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

/** 2026-11-23 03:00 UTC = 12:00 in Seoul (UTC+9). */
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);
const KST = 540;

let server: TestServer;
let alice: { client: TestClient; userId: string };
let bob: { client: TestClient; userId: string };
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

async function storedMemo(userId: string, id: string) {
  return server.db.kysely
    .selectFrom("memos")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Every page of a list, following nextCursor. */
async function allPages(
  client: TestClient,
  folderId: string,
  params: Record<string, string | number>,
  limit: number,
) {
  const memos: Array<Record<string, unknown> & { id: string }> = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ ...params, limit: String(limit) } as Record<
      string,
      string
    >);
    if (cursor) query.set("cursor", cursor);
    const response = await client.get(`/api/folders/${folderId}/memos?${query}`);
    expect(response.status).toBe(200);
    expect(response.body.memos.length).toBeLessThanOrEqual(limit);
    memos.push(...response.body.memos);
    cursor = response.body.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 100);
  return { memos, pages };
}

describe("POST /api/memos", () => {
  it("creates a memo with sanitized contents, its preview and the folder's keys", async () => {
    const folder = await buildFolder(alice.client, { dateRepetitionValue: 3 });
    const contents = '<p onclick="x()">안녕하세요 <b>세계</b></p><script>alert(1)</script>';
    const response = await alice.client.post("/api/memos", {
      folderId: folder.id,
      title: "첫 메모",
      contents,
      tags: ["한국어", "word"],
      flashCardHint: "힌트",
      priority: 2,
      categoryId: "cat1",
      category: "언어",
    });
    expect(response.status).toBe(201);
    const { memo } = response.body;
    expect(memo).toMatchObject({
      folderId: folder.id,
      title: "첫 메모",
      contents: "<p>안녕하세요 <b>세계</b></p>",
      preview: "안녕하세요 세계",
      tags: ["한국어", "word"],
      flashCardHint: "힌트",
      priority: 2,
      categoryId: "cat1",
      category: "언어",
      type: "memo",
      userId: alice.userId,
      reviewCount: 0,
      accumulatedReviewValue: 0,
      reviewedDates: [],
      completedDates: [],
      lastReviewedAt: null,
      completedCount: 0,
      isCompleted: false,
      createdAt: clock,
      updatedAt: clock,
    });
    expect(memo.id).toMatch(/^[A-Za-z]{20}$/);
    const row = await storedMemo(alice.userId, memo.id);
    expect(row?.due_key).toBe(repetitionDueKey(clock, 3, 0));
    expect(row?.home_rv).toBe(3);
  });

  it("cuts the preview at 120 characters", async () => {
    const folder = await buildFolder(alice.client);
    const long = "가".repeat(130);
    const memo = await buildMemo(alice.client, { folderId: folder.id, contents: `<p>${long}</p>` });
    expect(memo.preview).toBe(previewFromHtml(long));
    expect(memo.preview).toBe(`${"가".repeat(120)}…`);
  });

  it("puts a memo in the root folder of a new user", async () => {
    const { client } = await signUpVerified(server);
    const memo = await buildMemo(client, { folderId: "root" });
    expect(memo.folderId).toBe("root");
  });

  it("answers the existing memo for a repeated client id, storing it once", async () => {
    const folder = await buildFolder(alice.client);
    const body = { id: "offlineMemoIdAAAAAAA", folderId: folder.id, title: "오프라인 메모" };
    const first = await alice.client.post("/api/memos", body);
    expect(first.status).toBe(201);
    const second = await alice.client.post("/api/memos", { ...body, title: "바뀐 제목" });
    expect(second.status).toBe(200);
    expect(second.body.memo).toEqual(first.body.memo);
    const rows = await server.db.kysely
      .selectFrom("memos")
      .select("id")
      .where("user_id", "=", alice.userId)
      .where("id", "=", body.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ title: "제목" }, "folderId"],
    [{ folderId: "root" }, "title"],
    [{ folderId: "root", title: "  " }, "title"],
    [{ folderId: "root", title: "x", tags: "tag" }, "tags"],
    [{ folderId: "root", title: "x", priority: 1.5 }, "priority"],
    [{ folderId: "root", title: "x", contents: 5 }, "contents"],
  ])("refuses %j with VALIDATION_FAILED at %s and stores nothing", async (body, path) => {
    const before = await countRows(server, "memos", alice.userId);
    const response = await alice.client.post("/api/memos", body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
    expect(await countRows(server, "memos", alice.userId)).toBe(before);
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder", async () => {
    const bobs = await buildFolder(bob.client);
    const before = await countRows(server, "memos", alice.userId);
    const response = await alice.client.post("/api/memos", { folderId: bobs.id, title: "침입" });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
    expect(await countRows(server, "memos", alice.userId)).toBe(before);
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().post("/api/memos", { folderId: "root", title: "x" });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});

describe("GET /api/memos/:memoId", () => {
  it("answers the whole memo with review and completion times, oldest first", async () => {
    const folder = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, { folderId: folder.id, contents: "<p>본문</p>" });
    const times = [T0 - 3000, T0 - 9000, T0 - 6000];
    for (const reviewedAt of times) {
      await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId(), reviewedAt });
    }
    await alice.client.post(`/api/memos/${memo.id}/complete`, { opId: newOpId() });
    const response = await alice.client.get(`/api/memos/${memo.id}`);
    expect(response.status).toBe(200);
    expect(response.body.memo).toMatchObject({
      contents: "<p>본문</p>",
      reviewedDates: [T0 - 9000, T0 - 6000, T0 - 3000],
      completedDates: [clock],
      reviewCount: 3,
      lastReviewedAt: T0 - 3000,
      completedCount: 1,
      isCompleted: true,
    });
  });

  it("answers 400 VALIDATION_FAILED for a malformed id", async () => {
    const response = await alice.client.get("/api/memos/no%20spaces");
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path: "memoId" }));
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo, without its data", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root", title: "밥의 비밀" });
    const response = await alice.client.get(`/api/memos/${bobs.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    expect(JSON.stringify(response.body)).not.toContain("비밀");
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    expect((await server.client().get(`/api/memos/${memo.id}`)).status).toBe(401);
  });
});

describe("PATCH /api/memos/:memoId", () => {
  it("changes the fields and derives a new preview from new contents", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root", contents: "<p>옛 내용</p>" });
    clock += 5000;
    const response = await alice.client.patch(`/api/memos/${memo.id}`, {
      title: "새 제목",
      contents: "<p>새 <em>내용</em></p>",
      tags: ["태그"],
      flashCardHint: "새 힌트",
      category: null,
    });
    expect(response.status).toBe(200);
    expect(response.body.memo).toMatchObject({
      title: "새 제목",
      contents: "<p>새 <em>내용</em></p>",
      preview: "새 내용",
      tags: ["태그"],
      flashCardHint: "새 힌트",
      category: null,
      updatedAt: clock,
      createdAt: memo.createdAt,
    });
  });

  it.each([
    ["", "empty"],
    ["<p></p>", "an empty paragraph"],
    ["<p><br></p>", "a line break"],
    ["<p>&nbsp; </p>", "spaces"],
    ["<script>alert(1)</script>", "only a script"],
  ])("keeps contents and preview when the new contents are %j (%s)", async (contents) => {
    const memo = await buildMemo(alice.client, { folderId: "root", contents: "<p>그대로</p>" });
    const response = await alice.client.patch(`/api/memos/${memo.id}`, {
      title: "제목만",
      contents,
    });
    expect(response.status).toBe(200);
    expect(response.body.memo).toMatchObject({
      title: "제목만",
      contents: "<p>그대로</p>",
      preview: "그대로",
    });
  });

  it.each([
    [{}, ""],
    [{ title: "" }, "title"],
    [{ tags: [1] }, "tags.0"],
    [{ flashCardHint: null }, "flashCardHint"],
  ])("refuses %j with VALIDATION_FAILED and changes nothing", async (body, path) => {
    const memo = await buildMemo(alice.client, { folderId: "root", title: "원래" });
    const response = await alice.client.patch(`/api/memos/${memo.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
    expect((await alice.client.get(`/api/memos/${memo.id}`)).body.memo).toEqual(memo);
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo and leaves it alone", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root", title: "밥" });
    const response = await alice.client.patch(`/api/memos/${bobs.id}`, { title: "앨리스" });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    expect((await storedMemo(bob.userId, bobs.id))?.title).toBe("밥");
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    expect((await server.client().patch(`/api/memos/${memo.id}`, { title: "x" })).status).toBe(401);
  });
});

describe("POST /api/memos/:memoId/move", () => {
  it("moves the memo and takes the new folder's repetition keys", async () => {
    const from = await buildFolder(alice.client, { dateRepetitionValue: 5 });
    const to = await buildFolder(alice.client, {
      dateRepetitionValue: 1.5,
      showAtHomeReviewList: false,
    });
    const memo = await buildMemo(alice.client, { folderId: from.id });
    await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId(), value: 2 });
    const response = await alice.client.post(`/api/memos/${memo.id}/move`, { folderId: to.id });
    expect(response.status).toBe(200);
    expect(response.body.memo).toMatchObject({ folderId: to.id, reviewCount: 1 });
    const row = await storedMemo(alice.userId, memo.id);
    expect(row?.due_key).toBe(repetitionDueKey(memo.createdAt, 1.5, 2));
    expect(row?.home_rv).toBeNull();
    const listed = await alice.client.get(`/api/folders/${to.id}/memos`);
    expect(listed.body.memos.map((m: { id: string }) => m.id)).toEqual([memo.id]);
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder and leaves the memo", async () => {
    const bobs = await buildFolder(bob.client);
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${memo.id}/move`, { folderId: bobs.id });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
    expect((await storedMemo(alice.userId, memo.id))?.folder_id).toBe("root");
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${bobs.id}/move`, { folderId: "root" });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
  });

  it("refuses a body without folderId with VALIDATION_FAILED", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${memo.id}/move`, {});
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(
      expect.objectContaining({ path: "folderId" }),
    );
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await server.client().post(`/api/memos/${memo.id}/move`, { folderId: "x" });
    expect(response.status).toBe(401);
  });
});

describe("DELETE /api/memos/:memoId", () => {
  it("deletes the memo with its reviews and completions", async () => {
    const { client, userId } = await signUpVerified(server);
    const memo = await buildMemo(client, { folderId: "root" });
    await client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId() });
    await client.post(`/api/memos/${memo.id}/complete`, { opId: newOpId() });
    const response = await client.delete(`/api/memos/${memo.id}`);
    expect(response.status).toBe(204);
    expect((await client.get(`/api/memos/${memo.id}`)).status).toBe(404);
    expect(await countRows(server, "memo_reviews", userId)).toBe(0);
    expect(await countRows(server, "memo_completions", userId)).toBe(0);
    // Deleting a deleted memo fulfils the intent again (offline clients replay deletes).
    expect((await client.delete(`/api/memos/${memo.id}`)).status).toBe(204);
  });

  it("answers 404 MEMO_NOT_FOUND for an id that never existed", async () => {
    const response = await alice.client.delete("/api/memos/neverExistedMemoIdAA");
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
  });

  it("answers 400 VALIDATION_FAILED for a malformed id", async () => {
    const response = await alice.client.delete(`/api/memos/${"x".repeat(65)}`);
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path: "memoId" }));
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo and keeps it", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root" });
    const response = await alice.client.delete(`/api/memos/${bobs.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    expect(await storedMemo(bob.userId, bobs.id)).toBeDefined();
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    expect((await server.client().delete(`/api/memos/${memo.id}`)).status).toBe(401);
    expect(await storedMemo(alice.userId, memo.id)).toBeDefined();
  });
});

describe("GET /api/folders/:folderId/memos", () => {
  /**
   * A folder of memos with ties in every key: same creation times, same priorities and counts,
   * reviews today in Seoul but yesterday in UTC, and fractional review values.
   */
  async function buildSortingFolder(client: TestClient) {
    const folder = await buildFolder(client, { dateRepetitionValue: 2.5, title: "정렬" });
    const plan = [
      { age: 5, priority: 1, reviews: [] },
      { age: 5, priority: 1, reviews: [] },
      { age: 4, priority: 0, reviews: [{ at: T0 - 11 * 3600_000, value: 1.1 }] },
      { age: 4, priority: 3, reviews: [{ at: T0 - 1 * 3600_000, value: 2.7 }] },
      { age: 3, priority: 3, reviews: [{ at: T0 - 30 * 3600_000, value: 0.3 }] },
      {
        age: 3,
        priority: -1,
        reviews: [
          { at: T0 - 50 * 3600_000, value: 5 },
          { at: T0 - 26 * 3600_000, value: 5 },
        ],
      },
      {
        age: 2,
        priority: 0,
        reviews: [
          { at: T0 - 40 * 3600_000, value: 1 },
          { at: T0 - 10 * 3600_000, value: 1 },
        ],
      },
      { age: 1, priority: 2, reviews: [{ at: T0 - 2 * 3600_000, value: 0 }] },
      { age: 1.5, priority: 0, reviews: [] },
      { age: 0.1, priority: 0, reviews: [{ at: T0 - 60_000, value: 9.9 }] },
      { age: 6, priority: 5, reviews: [] },
    ];
    for (const [index, item] of plan.entries()) {
      clock = T0 - item.age * DAY_MS;
      const memo = await buildMemo(client, {
        folderId: folder.id,
        title: `메모 ${index}`,
        priority: item.priority,
      });
      clock = T0;
      for (const review of item.reviews) {
        const response = await client.post(`/api/memos/${memo.id}/reviews`, {
          opId: newOpId(),
          value: review.value,
          reviewedAt: review.at,
        });
        expect(response.status).toBe(200);
      }
    }
    clock = T0;
    return folder;
  }

  async function details(client: TestClient, ids: readonly string[]) {
    const memos = [];
    for (const id of ids) memos.push((await client.get(`/api/memos/${id}`)).body.memo);
    return memos;
  }

  let sortingFolder: { id: string; dateRepetitionValue: number };
  let sortingClient: TestClient;

  beforeAll(async () => {
    sortingClient = (await signUpVerified(server)).client;
    sortingFolder = await buildSortingFolder(sortingClient);
  });

  const cases = SORT_MODES.flatMap((mode) => [0, KST, -300].map((tz) => [mode, tz] as const));

  it.each(cases)("orders %s (tz %i) exactly as the domain's sortMemos", async (mode, tz) => {
    const { memos } = await allPages(sortingClient, sortingFolder.id, { sort: mode, tz }, 100);
    const full = await details(
      sortingClient,
      memos.map((m) => m.id),
    );
    const expected = sortMemos(full, mode as SortMode, {
      now: clock,
      utcOffsetMinutes: tz,
      dateRepetitionValue: sortingFolder.dateRepetitionValue,
    });
    expect(memos.map((m) => m.id)).toEqual(expected.map((m) => m.id));
    expect(memos).toHaveLength(11);
  });

  it.each(cases)(
    "answers %s (tz %i) as the web's offline read of the same memos",
    async (mode, tz) => {
      // Pages of 3, so the page keys of the cursors take part too.
      const { memos } = await allPages(sortingClient, sortingFolder.id, { sort: mode, tz }, 3);
      // The device caches the rows it was sent, in no particular order, and lists a folder with
      // the domain's sortMemosWithValues (readMemoList in apps/web/src/offline/local-reads.ts).
      const cached = [...(memos as unknown as MemoSummary[])].reverse();
      const offline = sortMemosWithValues(cached, mode, {
        now: clock,
        utcOffsetMinutes: tz,
        dateRepetitionValue: sortingFolder.dateRepetitionValue,
      });
      expect(memos.map((m) => [m.id, m.sortingValue])).toEqual(
        offline.map(({ memo, sortingValue }) => [memo.id, sortingValue]),
      );
    },
  );

  it.each(SORT_MODES)("pages %s with a keyset cursor, without duplicates or gaps", async (mode) => {
    const whole = await allPages(sortingClient, sortingFolder.id, { sort: mode, tz: KST }, 100);
    const paged = await allPages(sortingClient, sortingFolder.id, { sort: mode, tz: KST }, 3);
    expect(paged.pages).toBe(4);
    expect(paged.memos.map((m) => m.id)).toEqual(whole.memos.map((m) => m.id));
    expect(new Set(paged.memos.map((m) => m.id)).size).toBe(11);
  });

  it.each(["review_count_asc", "review_count_desc"] as const)(
    "ranks %s by the shifted count across 999 reviews, page by page",
    async (mode) => {
      // The shift of a memo reviewed today is a shift, not a partition (effectiveReviewCount): with
      // over 999 reviews it still ranks among the memos not reviewed today. The server merges the
      // two groups from two index reads, so pages of 2 cross from one group to the other.
      const { client, userId } = await signUpVerified(server);
      const folder = await buildFolder(client, { title: "천 번" });
      const plan = [
        { count: 1500, reviewedAt: T0 - 60_000 },
        { count: 600, reviewedAt: T0 - 3 * DAY_MS },
        { count: 400, reviewedAt: T0 - 2 * DAY_MS },
        { count: 2, reviewedAt: T0 - 120_000 },
        { count: 0, reviewedAt: null },
        { count: 600, reviewedAt: T0 - 180_000 },
        { count: 1600, reviewedAt: T0 - 4 * DAY_MS },
      ];
      for (const [index, item] of plan.entries()) {
        const memo = await buildMemo(client, { folderId: folder.id, title: `천 ${index}` });
        await server.db.kysely
          .updateTable("memos")
          .set({ review_count: item.count, last_reviewed_at: item.reviewedAt })
          .where("user_id", "=", userId)
          .where("id", "=", memo.id)
          .execute();
      }
      const paged = await allPages(client, folder.id, { sort: mode, tz: 0 }, 2);
      const expected = sortMemos(
        await details(
          client,
          paged.memos.map((m) => m.id),
        ),
        mode,
        { now: clock, utcOffsetMinutes: 0, dateRepetitionValue: 1 },
      );
      expect(paged.memos.map((m) => m.id)).toEqual(expected.map((m) => m.id));
      expect(paged.memos).toHaveLength(plan.length);
      // Reviewed today with 1,500 reviews: 501 going down (between 600 and 400), 2,499 going up.
      const counts = paged.memos.map((m) => m.reviewCount);
      expect(counts).toEqual(
        mode === "review_count_desc"
          ? [1600, 600, 1500, 400, 0, 600, 2]
          : [0, 400, 600, 2, 600, 1600, 1500],
      );
    },
  );

  it("keeps the start of today of the first page on later pages", async () => {
    const first = await sortingClient.get(
      `/api/folders/${sortingFolder.id}/memos?sort=review_count_asc&tz=${KST}&limit=4`,
    );
    const whole = await allPages(
      sortingClient,
      sortingFolder.id,
      { sort: "review_count_asc", tz: KST },
      100,
    );
    // A day later nothing counts as today any more, but the cursor keeps the first page's day.
    clock = T0 + DAY_MS;
    try {
      const rest = [];
      let cursor: string | null = first.body.nextCursor;
      while (cursor) {
        const page = await sortingClient.get(
          `/api/folders/${sortingFolder.id}/memos?sort=review_count_asc&limit=4&cursor=${cursor}`,
        );
        rest.push(...page.body.memos);
        cursor = page.body.nextCursor;
      }
      expect([...first.body.memos, ...rest].map((m) => m.id)).toEqual(whole.memos.map((m) => m.id));
    } finally {
      clock = T0;
    }
  });

  it("shifts a memo reviewed today by 999 in the viewer's time zone", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client);
    const once = await buildMemo(client, { folderId: folder.id, title: "한 번" });
    const thrice = await buildMemo(client, { folderId: folder.id, title: "세 번" });
    // 2026-11-22 16:30 UTC: yesterday in UTC, 01:30 today in Seoul.
    await client.post(`/api/memos/${once.id}/reviews`, {
      opId: newOpId(),
      reviewedAt: Date.UTC(2026, 10, 22, 16, 30),
    });
    for (let i = 0; i < 3; i += 1) {
      await client.post(`/api/memos/${thrice.id}/reviews`, {
        opId: newOpId(),
        reviewedAt: Date.UTC(2026, 10, 20, 10, i),
      });
    }
    const list = async (sort: string, tz: number) =>
      (await client.get(`/api/folders/${folder.id}/memos?sort=${sort}&tz=${tz}`)).body.memos.map(
        (m: { id: string; sortingValue: number }) => [m.id, m.sortingValue],
      );
    expect(await list("review_count_asc", 0)).toEqual([
      [once.id, 1],
      [thrice.id, 3],
    ]);
    expect(await list("review_count_asc", KST)).toEqual([
      [thrice.id, 3],
      [once.id, 1000],
    ]);
    expect(await list("review_count_desc", 0)).toEqual([
      [thrice.id, 3],
      [once.id, 1],
    ]);
    expect(await list("review_count_desc", KST)).toEqual([
      [thrice.id, 3],
      [once.id, -998],
    ]);
  });

  it("sorts by the folder's sortingMethod by default and shows each mode's sorting value", async () => {
    const { client } = await signUpVerified(server);
    const folder = await buildFolder(client, { sortingMethod: "priority" });
    clock = T0 - DAY_MS;
    const low = await buildMemo(client, { folderId: folder.id, priority: -2 });
    clock = T0;
    const high = await buildMemo(client, { folderId: folder.id, priority: 4 });
    const byDefault = await client.get(`/api/folders/${folder.id}/memos`);
    expect(byDefault.body.memos.map((m: { id: string }) => m.id)).toEqual([high.id, low.id]);
    expect(byDefault.body.memos.map((m: { sortingValue: number }) => m.sortingValue)).toEqual([
      4, -2,
    ]);
    expect(byDefault.body.nextCursor).toBeNull();
    const latest = await client.get(`/api/folders/${folder.id}/memos?sort=latest`);
    expect(latest.body.memos.map((m: { sortingValue: number }) => m.sortingValue)).toEqual([
      T0,
      T0 - DAY_MS,
    ]);
    const scored = await client.get(`/api/folders/${folder.id}/memos?sort=repetition_value`);
    expect(scored.body.memos[0]).toMatchObject({
      id: low.id,
      sortingValue: repetitionScore({ createdAt: T0 - DAY_MS, accumulatedReviewValue: 0 }, 5, T0),
    });
    expect(scored.body.memos[0]).not.toHaveProperty("contents");
    expect(scored.body.memos[0]).not.toHaveProperty("reviewedDates");
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["sort=newest", "sort"],
    ["tz=900", "tz"],
    ["cursor=not-a-cursor", "cursor"],
  ])("refuses %s with VALIDATION_FAILED", async (query, path) => {
    const response = await sortingClient.get(`/api/folders/${sortingFolder.id}/memos?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
  });

  it("refuses a cursor of another sort mode", async () => {
    const first = await sortingClient.get(
      `/api/folders/${sortingFolder.id}/memos?sort=latest&limit=2`,
    );
    const response = await sortingClient.get(
      `/api/folders/${sortingFolder.id}/memos?sort=oldest&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([expect.objectContaining({ path: "cursor" })]);
  });

  it("answers 404 FOLDER_NOT_FOUND for another user's folder", async () => {
    const response = await alice.client.get(`/api/folders/${sortingFolder.id}/memos`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get(`/api/folders/${sortingFolder.id}/memos`);
    expect(response.status).toBe(401);
  });
});

describe("POST /api/memos/:memoId/reviews", () => {
  it("records a review with the folder's read repetition value by default", async () => {
    const folder = await buildFolder(alice.client, {
      readRepetitionValue: 3,
      dateRepetitionValue: 2,
    });
    const memo = await buildMemo(alice.client, { folderId: folder.id });
    const first = await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId() });
    expect(first.status).toBe(200);
    expect(first.body.memo).toMatchObject({
      id: memo.id,
      reviewCount: 1,
      accumulatedReviewValue: 3,
      lastReviewedAt: clock,
      sortingValue: null,
    });
    expect(first.body.memo).not.toHaveProperty("contents");
    const second = await alice.client.post(`/api/memos/${memo.id}/reviews`, {
      opId: newOpId(),
      value: 0.5,
      reviewedAt: clock - 60_000,
    });
    expect(second.body.memo).toMatchObject({
      reviewCount: 2,
      accumulatedReviewValue: 3.5,
      lastReviewedAt: clock,
    });
    const row = await storedMemo(alice.userId, memo.id);
    expect(row?.due_key).toBe(repetitionDueKey(memo.createdAt, 2, 3.5));
  });

  it("applies the same opId once when sent 5 times in a row", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId, value: 2 }));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.memo).toMatchObject({ reviewCount: 1, accumulatedReviewValue: 2 });
    }
    expect((await alice.client.get(`/api/memos/${memo.id}`)).body.memo.reviewedDates).toEqual([
      clock,
    ]);
  });

  it("applies the same opId once when sent 5 times at once", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        alice.client.post(`/api/memos/${memo.id}/reviews`, { opId, value: 2 }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.memo).toMatchObject({ reviewCount: 1, accumulatedReviewValue: 2 });
    }
    const row = await storedMemo(alice.userId, memo.id);
    expect(row).toMatchObject({ review_count: 1, accumulated_review_value: 2 });
  });

  it("counts 5 different opIds sent at once 5 times", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId(), value: 1 }),
      ),
    );
    expect(await storedMemo(alice.userId, memo.id)).toMatchObject({
      review_count: 5,
      accumulated_review_value: 5,
    });
  });

  it("answers 409 OP_ID_CONFLICT for an opId used on another memo", async () => {
    const first = await buildMemo(alice.client, { folderId: "root" });
    const second = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId();
    await alice.client.post(`/api/memos/${first.id}/reviews`, { opId });
    const response = await alice.client.post(`/api/memos/${second.id}/reviews`, { opId });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("OP_ID_CONFLICT");
    expect((await storedMemo(alice.userId, second.id))?.review_count).toBe(0);
  });

  it.each([
    [{}, "opId"],
    [{ opId: "short" }, "opId"],
    [{ opId: "x".repeat(65) }, "opId"],
    [{ opId: "op with space" }, "opId"],
    [{ opId: "valid-op-id", value: -1 }, "value"],
    [{ opId: "valid-op-id", value: "5" }, "value"],
    [{ opId: "valid-op-id", reviewedAt: -5 }, "reviewedAt"],
    [{ opId: "valid-op-id", reviewedAt: T0 + 2 * DAY_MS }, "reviewedAt"],
  ])("refuses %j with VALIDATION_FAILED and records nothing", async (body, path) => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${memo.id}/reviews`, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
    expect((await storedMemo(alice.userId, memo.id))?.review_count).toBe(0);
    const reviews = await server.db.kysely
      .selectFrom("memo_reviews")
      .select("op_id")
      .where("memo_id", "=", memo.id)
      .execute();
    expect(reviews).toEqual([]);
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo and records nothing", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${bobs.id}/reviews`, {
      opId: newOpId(),
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    expect((await storedMemo(bob.userId, bobs.id))?.review_count).toBe(0);
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await server
      .client()
      .post(`/api/memos/${memo.id}/reviews`, { opId: newOpId() });
    expect(response.status).toBe(401);
    expect((await storedMemo(alice.userId, memo.id))?.review_count).toBe(0);
  });
});

describe("POST /api/memos/:memoId/complete and /uncomplete", () => {
  it("completes, un-completes the latest completion, and keeps retries single", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const url = `/api/memos/${memo.id}`;
    const firstOp = newOpId();
    clock = T0 + 1000;
    const first = await alice.client.post(`${url}/complete`, { opId: firstOp });
    expect(first.status).toBe(200);
    expect(first.body.memo).toMatchObject({ completedCount: 1, isCompleted: true });
    clock = T0 + 2000;
    await alice.client.post(`${url}/complete`, { opId: newOpId() });
    const retried = await alice.client.post(`${url}/complete`, { opId: firstOp });
    expect(retried.body.memo.completedCount).toBe(2);
    expect((await alice.client.get(url)).body.memo.completedDates).toEqual([T0 + 1000, T0 + 2000]);

    const undoOp = newOpId();
    const undone = await alice.client.post(`${url}/uncomplete`, { opId: undoOp });
    expect(undone.status).toBe(200);
    expect(undone.body.memo).toMatchObject({ completedCount: 1, isCompleted: true });
    const undoRetried = await alice.client.post(`${url}/uncomplete`, { opId: undoOp });
    expect(undoRetried.status).toBe(200);
    expect(undoRetried.body.memo.completedCount).toBe(1);
    expect((await alice.client.get(url)).body.memo.completedDates).toEqual([T0 + 1000]);

    const last = await alice.client.post(`${url}/uncomplete`, { opId: newOpId() });
    expect(last.body.memo).toMatchObject({ completedCount: 0, isCompleted: false });
    const none = await alice.client.post(`${url}/uncomplete`, { opId: newOpId() });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("MEMO_NOT_COMPLETED");
    clock = T0;
  });

  it("applies one completion for 5 concurrent sends of one opId", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        alice.client.post(`/api/memos/${memo.id}/complete`, { opId }),
      ),
    );
    for (const answer of answers) expect(answer.body.memo.completedCount).toBe(1);
    expect((await storedMemo(alice.userId, memo.id))?.completed_count).toBe(1);
  });

  it("undoes one completion for 5 concurrent sends of one un-complete opId", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    for (let i = 0; i < 3; i += 1) {
      await alice.client.post(`/api/memos/${memo.id}/complete`, { opId: newOpId() });
    }
    const opId = newOpId();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        alice.client.post(`/api/memos/${memo.id}/uncomplete`, { opId }),
      ),
    );
    for (const answer of answers) expect(answer.body.memo.completedCount).toBe(2);
    expect((await storedMemo(alice.userId, memo.id))?.completed_count).toBe(2);
  });

  it("answers 409 OP_ID_CONFLICT for an opId used on another memo", async () => {
    const first = await buildMemo(alice.client, { folderId: "root" });
    const second = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId();
    await alice.client.post(`/api/memos/${first.id}/complete`, { opId });
    const complete = await alice.client.post(`/api/memos/${second.id}/complete`, { opId });
    expect(complete.status).toBe(409);
    expect(complete.body.error.code).toBe("OP_ID_CONFLICT");
    const undoOp = newOpId();
    await alice.client.post(`/api/memos/${second.id}/complete`, { opId: newOpId() });
    await alice.client.post(`/api/memos/${first.id}/uncomplete`, { opId: undoOp });
    const uncomplete = await alice.client.post(`/api/memos/${second.id}/uncomplete`, {
      opId: undoOp,
    });
    expect(uncomplete.status).toBe(409);
    expect((await storedMemo(alice.userId, second.id))?.completed_count).toBe(1);
  });

  it.each(["complete", "uncomplete"])("refuses /%s without an opId", async (action) => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${memo.id}/${action}`, { opId: 7 });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path: "opId" }));
    expect(await countRowsOf(memo.id)).toBe(0);
  });

  it.each(["complete", "uncomplete"])(
    "answers 404 on /%s of another user's memo",
    async (action) => {
      const bobs = await buildMemo(bob.client, { folderId: "root" });
      await bob.client.post(`/api/memos/${bobs.id}/complete`, { opId: newOpId() });
      const response = await alice.client.post(`/api/memos/${bobs.id}/${action}`, {
        opId: newOpId(),
      });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
      expect((await storedMemo(bob.userId, bobs.id))?.completed_count).toBe(1);
    },
  );

  it.each(["complete", "uncomplete"])("answers 401 on /%s when signed out", async (action) => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await server
      .client()
      .post(`/api/memos/${memo.id}/${action}`, { opId: newOpId() });
    expect(response.status).toBe(401);
    expect(await countRowsOf(memo.id)).toBe(0);
  });

  async function countRowsOf(memoId: string) {
    const rows = await server.db.kysely
      .selectFrom("memo_completions")
      .select("op_id")
      .where("memo_id", "=", memoId)
      .execute();
    return rows.length;
  }
});

describe("POST /api/memos/:memoId/priority", () => {
  it("adds and subtracts 1, once per opId", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const url = `/api/memos/${memo.id}/priority`;
    const up = newOpId();
    expect((await alice.client.post(url, { opId: up, delta: 1 })).body.memo.priority).toBe(1);
    expect((await alice.client.post(url, { opId: up, delta: 1 })).body.memo.priority).toBe(1);
    await alice.client.post(url, { opId: newOpId(), delta: 1 });
    const down = await alice.client.post(url, { opId: newOpId(), delta: -1 });
    expect(down.status).toBe(200);
    expect(down.body.memo.priority).toBe(1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        alice.client.post(url, { opId: "same-priority-op", delta: -1 }),
      ),
    );
    for (const answer of answers) expect(answer.body.memo.priority).toBe(0);
    expect((await storedMemo(alice.userId, memo.id))?.priority).toBe(0);
  });

  it("answers 409 OP_ID_CONFLICT for an opId used on another memo", async () => {
    const first = await buildMemo(alice.client, { folderId: "root" });
    const second = await buildMemo(alice.client, { folderId: "root" });
    const opId = newOpId();
    await alice.client.post(`/api/memos/${first.id}/priority`, { opId, delta: 1 });
    const response = await alice.client.post(`/api/memos/${second.id}/priority`, {
      opId,
      delta: 1,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("OP_ID_CONFLICT");
    expect((await storedMemo(alice.userId, second.id))?.priority).toBe(0);
  });

  it.each([
    [{ opId: "priority-op-1", delta: 2 }, "delta"],
    [{ opId: "priority-op-1", delta: 0 }, "delta"],
    [{ opId: "priority-op-1" }, "delta"],
    [{ delta: 1 }, "opId"],
  ])("refuses %j with VALIDATION_FAILED and changes nothing", async (body, path) => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${memo.id}/priority`, body);
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
    expect((await storedMemo(alice.userId, memo.id))?.priority).toBe(0);
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root" });
    const response = await alice.client.post(`/api/memos/${bobs.id}/priority`, {
      opId: newOpId(),
      delta: 1,
    });
    expect(response.status).toBe(404);
    expect((await storedMemo(bob.userId, bobs.id))?.priority).toBe(0);
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await server
      .client()
      .post(`/api/memos/${memo.id}/priority`, { opId: newOpId(), delta: 1 });
    expect(response.status).toBe(401);
  });
});
