// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { DAY_MS, type MemoDetail } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { deleteCache, openCache } from "./cache";
import { readCalendar, storeServerCalendar } from "./local-calendar";
import { completeMemoLocally, newFolder, reviewMemoLocally } from "./local-writes";
import { storeServerFolders, storeServerMemos } from "./sync-store";

// The offline calendar (issue 12 › Gaps seen offline): memos created from the cache, reviews and
// completions from the server's kept answer plus the outbox, counted by the domain's rule.

const USER = "calendar-user";
// Local changes are stamped with the clock, so the day under test is today (UTC).
const NOW = Date.now();
const TODAY = new Date(NOW).toISOString().slice(0, 10);
const YESTERDAY = new Date(NOW - DAY_MS).toISOString().slice(0, 10);
const query = { from: YESTERDAY, to: TODAY, tz: 0 };

function memo(id: string, title: string, createdAt: number): MemoDetail {
  return serverMemo({
    id,
    title,
    createdAt,
    updatedAt: createdAt,
    userId: USER,
    userName: "달력",
    folderId: "f",
  });
}

beforeAll(async () => {
  openCache(USER, "달력");
  await storeServerFolders([
    { ...newFolder({ id: "f", title: "폴더", createdAt: NOW }), enableCompletionFeature: true },
  ]);
  const startOfToday = Date.parse(TODAY);
  await storeServerMemos([
    ...Array.from({ length: 7 }, (_, index) =>
      memo(`today-${index}`, `오늘 today ${index}`, startOfToday + index),
    ),
    memo("yesterday", "어제 yesterday", startOfToday - 1),
  ]);
});

afterAll(async () => {
  await deleteCache(USER);
});

describe("readCalendar (offline)", () => {
  it("counts created memos from the cache, reviews from the kept answer and the outbox", async () => {
    await storeServerCalendar(query, [
      {
        date: TODAY,
        created: [],
        reviewed: [
          { id: "today-1", title: "old title", folderId: "f", count: 2 },
          // Deleted since: left out, as the server leaves deleted memos out.
          { id: "gone", title: "삭제됨", folderId: "f", count: 1 },
        ],
        completed: [],
      },
    ]);
    await reviewMemoLocally("today-2");
    await reviewMemoLocally("today-1");
    await completeMemoLocally("today-3");

    const days = await readCalendar(query);
    expect(days.map((day) => day.date)).toEqual([YESTERDAY, TODAY]);
    const [yesterday, today] = days;
    expect(yesterday?.created.map((m) => m.id)).toEqual(["yesterday"]);
    expect(today?.created).toHaveLength(7);
    expect(today?.reviewed).toEqual([
      { id: "today-1", title: "오늘 today 1", folderId: "f", count: 3 },
      { id: "today-2", title: "오늘 today 2", folderId: "f", count: 1 },
    ]);
    expect(today?.completed.map((m) => [m.id, m.count])).toEqual([["today-3", 1]]);
  });

  it("keeps nothing of another UTC offset's answer", async () => {
    await storeServerCalendar({ ...query, tz: 540 }, []);
    const [, today] = await readCalendar(query);
    expect(today?.reviewed.map((m) => [m.id, m.count])).toEqual([
      ["today-2", 1],
      ["today-1", 1],
    ]);
  });
});
