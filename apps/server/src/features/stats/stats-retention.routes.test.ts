import { type ImportBundle, ROOT_FOLDER_ID, statsQuerySchema, statsSpan } from "@mnemo/domain";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import { migrateToLatest } from "../../db/migrate.js";
import { migrations } from "../../db/migrations/index.js";
import { writeImportBundle } from "../imports/import-writer.js";
import { selectFolderReviewCounts } from "./stats.repo.js";

// The true retention per folder (PRODUCT.md › Statistics) is summed from per-folder quarter-hour
// counts that triggers keep (see the folder-review-counts migration). Whatever changes the review
// rows or moves their memos, the counts must answer what the rows say: reviews in the range of
// the memos now in each folder, undone ones left out, passed = not graded Again. The rows' answer
// here is the query the counts replaced.

const NOW = Date.UTC(2026, 10, 23, 12); // 21:00 in Seoul, 07:00 in New York
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { LOG_LEVEL: "error" } });
});
afterAll(async () => {
  await server.close();
});

/** Review times at quarter and local-midnight edges (Seoul, Kathmandu, New York), within a year. */
const REVIEW_TIMES = [
  Date.UTC(2026, 10, 22, 14, 59, 59, 999), // 11-22 23:59:59.999 Seoul
  Date.UTC(2026, 10, 22, 15, 0), // 11-23 00:00 Seoul
  Date.UTC(2026, 10, 19, 18, 14), // 11-19 23:59 Kathmandu (+05:45)
  Date.UTC(2026, 10, 19, 18, 15), // 11-20 00:00 Kathmandu
  Date.UTC(2026, 10, 23, 4, 59), // 11-22 23:59 New York
  Date.UTC(2026, 10, 1, 5, 30), // 11-01 01:30 EDT, the first of the repeated hour
  Date.UTC(2026, 10, 1, 6, 30), // 11-01 01:30 EST, the second
  Date.UTC(2026, 4, 5, 3, 45),
  Date.UTC(2025, 10, 23, 12), // before the year
];

/** The ranges the stats screen asks for, in several zones. */
const RANGES = [
  { tz: "Asia/Seoul", from: "2025-11-24", to: "2026-11-23" },
  { tz: "Asia/Kathmandu", from: "2026-11-20", to: "2026-11-20" },
  { tz: "America/New_York", from: "2026-10-24", to: "2026-11-22" },
  { tz: "UTC", from: "2026-11-23", to: "2026-11-23" },
];

const GRADES = [1, 2, 3, 4, undefined] as const;

/** The migration before the one that creates the counts. */
const MIGRATION_BEFORE_COUNTS = "20261201T0000-trash";

interface Count {
  folderId: string;
  reviews: number;
  passed: number;
}

const byFolder = (a: Count, b: Count) => (a.folderId < b.folderId ? -1 : 1);

/** The rows' answer: every counting review of the memos now in each folder, in [start, end). */
async function countsFromRows(userId: string, start: number, end: number): Promise<Count[]> {
  const rows = await server.db.kysely
    .selectFrom("memos as m")
    .innerJoin("memo_reviews as r", (join) =>
      join.onRef("r.user_id", "=", "m.user_id").onRef("r.memo_id", "=", "m.id"),
    )
    .select([
      "m.folder_id",
      (eb) => eb.fn.countAll<number>().as("reviews"),
      sql<number>`SUM(CASE WHEN r.grade = 1 THEN 0 ELSE 1 END)`.as("passed"),
    ])
    .where("m.user_id", "=", userId)
    .where("r.reviewed_at", ">=", start)
    .where("r.reviewed_at", "<", end)
    .where("r.undone_at", "is", null)
    .groupBy("m.folder_id")
    .execute();
  return rows
    .map((row) => ({
      folderId: row.folder_id,
      reviews: Number(row.reviews),
      passed: Number(row.passed),
    }))
    .sort(byFolder);
}

