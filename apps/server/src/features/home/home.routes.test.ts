import {
  DAY_MS,
  type Folder,
  type MemoSummary,
  mergeHomeReviewList,
  repetitionScore,
} from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";

const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);

let server: TestServer;
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

/** A memo created `ageDays` before T0 (the clock is moved for the create). */
async function buildAgedMemo(client: TestClient, folderId: string, title: string, ageDays: number) {
  clock = T0 - ageDays * DAY_MS;
  try {
    return await buildMemo(client, { folderId, title });
  } finally {
    clock = T0;
  }
}

interface Item {
  id: string;
  title: string;
  folderTitle: string;
  repetitionScore: number;
  sortingValue: number;
  createdAt: number;
  accumulatedReviewValue: number;
}

interface Page {
  memos: Item[];
  nextCursor: string | null;
  total: number;
}

/** Every page of the list, `limit` at a time, following `nextCursor` to the end. */
async function allPages(client: TestClient, limit: number, between?: () => void): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const response = await client.get(`/api/home/review-list${query}`);
    expect(response.status).toBe(200);
    pages.push(response.body);
    cursor = response.body.nextCursor;
    between?.();
  } while (cursor !== null && pages.length < 100);
  return pages;
}

async function reviewList(client: TestClient, query = ""): Promise<Item[]> {
  const response = await client.get(`/api/home/review-list${query}`);
  expect(response.status).toBe(200);
  return response.body.memos;
}

