// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { DAY_MS, type MemoDetail, mergeHomeReviewList } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { deleteCache, openCache } from "./cache";
import { readHomeList } from "./local-reads";
import { newFolder } from "./local-writes";
import { storeServerFolders, storeServerMemos } from "./sync-store";

// The offline home review list (issue 12 › The review list tells the truth) against the domain's
// rule over every memo: pages after each cursor cover every eligible memo once, in order, with
// equal scores tied by id; `total` counts them; completed memos of completion folders stay out.

const USER = "home-list-user";
const NOW = 1_795_435_200_000;
const folders = [
  newFolder({ id: "five", title: "다섯 five", createdAt: NOW }),
  { ...newFolder({ id: "ten", title: "열 ten", createdAt: NOW }), dateRepetitionValue: 10 },
  {
    ...newFolder({ id: "done", title: "완료 done", createdAt: NOW }),
    enableCompletionFeature: true,
  },
  { ...newFolder({ id: "hidden", title: "숨김", createdAt: NOW }), showAtHomeReviewList: false },
];

function memo(index: number): MemoDetail {
  const folderId = ["five", "ten", "done", "hidden"][index % 4] ?? "five";
  const isCompleted = index % 8 === 2; // half of the completion folder's memos
  return serverMemo({
    id: `m${String((index * 7919) % 1000).padStart(3, "0")}-${index}`,
    title: `메모 memo ${index}`,
    // Seven ages: many equal scores.
    createdAt: NOW - (index % 7) * DAY_MS,
    updatedAt: NOW,
    userId: USER,
    userName: "홈",
    folderId,
    accumulatedReviewValue: index % 5 === 0 ? 1 : 0,
    completedDates: isCompleted ? [NOW] : [],
    completedCount: isCompleted ? 1 : 0,
    isCompleted,
  });
}

// 410 memos: 102 in the hidden folder and 51 completed in the completion folder: 257 listed.
const memos = Array.from({ length: 410 }, (_, index) => memo(index));

beforeAll(async () => {
  openCache(USER, "홈");
  await storeServerFolders(folders);
  await storeServerMemos(memos);
});

afterAll(async () => {
  await deleteCache(USER);
});

describe("readHomeList (offline)", () => {
  // The reference: every eligible memo ranked at once by the domain's merge.
  const eligible = memos.filter(
    (m) => m.folderId !== "hidden" && !(m.folderId === "done" && m.completedCount > 0),
  );
  const groups = [5, 10].map((dateRepetitionValue) => ({
    dateRepetitionValue,
    memos: eligible.filter((m) => (m.folderId === "ten" ? 10 : 5) === dateRepetitionValue),
  }));
  const expected = mergeHomeReviewList(groups, eligible.length, NOW).map(({ memo: m }) => m.id);

  it.each([30, 7])("pages of %i cover every eligible memo once, in order", async (limit) => {
    const listed: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 1_000; page += 1) {
      // Time passes between pages; the cursor keeps the first page's.
      const answer = await readHomeList(limit, NOW + page * DAY_MS, cursor);
      expect(answer.total).toBe(eligible.length);
      listed.push(...answer.memos.map((m) => m.id));
      cursor = answer.nextCursor;
      if (cursor === null) break;
      expect(answer.memos).toHaveLength(limit);
    }
    expect(listed).toEqual(expected);
  });

  it("answers the first page with the real total", async () => {
    const first = await readHomeList(30, NOW);
    expect(first.memos).toHaveLength(30);
    expect(first.total).toBe(eligible.length);
    expect(first.total).toBe(257);
    expect(first.memos.some((m) => m.folderId === "hidden" || m.isCompleted)).toBe(false);
  });

  it("goes on from a cursor the server wrote (the same body, base64url JSON)", async () => {
    const first = await readHomeList(30, NOW);
    const last = first.memos.at(-1);
    if (!last) throw new Error("expected a first page");
    // As apps/server/src/http/opaque-cursor.ts writes it.
    const serverCursor = Buffer.from(
      JSON.stringify({ v: 1, a: NOW, s: last.repetitionScore, id: last.id }),
    ).toString("base64url");
    const fromServer = await readHomeList(30, NOW + DAY_MS, serverCursor);
    const fromDevice = await readHomeList(30, NOW + DAY_MS, first.nextCursor);
    expect(first.nextCursor).toBe(serverCursor);
    expect(fromServer).toEqual(fromDevice);
    expect(fromServer.memos[0]?.id).toBe(expected[30]);
  });

  it("refuses a cursor that is not one of this list with VALIDATION_FAILED at cursor", async () => {
    await expect(readHomeList(30, NOW, "아님")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "cursor" }],
    });
  });
});