/** What the stats screen's query answers for every folder the user has, per range. */
async function countsPerRange(userId: string) {
  const folders = await server.db.kysely
    .selectFrom("folders")
    .select("id")
    .where("user_id", "=", userId)
    .execute();
  const folderIds = folders.map((folder) => folder.id);
  const counted: Count[][] = [];
  const fromRows: Count[][] = [];
  for (const range of RANGES) {
    const span = statsSpan(statsQuerySchema.parse(range), NOW);
    const counts = await selectFolderReviewCounts(
      server.db.kysely,
      userId,
      folderIds,
      span.start,
      span.end,
    );
    counted.push(counts.sort(byFolder));
    fromRows.push(await countsFromRows(userId, span.start, span.end));
  }
  return { counted, fromRows };
}

/**
 * Asserts the day sums of the stats-day-sums migration equal their quarter counts: each quarter's
 * day_before is the reviews of its UTC day's earlier quarters, each folder's day count the sum
 * of its quarter counts that day, and each folder's block count the sum of its day counts.
 */
async function expectDaySumsOfQuarters(userId: string): Promise<void> {
  const db = server.db.kysely;
  const quarters = await db
    .selectFrom("review_quarter_counts")
    .select(["quarter", "reviews", "day_before"])
    .where("user_id", "=", userId)
    .orderBy("quarter")
    .execute();
  const before = new Map<number, number>();
  const expected = quarters.map((row) => {
    const day = Math.floor(Number(row.quarter) / 96);
    const sum = before.get(day) ?? 0;
    before.set(day, sum + Number(row.reviews));
    return { quarter: Number(row.quarter), dayBefore: sum };
  });
  expect(
    quarters.map((row) => ({ quarter: Number(row.quarter), dayBefore: Number(row.day_before) })),
  ).toEqual(expected);

  const folderDays = await db
    .selectFrom("folder_review_day_counts")
    .select(["folder_id", "day", "reviews", "passed"])
    .where("user_id", "=", userId)
    .execute();
  const fromQuarters = await db
    .selectFrom("folder_review_quarter_counts")
    .select([
      "folder_id",
      sql<number>`quarter / 96`.as("day"),
      (eb) => eb.fn.sum<number>("reviews").as("reviews"),
      (eb) => eb.fn.sum<number>("passed").as("passed"),
    ])
    .where("user_id", "=", userId)
    .groupBy(["folder_id", sql`quarter / 96`])
    .execute();
  const normalized = (rows: typeof folderDays) =>
    rows
      .map(
        (row) => `${row.folder_id} ${Number(row.day)} ${Number(row.reviews)} ${Number(row.passed)}`,
      )
      .sort();
  expect(normalized(folderDays)).toEqual(normalized(fromQuarters));

  // Each folder's block count (stats-folder-blocks migration): the sum of its day counts in the
  // block's 16 days. A block whose days were all moved away stays, at zero.
  const folderBlocks = await db
    .selectFrom("folder_review_block_counts")
    .select(["folder_id", "block", "reviews", "passed"])
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("reviews", "<>", 0), eb("passed", "<>", 0)]))
    .execute();
  const fromDays = new Map<string, { reviews: number; passed: number }>();
  for (const row of folderDays) {
    const key = `${row.folder_id} ${Math.floor(Number(row.day) / 16)}`;
    const sum = fromDays.get(key) ?? { reviews: 0, passed: 0 };
    fromDays.set(key, {
      reviews: sum.reviews + Number(row.reviews),
      passed: sum.passed + Number(row.passed),
    });
  }
  expect(
    folderBlocks
      .map(
        (row) =>
          `${row.folder_id} ${Number(row.block)} ${Number(row.reviews)} ${Number(row.passed)}`,
      )
      .sort(),
  ).toEqual(
    [...fromDays]
      .filter(([, sum]) => sum.reviews !== 0 || sum.passed !== 0)
      .map(([key, sum]) => `${key} ${sum.reviews} ${sum.passed}`)
      .sort(),
  );
}

/** Asserts the counts answer what the rows say in every range; answers the year's counts. */
async function expectCountsOfRows(userId: string): Promise<Count[]> {
  const { counted, fromRows } = await countsPerRange(userId);
  expect(counted).toEqual(fromRows);
  await expectDaySumsOfQuarters(userId);
  return counted[0] ?? [];
}

/** The year's counts of one folder (zeros when it has none). */
function countOf(counts: Count[], folderId: string) {
  const found = counts.find((count) => count.folderId === folderId);
  return { reviews: found?.reviews ?? 0, passed: found?.passed ?? 0 };
}

