import {
  DAY_MS,
  ErrorCode,
  type FsrsReviewRow,
  fsrsRetrievability,
  fsrsStateFromReviews,
  type MemoSummary,
  sortMemos,
} from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

// The FSRS scheduler through HTTP (issue 9 › The scheduler): folder settings, graded reviews,
// undo, moves and scheduler changes deriving the state again, the retrievability order, the
// review queue and personal parameters. Every stored state is compared with the domain's replay.

const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);
const MINUTE = 60_000;

let server: TestServer;
let clock = T0;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  client = (await signUpVerified(server)).client;
});
afterAll(async () => {
  await server.close();
});

/** The domain's replay of rows as the memo answer presents it (retrievability at `now`). */
function replay(
  rows: readonly FsrsReviewRow[],
  memo: { createdAt: number },
  options: { desiredRetention?: number; now?: number; weights?: readonly number[] | null } = {},
) {
  return fsrsStateFromReviews(rows, {
    now: options.now ?? clock,
    createdAt: memo.createdAt,
    desiredRetention: options.desiredRetention ?? 0.9,
    weights: options.weights ?? null,
  });
}

async function review(
  memoId: string,
  body: { grade?: unknown; reviewedAt?: number; opId?: string } = {},
): Promise<MemoSummary> {
  const response = await client.post(`/api/memos/${memoId}/reviews`, { opId: newOpId(), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.memo;
}

async function getMemo(memoId: string) {
  const response = await client.get(`/api/memos/${memoId}`);
  expect(response.status).toBe(200);
  return response.body.memo;
}

describe("PATCH /api/folders/:folderId scheduler and desiredRetention", () => {
  it("defaults to the repetition scheduler at 0.9 and changes both", async () => {
    const folder = await buildFolder(client);
    expect(folder).toMatchObject({ scheduler: "repetition", desiredRetention: 0.9 });
    const response = await client.patch(`/api/folders/${folder.id}`, {
      scheduler: "fsrs",
      desiredRetention: 0.85,
    });
    expect(response.status).toBe(200);
    expect(response.body.folder).toMatchObject({ scheduler: "fsrs", desiredRetention: 0.85 });
  });

  it.each([
    { body: { desiredRetention: 0.5 }, path: "desiredRetention" },
    { body: { desiredRetention: 1 }, path: "desiredRetention" },
    { body: { desiredRetention: "0.9" }, path: "desiredRetention" },
    { body: { scheduler: "sm2" }, path: "scheduler" },
  ])("refuses $body with 400 VALIDATION_FAILED at $path", async ({ body, path }) => {
    const folder = await buildFolder(client);
    const response = await client.patch(`/api/folders/${folder.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.error.details).toEqual([expect.objectContaining({ path })]);
  });
});

describe("POST /api/memos/:memoId/reviews with a grade", () => {
  let fsrsFolder: { id: string };
  let repetitionFolder: { id: string };

  beforeAll(async () => {
    fsrsFolder = await buildFolder(client, { title: "FSRS 단어", scheduler: "fsrs" });
    repetitionFolder = await buildFolder(client, { title: "반복" });
  });

  it("gives a new memo of an FSRS folder the new state, due at its creation", async () => {
    const memo = await buildMemo(client, { folderId: fsrsFolder.id });
    expect(memo.fsrs).toEqual(replay([], memo));
    expect(memo.fsrs).toMatchObject({ state: "new", due: T0, retrievability: 0 });
  });

  it("keeps fsrs null in a repetition folder, grade or not", async () => {
    const memo = await buildMemo(client, { folderId: repetitionFolder.id });
    expect(memo.fsrs).toBeNull();
    const reviewed = await review(memo.id, { grade: 1 });
    expect(reviewed.fsrs).toBeNull();
    expect(reviewed.reviewCount).toBe(1);
  });

  it("derives the state of a graded sequence as the domain's replay, in the same answer", async () => {
    const memo = await buildMemo(client, { folderId: fsrsFolder.id });
    const rows: FsrsReviewRow[] = [];
    const grades = [3, 3, 1, 2, 4, 3, 1, 3];
    let at = T0;
    for (const [index, grade] of grades.entries()) {
      at += (index + 1) * 0.7 * DAY_MS;
      clock = at;
      rows.push({ at, grade });
      const answer = await review(memo.id, { grade });
      expect(answer.fsrs).toEqual(replay(rows, memo));
    }
    expect((await getMemo(memo.id)).fsrs).toEqual(replay(rows, memo));
    clock = T0;
  });

  it("counts a review without a grade as Good in an FSRS folder", async () => {
    const memo = await buildMemo(client, { folderId: fsrsFolder.id });
    const answer = await review(memo.id, { reviewedAt: T0 });
    expect(answer.fsrs).toEqual(replay([{ at: T0, grade: 3 }], memo));
  });

  it("derives the same state when two devices' reviews arrive interleaved and late", async () => {
    const memo = await buildMemo(client, { folderId: fsrsFolder.id });
    const phone: FsrsReviewRow[] = [1, 3, 5, 8].map((day, i) => ({
      at: T0 + day * DAY_MS,
      grade: [3, 1, 3, 4][i] ?? null,
    }));
    const laptop: FsrsReviewRow[] = [2, 4, 7].map((day, i) => ({
      at: T0 + day * DAY_MS + 5 * MINUTE,
      grade: [2, 3, 3][i] ?? null,
    }));
    clock = T0 + 9 * DAY_MS;
    // The phone syncs first; the laptop's older reviews come after, through the sync push.
    for (const row of phone) await review(memo.id, { reviewedAt: row.at, grade: row.grade });
    const ops = laptop.map((row) => ({
      kind: "memo.review",
      opId: newOpId("laptop"),
      memoId: memo.id,
      reviewedAt: row.at,
      grade: row.grade,
    }));
    const pushed = await client.post("/api/sync/ops", { ops });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(
      laptop.map(() => "applied"),
    );
    const all = [...phone, ...laptop];
    expect((await getMemo(memo.id)).fsrs).toEqual(replay(all, memo));
    // The same rows in another arrival order on another memo give the same state.
    const other = await buildMemo(client, { folderId: fsrsFolder.id });
    for (const row of [...all].reverse()) {
      await review(other.id, { reviewedAt: row.at, grade: row.grade });
    }
    const { fsrs: a } = await getMemo(memo.id);
    const { fsrs: b } = await getMemo(other.id);
    expect(b).toEqual(a);
    clock = T0;
  });

  it("changes nothing on a replayed opId", async () => {
    const memo = await buildMemo(client, { folderId: fsrsFolder.id });
    const opId = newOpId();
    const first = await review(memo.id, { opId, grade: 4 });
    const again = await review(memo.id, { opId, grade: 1 });
    expect(again).toEqual(first);
    expect(again.reviewCount).toBe(1);
  });

  it.each([{ grade: 0 }, { grade: 5 }, { grade: "x" }, { grade: 2.5 }, { grade: null }])(
    "refuses grade $grade with 400 VALIDATION_FAILED at grade",
    async ({ grade }) => {
      const memo = await buildMemo(client, { folderId: fsrsFolder.id });
      const response = await client.post(`/api/memos/${memo.id}/reviews`, {
        opId: newOpId(),
        grade,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(response.body.error.details).toEqual([expect.objectContaining({ path: "grade" })]);
      expect((await getMemo(memo.id)).reviewCount).toBe(0);
    },
  );
});

describe("DELETE /api/memos/:memoId/reviews/:opId", () => {
  let folder: { id: string };

  beforeAll(async () => {
    folder = await buildFolder(client, { scheduler: "fsrs" });
  });

  it("undoes one review: counters, times and FSRS state derived from the rows left", async () => {
    const memo = await buildMemo(client, { folderId: folder.id });
    const kept = newOpId();
    const undone = newOpId();
    await review(memo.id, { opId: kept, grade: 3, reviewedAt: T0 + MINUTE });
    await review(memo.id, { opId: undone, grade: 1, reviewedAt: T0 + 2 * MINUTE });
    const response = await client.request("DELETE", `/api/memos/${memo.id}/reviews/${undone}`);
    expect(response.status).toBe(200);
    expect(response.body.memo).toMatchObject({
      reviewCount: 1,
      lastReviewedAt: T0 + MINUTE,
      fsrs: replay([{ at: T0 + MINUTE, grade: 3 }], memo),
    });
    const detail = await getMemo(memo.id);
    expect(detail.reviewedDates).toEqual([T0 + MINUTE]);
    expect(detail.accumulatedReviewValue).toBe(5);
  });

  it("answers the same on a replay, and a replayed review after its undo stays undone", async () => {
    const memo = await buildMemo(client, { folderId: folder.id });
    const opId = newOpId();
    await review(memo.id, { opId, grade: 2 });
    const first = await client.request("DELETE", `/api/memos/${memo.id}/reviews/${opId}`);
    const again = await client.request("DELETE", `/api/memos/${memo.id}/reviews/${opId}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const replayed = await review(memo.id, { opId, grade: 2 });
    expect(replayed.reviewCount).toBe(0);
    expect(replayed.fsrs).toEqual(replay([], memo));
    // A new review after the undo counts.
    const next = await review(memo.id, { grade: 4, reviewedAt: T0 });
    expect(next.reviewCount).toBe(1);
    expect(next.fsrs).toEqual(replay([{ at: T0, grade: 4 }], memo));
  });

  it("goes into the change feed, so other devices drop the review", async () => {
    const memo = await buildMemo(client, { folderId: folder.id });
    const opId = newOpId();
    await review(memo.id, { opId, grade: 3 });
    const feed = await client.get("/api/sync/changes");
    const cursor = feed.body.nextCursor;
    const undo = await client.post("/api/sync/ops", {
      ops: [{ kind: "memo.review.undo", opId: newOpId(), memoId: memo.id, reviewOpId: opId }],
    });
    expect(undo.body.results[0]).toMatchObject({ status: "applied", memo: { reviewCount: 0 } });
    const changes = await client.get(`/api/sync/changes?cursor=${cursor}`);
    expect(changes.body.memos).toEqual([
      expect.objectContaining({ id: memo.id, reviewCount: 0, fsrs: replay([], memo) }),
    ]);
  });

  it("answers 404 REVIEW_NOT_FOUND for an unknown opId or another memo's review", async () => {
    const memo = await buildMemo(client, { folderId: folder.id });
    const other = await buildMemo(client, { folderId: folder.id });
    const opId = newOpId();
    await review(other.id, { opId });
    for (const path of [
      `/api/memos/${memo.id}/reviews/${newOpId()}`,
      `/api/memos/${memo.id}/reviews/${opId}`,
    ]) {
      const response = await client.request("DELETE", path);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe(ErrorCode.REVIEW_NOT_FOUND);
    }
    expect((await getMemo(other.id)).reviewCount).toBe(1);
  });

  it("answers 400 for an opId that is not one, and 404 MEMO_NOT_FOUND for an unknown memo", async () => {
    const memo = await buildMemo(client, { folderId: folder.id });
    const bad = await client.request("DELETE", `/api/memos/${memo.id}/reviews/short`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(ErrorCode.VALIDATION_FAILED);
    const unknown = await client.request("DELETE", `/api/memos/nomemo/reviews/${newOpId()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(ErrorCode.MEMO_NOT_FOUND);
  });
});

describe("moves and scheduler changes derive the state again from the kept rows", () => {
  it("moves a memo between repetition and FSRS folders keeping its graded rows", async () => {
    const repetition = await buildFolder(client);
    const fsrs = await buildFolder(client, { scheduler: "fsrs", desiredRetention: 0.8 });
    const memo = await buildMemo(client, { folderId: repetition.id });
    await review(memo.id, { grade: 1, reviewedAt: T0 });
    await review(memo.id, { reviewedAt: T0 + DAY_MS });
    clock = T0 + 2 * DAY_MS;
    const moved = await client.post(`/api/memos/${memo.id}/move`, { folderId: fsrs.id });
    expect(moved.status).toBe(200);
    const rows = [
      { at: T0, grade: 1 },
      { at: T0 + DAY_MS, grade: null },
    ];
    expect(moved.body.memo.fsrs).toEqual(replay(rows, memo, { desiredRetention: 0.8 }));
    const back = await client.post(`/api/memos/${memo.id}/move`, { folderId: repetition.id });
    expect(back.body.memo).toMatchObject({ fsrs: null, reviewCount: 2 });
    clock = T0;
  });

  it("derives a folder's memos when its scheduler or retention changes, through the feed", async () => {
    const folder = await buildFolder(client);
    const memo = await buildMemo(client, { folderId: folder.id });
    await review(memo.id, { grade: 2, reviewedAt: T0 });
    const cursor = (await client.get("/api/sync/changes")).body.nextCursor;
    await client.patch(`/api/folders/${folder.id}`, { scheduler: "fsrs", desiredRetention: 0.95 });
    const changes = await client.get(`/api/sync/changes?cursor=${cursor}`);
    const rows = [{ at: T0, grade: 2 }];
    expect(changes.body.memos).toEqual([
      expect.objectContaining({
        id: memo.id,
        fsrs: replay(rows, memo, { desiredRetention: 0.95 }),
      }),
    ]);
    await client.patch(`/api/folders/${folder.id}`, { desiredRetention: 0.7 });
    const derived = replay(rows, memo, { desiredRetention: 0.7 });
    expect((await getMemo(memo.id)).fsrs).toEqual(derived);
    const folderPage = () => client.get(`/api/folders/${folder.id}/memos`);
    expect((await folderPage()).body.memos).toEqual([
      expect.objectContaining({ id: memo.id, fsrs: derived }),
    ]);
    await client.patch(`/api/folders/${folder.id}`, { scheduler: "repetition" });
    expect((await getMemo(memo.id)).fsrs).toBeNull();
    expect((await folderPage()).body.memos).toEqual([
      expect.objectContaining({ id: memo.id, fsrs: null }),
    ]);
  });
});

describe("GET /api/folders/:folderId/memos?sort=retrievability", () => {
  it("orders lowest recall first across pages, as the domain sorts", async () => {
    const folder = await buildFolder(client, { scheduler: "fsrs", showSortingValues: true });
    const memos = [];
    for (let i = 0; i < 7; i += 1)
      memos.push(await buildMemo(client, { folderId: folder.id, title: `m${i}` }));
    const plan: Array<Array<[number, number]>> = [
      [[1, 3]],
      [[2, 1]],
      [[3, 4]],
      [
        [1, 3],
        [4, 3],
      ],
      [],
      [[5, 2]],
      [[5, 2]],
    ];
    clock = T0 + 6 * DAY_MS;
    for (const [index, reviews] of plan.entries()) {
      for (const [day, grade] of reviews) {
        await review(memos[index].id, { grade, reviewedAt: T0 + day * DAY_MS });
      }
    }
    clock = T0 + 20 * DAY_MS;
    const listed: MemoSummary[] = [];
    let path = `/api/folders/${folder.id}/memos?sort=retrievability&limit=2`;
    for (;;) {
      const page = await client.get(path);
      expect(page.status).toBe(200);
      listed.push(...page.body.memos);
      // The clock moves between pages: later pages still rank at the first page's time.
      clock += DAY_MS;
      if (!page.body.nextCursor) break;
      path = `/api/folders/${folder.id}/memos?sort=retrievability&limit=2&cursor=${page.body.nextCursor}`;
    }
    const ctx = { now: T0 + 20 * DAY_MS, utcOffsetMinutes: 0, dateRepetitionValue: 5 };
    expect(listed.map((memo) => memo.id)).toEqual(
      sortMemos(listed, "retrievability", ctx).map((m) => m.id),
    );
    expect(listed).toHaveLength(7);
    expect(listed[0]?.fsrs?.state).toBe("new");
    for (const memo of listed)
      expect(memo.sortingValue).toBe(
        memo.fsrs ? fsrsRetrievability(memo.fsrs, T0 + 20 * DAY_MS) : 0,
      );
    clock = T0;
  });
});

describe("GET /api/review/queue", () => {
  let user: TestClient;
  let fsrsFolder: { id: string };
  let hiddenFsrs: { id: string };
  let repetition: { id: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    user = (await signUpVerified(server)).client;
    fsrsFolder = await buildFolder(user, { title: "FSRS", scheduler: "fsrs" });
    hiddenFsrs = await buildFolder(user, { scheduler: "fsrs", showAtHomeReviewList: false });
    repetition = await buildFolder(user, { title: "반복", enableFlashCardFeature: true });
    clock = T0 - 60 * DAY_MS;
    for (const name of ["weak", "strong", "notDue", "fresh"]) {
      ids[name] = (await buildMemo(user, { folderId: fsrsFolder.id, title: name })).id;
    }
    ids.hidden = (await buildMemo(user, { folderId: hiddenFsrs.id, title: "hidden" })).id;
    ids.old = (await buildMemo(user, { folderId: repetition.id, title: "old" })).id;
    clock = T0 - 2 * DAY_MS;
    ids.young = (await buildMemo(user, { folderId: repetition.id, title: "young" })).id;
    const grade = async (name: string, g: number, daysAgo: number) => {
      const response = await user.post(`/api/memos/${ids[name]}/reviews`, {
        opId: newOpId(),
        grade: g,
        reviewedAt: T0 - daysAgo * DAY_MS,
      });
      expect(response.status).toBe(200);
    };
    await grade("weak", 1, 20);
    await grade("strong", 3, 50);
    await grade("strong", 3, 49);
    await grade("notDue", 3, 1);
    await grade("notDue", 4, 1);
    clock = T0;
  });

  it("answers due FSRS memos lowest recall first, then the home list without FSRS folders", async () => {
    const response = await user.get("/api/review/queue");
    expect(response.status).toBe(200);
    const { memos, fsrsDueCount } = response.body;
    const titles = memos.map((memo: { title: string }) => memo.title);
    expect(titles.slice(0, 1)).toEqual(["fresh"]);
    expect(titles.slice(1, 3).sort()).toEqual(["strong", "weak"]);
    expect(titles.slice(3)).toEqual(["old", "young"]);
    expect(fsrsDueCount).toBe(3);
    expect(memos[0]).toMatchObject({ source: "fsrs", scheduler: "fsrs", folderTitle: "FSRS" });
    expect(memos[3]).toMatchObject({
      source: "repetition",
      scheduler: "repetition",
      enableFlashCardFeature: true,
      fsrs: null,
    });
    const recall = memos.slice(0, 3).map((memo: MemoSummary) => memo.fsrs?.retrievability);
    expect(recall).toEqual([...recall].sort((a, b) => a - b));
  });

  it("limits the answer and still counts every due memo", async () => {
    const response = await user.get("/api/review/queue?limit=2");
    const whole = (await user.get("/api/review/queue")).body.memos;
    expect(response.body.memos).toEqual(whole.slice(0, 2));
    expect(response.body.fsrsDueCount).toBe(3);
  });

  it("reviews one folder: its due memos, or a repetition folder by score", async () => {
    const hidden = await user.get(`/api/review/queue?folderId=${hiddenFsrs.id}`);
    expect(hidden.body.memos.map((memo: { title: string }) => memo.title)).toEqual(["hidden"]);
    const rep = await user.get(`/api/review/queue?folderId=${repetition.id}`);
    expect(rep.body).toMatchObject({ fsrsDueCount: 0 });
    expect(rep.body.memos.map((memo: { title: string }) => memo.title)).toEqual(["old", "young"]);
  });

  it("drops a memo from the queue once graded, until it is due again", async () => {
    await user.post(`/api/memos/${ids.fresh}/reviews`, { opId: newOpId(), grade: 4 });
    const response = await user.get(`/api/review/queue?folderId=${fsrsFolder.id}`);
    const titles = response.body.memos.map((memo: { title: string }) => memo.title);
    expect(titles.sort()).toEqual(["strong", "weak"]);
  });

  it.each(["limit=0", "limit=201", "limit=x", "folderId=a%20b"])(
    "refuses %s with 400 VALIDATION_FAILED",
    async (query) => {
      const response = await user.get(`/api/review/queue?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(ErrorCode.VALIDATION_FAILED);
    },
  );

  it("answers 404 FOLDER_NOT_FOUND for a folder the user does not have", async () => {
    const response = await user.get("/api/review/queue?folderId=nofolder");
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(ErrorCode.FOLDER_NOT_FOUND);
  });
});

describe("FSRS parameters", () => {
  it("answers the default weights and no run for a new user", async () => {
    const fresh = (await signUpVerified(server)).client;
    const response = await fresh.get("/api/fsrs/parameters");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      isDefault: true,
      gradedReviewCount: 0,
      minGradedReviews: 400,
      optimization: null,
    });
    expect(response.body.weights).toHaveLength(21);
  });

  it("refuses to optimize below 400 graded reviews with 400 FSRS_NOT_ENOUGH_REVIEWS", async () => {
    const fresh = (await signUpVerified(server)).client;
    const folder = await buildFolder(fresh, { scheduler: "fsrs" });
    const memo = await buildMemo(fresh, { folderId: folder.id });
    await fresh.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId(), grade: 3 });
    const response = await fresh.post("/api/fsrs/optimize");
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: ErrorCode.FSRS_NOT_ENOUGH_REVIEWS,
      details: { gradedReviewCount: 1, minGradedReviews: 400 },
    });
  });

  it("optimizes off the request path, reports the log loss and derives with the new weights", async () => {
    const owner = (await signUpVerified(server)).client;
    const folder = await buildFolder(owner, { scheduler: "fsrs" });
    clock = T0 - 400 * DAY_MS;
    const memos = [];
    for (let i = 0; i < 60; i += 1)
      memos.push(await buildMemo(owner, { folderId: folder.id, title: `카드 ${i}` }));
    // 60 memos × 8 graded reviews at growing gaps, about one in six forgotten.
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      return seed / 2 ** 32;
    };
    const ops = [];
    for (const memo of memos) {
      let at = T0 - 400 * DAY_MS;
      for (let n = 0; n < 8; n += 1) {
        at += Math.ceil(random() * 2 ** n) * DAY_MS;
        const grade = random() < 0.17 ? 1 : random() < 0.2 ? 4 : 3;
        ops.push({
          kind: "memo.review",
          opId: newOpId("opt"),
          memoId: memo.id,
          reviewedAt: at,
          grade,
        });
      }
    }
    clock = T0;
    for (let start = 0; start < ops.length; start += 100) {
      const pushed = await owner.post("/api/sync/ops", { ops: ops.slice(start, start + 100) });
      expect(pushed.status).toBe(200);
    }
    const started = await owner.post("/api/fsrs/optimize");
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      gradedReviewCount: 480,
      optimization: { status: "running", startedAt: T0, reviewCount: 480 },
    });
    let parameters = started.body;
    for (let i = 0; i < 200 && parameters.optimization.status === "running"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      parameters = (await owner.get("/api/fsrs/parameters")).body;
    }
    expect(parameters.optimization).toMatchObject({ status: "done", finishedAt: T0 });
    const { logLossBefore, logLossAfter } = parameters.optimization;
    expect(logLossBefore).toBeGreaterThan(0);
    expect(logLossAfter).toBeGreaterThan(0);
    expect(parameters.isDefault).toBe(logLossAfter > logLossBefore);
    const weights = parameters.isDefault ? null : parameters.weights;
    const memo = memos[0];
    const rows = ops
      .filter((op) => op.memoId === memo.id)
      .map((op) => ({ at: op.reviewedAt, grade: op.grade }));
    const detail = (await owner.get(`/api/memos/${memo.id}`)).body.memo;
    expect(detail.fsrs).toEqual(replay(rows, memo, { weights }));
  });
});

describe("the FSRS routes signed out", () => {
  it.each([
    ["GET", "/api/review/queue"],
    ["GET", "/api/fsrs/parameters"],
    ["POST", "/api/fsrs/optimize"],
    ["DELETE", "/api/memos/memo1/reviews/op-00000001"],
  ])("%s %s answers 401 UNAUTHENTICATED", async (method, path) => {
    const response = await server
      .client()
      .request(method, path, method === "POST" ? {} : undefined);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe(ErrorCode.UNAUTHENTICATED);
  });
});
