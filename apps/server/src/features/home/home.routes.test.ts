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

  it.each(["?limit=0", "?limit=101", "?limit=x"])(
    "refuses %s with VALIDATION_FAILED",
    async (q) => {
      const response = await client.get(`/api/home/review-list${q}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      expect(response.body.error.details[0].path).toBe("limit");
    },
  );

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().get("/api/home/review-list");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
  });
});