describe("GET /api/home/review-list", () => {
  let client: TestClient;
  let slow: { id: string };
  let fast: { id: string };
  let hidden: { id: string };
  let s8: { id: string };
  let f2: { id: string };

  beforeAll(async () => {
    ({ client } = await signUpVerified(server));
    slow = await buildFolder(client, { title: "천천히", dateRepetitionValue: 1 });
    fast = await buildFolder(client, { title: "빨리", dateRepetitionValue: 10 });
    hidden = await buildFolder(client, { title: "숨김", showAtHomeReviewList: false });
    // Scores at T0: slow folder 1 × age − reviews, fast folder 10 × age − reviews.
    await buildAgedMemo(client, slow.id, "느린 30일", 30);
    s8 = await buildAgedMemo(client, slow.id, "느린 8일", 8);
    f2 = await buildAgedMemo(client, fast.id, "빠른 2일", 2);
    await buildAgedMemo(client, fast.id, "빠른 1일", 1);
    await buildAgedMemo(client, fast.id, "빠른 오늘", 0);
    await buildAgedMemo(client, hidden.id, "숨은 99일", 99);
    await client.post(`/api/memos/${f2.id}/reviews`, { opId: newOpId("home-op"), value: 1 });
  });

  it("lists memos of shown folders, highest repetition score first, with folder titles", async () => {
    const items = await reviewList(client);
    expect(items.map((m) => m.title)).toEqual([
      "느린 30일", // 30
      "빠른 2일", // 20 − 1 = 19
      "빠른 1일", // 10
      "느린 8일", // 8
      "빠른 오늘", // 0
    ]);
    expect(items.map((m) => m.folderTitle)).toEqual(["천천히", "빨리", "빨리", "천천히", "빨리"]);
    for (const item of items) {
      const rv = item.folderTitle === "천천히" ? 1 : 10;
      expect(item.repetitionScore).toBe(repetitionScore(item, rv, T0));
      expect(item.sortingValue).toBe(item.repetitionScore);
    }
    expect(items[1]).toMatchObject({ repetitionScore: 19, accumulatedReviewValue: 1 });
    expect(items[0]).not.toHaveProperty("contents");
  });

  it.each([30, 3, 1])(
    "answers limit %i as the web's offline read ranks the same memos",
    async (limit) => {
      // The device holds every memo of the folders on home and ranks them, grouped by their
      // folder's date repetition value, with the domain's mergeHomeReviewList (readHomeList in
      // apps/web/src/offline/local-reads.ts).
      const { folders } = (await client.get("/api/folders")).body as { folders: Folder[] };
      const groups = new Map<number, MemoSummary[]>();
      for (const folder of folders.filter((f) => f.showAtHomeReviewList)) {
        const page = await client.get(`/api/folders/${folder.id}/memos?limit=100`);
        const memos = groups.get(folder.dateRepetitionValue) ?? [];
        memos.push(...(page.body.memos as MemoSummary[]));
        groups.set(folder.dateRepetitionValue, memos);
      }
      const offline = mergeHomeReviewList(
        [...groups].map(([dateRepetitionValue, memos]) => ({ dateRepetitionValue, memos })),
        limit,
        T0,
      );
      const items = await reviewList(client, `?limit=${limit}`);
      expect(items.map((m) => [m.id, m.repetitionScore])).toEqual(
        offline.map(({ memo, score }) => [memo.id, score]),
      );
    },
  );

  it("answers at most `limit` memos", async () => {
    const items = await reviewList(client, "?limit=2");
    expect(items.map((m) => m.title)).toEqual(["느린 30일", "빠른 2일"]);
  });

  it("follows changes of showAtHomeReviewList and dateRepetitionValue", async () => {
    await client.patch(`/api/folders/${hidden.id}`, { showAtHomeReviewList: true });
    expect((await reviewList(client, "?limit=1")).map((m) => m.title)).toEqual(["숨은 99일"]);
    await client.patch(`/api/folders/${hidden.id}`, { showAtHomeReviewList: false });
    expect((await reviewList(client)).map((m) => m.title)).not.toContain("숨은 99일");

    await client.patch(`/api/folders/${slow.id}`, { dateRepetitionValue: 0.5 });
    expect((await reviewList(client)).map((m) => m.title)).toEqual([
      "빠른 2일", // 19
      "느린 30일", // 15
      "빠른 1일", // 10
      "느린 8일", // 4
      "빠른 오늘", // 0
    ]);
    await client.patch(`/api/folders/${slow.id}`, { dateRepetitionValue: 1 });
  });

  it("moves a memo's score with its folder when the memo is moved", async () => {
    await client.post(`/api/memos/${s8.id}/move`, { folderId: hidden.id });
    expect((await reviewList(client)).map((m) => m.title)).not.toContain("느린 8일");
    await client.post(`/api/memos/${s8.id}/move`, { folderId: slow.id });
    expect((await reviewList(client)).map((m) => m.title)).toContain("느린 8일");
  });

  it("never lists another user's memos", async () => {
    const other = await signUpVerified(server);
    expect(await reviewList(other.client)).toEqual([]);
  });

  it("answers total and no next cursor when the list fits one page", async () => {
    const response = await client.get("/api/home/review-list");
    expect(response.body).toMatchObject({ total: 5, nextCursor: null });
  });

  it.each(["?limit=0", "?limit=101", "?limit=x"])(
    "refuses %s with VALIDATION_FAILED",
    async (q) => {
      const response = await client.get(`/api/home/review-list${q}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      expect(response.body.error.details[0].path).toBe("limit");
    },
  );

  it.each([
    ["junk", "아님"],
    ["not JSON", Buffer.from("{").toString("base64url")],
    [
      "another list's",
      Buffer.from(JSON.stringify({ v: 1, k: [1], id: "a" })).toString("base64url"),
    ],
    [
      "a wrong id",
      Buffer.from(JSON.stringify({ v: 1, a: T0, s: 1, id: "../x" })).toString("base64url"),
    ],
  ])("refuses %s cursor with VALIDATION_FAILED at cursor", async (_, cursor) => {
    const response = await client.get(`/api/home/review-list?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details[0].path).toBe("cursor");
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/home/review-list");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});

describe("GET /api/home/review-list paged (issue 12 › The review list tells the truth)", () => {
  let client: TestClient;
  let other: { client: TestClient };
  let ids: Set<string>;
  let folders: Folder[];

  beforeAll(async () => {
    ({ client } = await signUpVerified(server));
    const five = await buildFolder(client, { title: "다섯 English" });
    const ten = await buildFolder(client, { title: "열", dateRepetitionValue: 10 });
    // 307 memos, many with equal scores: seven ages per folder, created at the same instants.
    ids = new Set();
    for (let index = 0; index < 307; index += 1) {
      const folderId = index % 3 === 0 ? ten.id : five.id;
      const memo = await buildAgedMemo(client, folderId, `메모 memo ${index}`, index % 7);
      ids.add(memo.id);
    }
    // Another user's memos are never listed nor counted.
    other = await signUpVerified(server);
    const theirs = await buildFolder(other.client, { title: "남의 폴더" });
    for (let index = 0; index < 3; index += 1) {
      await buildAgedMemo(other.client, theirs.id, `남의 메모 ${index}`, 100);
    }
    folders = ((await client.get("/api/folders")).body as { folders: Folder[] }).folders;
  });

  it("covers all 307 eligible memos in pages of 30, each once, with total 307", async () => {
    const pages = await allPages(client, 30);
    expect(pages.map((page) => page.memos.length)).toEqual([...Array(10).fill(30), 7]);
    expect(pages.every((page) => page.total === 307)).toBe(true);
    const listed = pages.flatMap((page) => page.memos.map((m) => m.id));
    expect(listed).toHaveLength(307);
    expect(new Set(listed)).toEqual(ids);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    // And the other user sees only theirs, counted alone.
    const [theirs] = await allPages(other.client, 30);
    expect(theirs).toMatchObject({ total: 3, nextCursor: null });
    expect(theirs?.memos.map((m) => m.title).sort()).toEqual([
      "남의 메모 0",
      "남의 메모 1",
      "남의 메모 2",
    ]);
  });

  it("gives the same order paged as in one list, ties by id", async () => {
    const pages = await allPages(client, 7);
    const paged = pages.flatMap((page) => page.memos);
    const whole = (await allPages(client, 100)).flatMap((page) => page.memos);
    expect(paged.map((m) => m.id)).toEqual(whole.map((m) => m.id));
    for (let index = 1; index < paged.length; index += 1) {
      const [a, b] = [paged[index - 1], paged[index]] as [Item, Item];
      expect(a.repetitionScore > b.repetitionScore || a.id < b.id).toBe(true);
    }
    // Equal scores really occur (the same age in the same folder).
    const scores = paged.map((m) => m.repetitionScore);
    expect(new Set(scores).size).toBeLessThan(20);
  });

  it("continues where the previous page stopped while time passes between pages", async () => {
    const pages = await allPages(client, 30, () => {
      clock += 3 * DAY_MS + 1234;
    });
    clock = T0;
    const listed = pages.flatMap((page) => page.memos.map((m) => m.id));
    expect(listed).toHaveLength(307);
    expect(new Set(listed)).toEqual(ids);
  });

  it("gives the same pages as the web's offline read (the domain's merge after each cursor)", async () => {
    // The device ranks every memo it holds with mergeHomeReviewList, after the last memo of the
    // previous page (readHomeList in apps/web/src/offline/local-reads.ts), at the first page's time.
    const groups = new Map<number, MemoSummary[]>();
    for (const folder of folders.filter((f) => f.showAtHomeReviewList)) {
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : "";
        const page = await client.get(`/api/folders/${folder.id}/memos?limit=100${query}`);
        const memos = groups.get(folder.dateRepetitionValue) ?? [];
        memos.push(...(page.body.memos as MemoSummary[]));
        groups.set(folder.dateRepetitionValue, memos);
        cursor = page.body.nextCursor;
      } while (cursor !== null);
    }
    const all = [...groups].map(([dateRepetitionValue, memos]) => ({ dateRepetitionValue, memos }));
    const pages = await allPages(client, 30);
    let after: { score: number; id: string } | null = null;
    for (const page of pages) {
      const offline: Array<{ memo: MemoSummary; score: number }> = mergeHomeReviewList(
        all,
        30,
        T0,
        after,
      );
      expect(page.memos.map((m) => [m.id, m.repetitionScore])).toEqual(
        offline.map(({ memo, score }) => [memo.id, score]),
      );
      const last: { memo: MemoSummary; score: number } | undefined = offline.at(-1);
      after = last ? { score: last.score, id: last.memo.id } : null;
    }
  });

  it("leaves completed memos of folders with the completion feature out of list and total", async () => {
    const done = await buildFolder(client, { title: "완료 Done", enableCompletionFeature: true });
    const plain = await buildFolder(client, { title: "기능 없음" });
    const completed = await buildAgedMemo(client, done.id, "완료된 done", 50);
    const open = await buildAgedMemo(client, done.id, "진행 중 open", 40);
    const elsewhere = await buildAgedMemo(client, plain.id, "다른 폴더 other", 45);
    for (const memo of [completed, elsewhere]) {
      const response = await client.post(`/api/memos/${memo.id}/complete`, {
        opId: newOpId("home-done"),
      });
      expect(response.status).toBeLessThan(300);
    }
    const first = (await client.get("/api/home/review-list?limit=5")).body as Page;
    expect(first.total).toBe(309);
    const titles = first.memos.map((m) => m.title);
    expect(titles).not.toContain("완료된 done");
    expect(titles.slice(0, 2)).toEqual(["다른 폴더 other", "진행 중 open"]);

    // Un-completing brings it back; the review queue follows the same rule.
    const queue = (await client.get("/api/review/queue")).body.memos as Item[];
    expect(queue.map((m) => m.title)).not.toContain("완료된 done");
    await client.post(`/api/memos/${completed.id}/uncomplete`, { opId: newOpId("home-undo") });
    const back = (await client.get("/api/home/review-list?limit=1")).body as Page;
    expect(back).toMatchObject({ total: 310, memos: [{ title: "완료된 done" }] });
    for (const memo of [completed, open, elsewhere]) {
      expect((await client.delete(`/api/memos/${memo.id}`)).status).toBeLessThan(300);
    }
  });
});