/** Reviews the memo at every REVIEW_TIMES time with grades in turn; answers the opIds. */
async function reviewAtEveryTime(client: TestClient, memoId: string): Promise<string[]> {
  const opIds: string[] = [];
  for (const [index, reviewedAt] of REVIEW_TIMES.entries()) {
    const opId = newOpId("retention");
    const grade = GRADES[index % GRADES.length];
    const response = await client.post(`/api/memos/${memoId}/reviews`, {
      opId,
      reviewedAt,
      ...(grade && { grade }),
    });
    expect(response.status).toBe(200);
    opIds.push(opId);
  }
  return opIds;
}

async function fsrsFolder(client: TestClient, title: string, parentFolderId?: string) {
  return buildFolder(client, {
    title,
    scheduler: "fsrs",
    ...(parentFolderId && { parentFolderId }),
  });
}

describe("true retention counts per folder", () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpVerified(server);
  });

  it("count every grade in the memo's folder, and leave undone reviews out", async () => {
    const { client, userId } = user;
    const words = await fsrsFolder(client, "단어");
    const facts = await fsrsFolder(client, "Facts");
    const word = await buildMemo(client, { folderId: words.id, title: "apple" });
    const fact = await buildMemo(client, { folderId: facts.id, title: "사실" });
    const wordReviews = await reviewAtEveryTime(client, word.id);
    await reviewAtEveryTime(client, fact.id);
    // Within the Seoul year: every time but the last; graded 1, 2, 3, 4, none, 1, 2, 3.
    expect(countOf(await expectCountsOfRows(userId), words.id)).toEqual({ reviews: 8, passed: 6 });

    const [again, hard] = wordReviews;
    expect((await client.delete(`/api/memos/${word.id}/reviews/${again}`)).status).toBe(200);
    const undo = await client.post("/api/sync/ops", {
      ops: [{ kind: "memo.review.undo", opId: newOpId("undo"), memoId: word.id, reviewOpId: hard }],
    });
    expect(undo.body.results[0].status).toBe("applied");
    expect(countOf(await expectCountsOfRows(userId), words.id)).toEqual({ reviews: 6, passed: 5 });

    // A replay of an undone review leaves it undone.
    await client.post(`/api/memos/${word.id}/reviews`, { opId: again, grade: 1 });
    const year = await expectCountsOfRows(userId);
    expect(countOf(year, words.id)).toEqual({ reviews: 6, passed: 5 });

    const stats = await client.get("/api/stats?from=2025-11-24&to=2026-11-23&tz=Asia/Seoul");
    expect(stats.status).toBe(200);
    const shown = (stats.body.retention as Count[]).map(({ folderId, reviews, passed }) => ({
      folderId,
      reviews,
      passed,
    }));
    expect(shown.sort(byFolder)).toEqual(
      [facts.id, words.id].sort().map((folderId) => ({ folderId, ...countOf(year, folderId) })),
    );

    // A move takes the reviews that count, and no undone one.
    await client.post(`/api/memos/${word.id}/move`, { folderId: facts.id });
    const moved = await expectCountsOfRows(userId);
    expect(countOf(moved, words.id)).toEqual({ reviews: 0, passed: 0 });
    expect(countOf(moved, facts.id)).toEqual({ reviews: 8 + 6, passed: 6 + 5 });
  });

  it("follow review rows changed in place: an undo cleared, a grade or a time changed, a row deleted", async () => {
    // No route does these today; the bench's seeding grades its rows in place, and the counts
    // must hold for any write.
    const { client, userId } = user;
    const folder = await fsrsFolder(client, "제자리");
    const memo = await buildMemo(client, { folderId: folder.id });
    const [first, second, third, fourth] = await reviewAtEveryTime(client, memo.id);
    await client.delete(`/api/memos/${memo.id}/reviews/${first}`);
    const update = (
      opId: string | undefined,
      set: { undone_at?: null; grade?: number | null; reviewed_at?: number },
    ) =>
      server.db.kysely
        .updateTable("memo_reviews")
        .set(set)
        .where("user_id", "=", userId)
        .where("op_id", "=", opId ?? "")
        .execute();
    await update(first, { undone_at: null });
    await expectCountsOfRows(userId);
    await update(second, { grade: 1 });
    await update(third, { grade: null });
    await expectCountsOfRows(userId);
    await update(second, { reviewed_at: Date.UTC(2026, 10, 20, 18, 14) });
    await update(third, { reviewed_at: Date.UTC(2024, 0, 1) });
    await expectCountsOfRows(userId);
    await server.db.kysely
      .deleteFrom("memo_reviews")
      .where("user_id", "=", userId)
      .where("op_id", "=", fourth ?? "")
      .execute();
    expect(countOf(await expectCountsOfRows(userId), folder.id).reviews).toBe(6);
  });

  it("move with their memo between folders, by route and by sync", async () => {
    const { client, userId } = user;
    const from = await fsrsFolder(client, "출발");
    const to = await fsrsFolder(client, "도착");
    const repetition = await buildFolder(client, { title: "반복" });
    const memo = await buildMemo(client, { folderId: from.id });
    const stays = await buildMemo(client, { folderId: from.id });
    await reviewAtEveryTime(client, memo.id);
    await reviewAtEveryTime(client, stays.id);
    const before = countOf(await expectCountsOfRows(userId), from.id);

    const moved = await client.post(`/api/memos/${memo.id}/move`, { folderId: to.id });
    expect(moved.status).toBe(200);
    let year = await expectCountsOfRows(userId);
    expect(countOf(year, to.id)).toEqual({ reviews: 8, passed: 6 });
    expect(countOf(year, from.id)).toEqual({
      reviews: before.reviews - 8,
      passed: before.passed - 6,
    });

    const push = await client.post("/api/sync/ops", {
      ops: [
        { kind: "memo.move", opId: newOpId("move"), memoId: memo.id, folderId: repetition.id },
        { kind: "memo.move", opId: newOpId("move"), memoId: stays.id, folderId: to.id },
      ],
    });
    expect(push.body.results.map((r: { status: string }) => r.status)).toEqual([
      "applied",
      "applied",
    ]);
    year = await expectCountsOfRows(userId);
    expect(countOf(year, from.id)).toEqual({ reviews: 0, passed: 0 });
    await client.post(`/api/memos/${memo.id}/move`, { folderId: from.id });
    await expectCountsOfRows(userId);
  });

  it("leave with a deleted memo and come back when the trash restores it", async () => {
    const { client, userId } = user;
    const folder = await fsrsFolder(client, "휴지통");
    const memo = await buildMemo(client, { folderId: folder.id });
    const [undone] = await reviewAtEveryTime(client, memo.id);
    await client.delete(`/api/memos/${memo.id}/reviews/${undone}`);
    const before = countOf(await expectCountsOfRows(userId), folder.id);
    expect(before).toEqual({ reviews: 7, passed: 6 });

    expect((await client.delete(`/api/memos/${memo.id}`)).status).toBe(204);
    expect(countOf(await expectCountsOfRows(userId), folder.id)).toEqual({ reviews: 0, passed: 0 });
    const restored = await client.post("/api/trash/restore", { kind: "memo", id: memo.id });
    expect(restored.status).toBe(200);
    expect(countOf(await expectCountsOfRows(userId), folder.id)).toEqual(before);
  });

  it("go with a deleted folder and its sub-folders, and come back with them", async () => {
    const { client, userId } = user;
    const top = await fsrsFolder(client, "상위");
    const child = await fsrsFolder(client, "하위", top.id);
    await reviewAtEveryTime(client, (await buildMemo(client, { folderId: top.id })).id);
    await reviewAtEveryTime(client, (await buildMemo(client, { folderId: child.id })).id);
    const before = await expectCountsOfRows(userId);

    expect((await client.delete(`/api/folders/${top.id}`)).status).toBe(204);
    await expectCountsOfRows(userId);
    const left = await server.db.kysely
      .selectFrom("folder_review_quarter_counts")
      .select("folder_id")
      .where("user_id", "=", userId)
      .where("folder_id", "in", [top.id, child.id])
      .execute();
    expect(left).toEqual([]);

    expect((await client.post("/api/trash/restore", { kind: "folder", id: top.id })).status).toBe(
      200,
    );
    expect(await expectCountsOfRows(userId)).toEqual(before);
  });

  it("follow a restored memo into the root folder when its folder was deleted for good", async () => {
    const { client, userId } = user;
    const folder = await fsrsFolder(client, "사라질");
    const memo = await buildMemo(client, { folderId: folder.id });
    await reviewAtEveryTime(client, memo.id);
    await client.delete(`/api/memos/${memo.id}`);
    await client.delete(`/api/folders/${folder.id}`);
    expect((await client.delete(`/api/trash/folder/${folder.id}`)).status).toBe(204);
    const restored = await client.post("/api/trash/restore", { kind: "memo", id: memo.id });
    expect(restored.body).toEqual({ folderId: ROOT_FOLDER_ID });
    expect(countOf(await expectCountsOfRows(userId), ROOT_FOLDER_ID).reviews).toBe(8);
  });

  it("count reviews pushed by sync", async () => {
    const { client, userId } = user;
    const folder = await fsrsFolder(client, "동기화");
    const memo = await buildMemo(client, { folderId: folder.id });
    const ops = REVIEW_TIMES.map((reviewedAt, index) => {
      const grade = GRADES[index % GRADES.length];
      return {
        kind: "memo.review",
        opId: newOpId("sync"),
        memoId: memo.id,
        reviewedAt,
        ...(grade && { grade }),
      };
    });
    const push = await client.post("/api/sync/ops", { ops });
    expect(push.status).toBe(200);
    expect(countOf(await expectCountsOfRows(userId), folder.id)).toEqual({
      reviews: 8,
      passed: 6,
    });
  });

  it("count imported reviews", async () => {
    const { userId } = user;
    const bundle: ImportBundle = {
      format: "anki",
      folders: [{ key: "덱", parentKey: null, title: "덱" }],
      memos: ["하나", "둘"].map((word, memoIndex) => ({
        key: `note-${word}`,
        folderKey: "덱",
        title: word,
        contents: `<p>${word}</p>`,
        tags: [],
        createdAt: Date.UTC(2025, 0, 1),
        updatedAt: Date.UTC(2025, 0, 1),
        reviews: REVIEW_TIMES.map((at, index) => ({
          at: at + memoIndex,
          grade: ((index % 4) + 1) as 1 | 2 | 3 | 4,
        })),
        completions: [],
      })),
      attachments: [],
      skipped: [],
    };
    const report = await writeImportBundle(
      server.app.deps,
      { id: userId, name: "" },
      bundle,
      () => {},
    );
    expect(report.reviews).toBe(2 * REVIEW_TIMES.length);
    const year = await expectCountsOfRows(userId);
    const imported = await server.db.kysely
      .selectFrom("folders")
      .select("id")
      .where("user_id", "=", userId)
      .where("title", "=", "덱")
      .executeTakeFirstOrThrow();
    // Grades 1, 2, 3, 4, 1, 2, 3, 4 within the year, twice.
    expect(countOf(year, imported.id)).toEqual({ reviews: 16, passed: 12 });
  });

  it("are counted from the rows by their migration", async () => {
    const { userId } = user;
    const before = await expectCountsOfRows(userId);
    const migrator = new Migrator({
      db: server.db.kysely,
      provider: { getMigrations: async () => migrations },
    });
    const down = await migrator.migrateTo(MIGRATION_BEFORE_COUNTS);
    if (down.error) throw down.error;
    // Rows changed while no trigger counts them: the migration counts what is there.
    await server.db.kysely
      .deleteFrom("memo_reviews")
      .where("user_id", "=", userId)
      .where("grade", "=", 1)
      .execute();
    await migrateToLatest(server.db);
    const after = await expectCountsOfRows(userId);
    expect(after).not.toEqual(before);
    expect(after.length).toBeGreaterThan(3);
  });

  it("leave nothing behind when the account is deleted", async () => {
    const { client, password, userId } = user;
    expect(
      (
        await server.db.kysely
          .selectFrom("folder_review_quarter_counts")
          .select("quarter")
          .where("user_id", "=", userId)
          .execute()
      ).length,
    ).toBeGreaterThan(0);
    expect((await client.post("/api/auth/delete-user", { password })).status).toBe(200);
    for (const table of [
      "folder_review_quarter_counts",
      "folder_review_day_counts",
      "folder_review_block_counts",
    ] as const) {
      const left = await server.db.kysely
        .selectFrom(table)
        .select("folder_id")
        .where("user_id", "=", userId)
        .execute();
      expect(left, table).toEqual([]);
    }
  });
});
