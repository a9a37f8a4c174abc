import type { Folder, MemoDetail } from "@mnemo/domain";
import { DAY_MS, DEFAULT_REPETITION_VALUE, folderSchema, repetitionDueKey } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { derivedKeys, toCachedMemo } from "./cache";
import { draftKey, draftPath } from "./draft-key";
import { newFolder } from "./local-writes";

const NOW = 1_795_435_200_000; // 2026-11-23T12:00:00Z

function folder(fields: Partial<Folder> = {}): Folder {
  return newFolder({ id: "folderA", title: "영어 단어", createdAt: NOW, ...fields });
}

function memo(fields: Partial<MemoDetail> = {}): MemoDetail {
  return serverMemo({
    id: "memoA",
    title: "사과는 apple",
    preview: "과일",
    contents: "<p>과일</p>",
    createdAt: NOW - 10 * DAY_MS,
    updatedAt: NOW,
    userId: "user1",
    userName: "Bench",
    folderId: "folderA",
    accumulatedReviewValue: 10,
    reviewCount: 2,
    reviewedDates: [NOW - 2 * DAY_MS, NOW - DAY_MS],
    lastReviewedAt: NOW - DAY_MS,
    revision: 3,
    ...fields,
  });
}

describe("derivedKeys", () => {
  it.each([
    { name: "a folder on home", folder: folder(), homeRv: 5 },
    {
      name: "a folder off home",
      folder: folder({ showAtHomeReviewList: false }),
      homeRv: undefined,
    },
    { name: "another rate", folder: folder({ dateRepetitionValue: 2 }), homeRv: 2 },
    { name: "no folder known", folder: undefined, homeRv: undefined },
  ])("$name: due key from the folder's rate, home key only while on home", ({ folder, homeRv }) => {
    const keys = derivedKeys(memo(), folder);
    const rate = folder?.dateRepetitionValue ?? DEFAULT_REPETITION_VALUE;
    expect(keys.dueKey).toBe(repetitionDueKey(NOW - 10 * DAY_MS, rate, 10));
    expect(keys.homeRv).toBe(homeRv);
    // Absent, not undefined-valued: IndexedDB then leaves the memo out of the home index.
    expect("homeRv" in keys).toBe(homeRv !== undefined);
  });
});

describe("toCachedMemo", () => {
  it("keeps the list fields, drops contents and list-only fields", () => {
    const cached = toCachedMemo(
      {
        ...memo(),
        sortingValue: 1,
        folderTitle: "x",
        snippet: "<mark>사과</mark>는",
        score: 1.5,
        isTitleHit: true,
      } as never,
      folder(),
    );
    expect(cached).not.toHaveProperty("contents");
    expect(cached).not.toHaveProperty("sortingValue");
    expect(cached).not.toHaveProperty("folderTitle");
    // A search result stored for its row actions (search.queries.ts) is a list row.
    for (const field of ["snippet", "score", "isTitleHit"])
      expect(cached).not.toHaveProperty(field);
    expect(cached.title).toBe("사과는 apple");
    expect(cached.revision).toBe(3);
    expect(cached.reviewedDates).toEqual([NOW - 2 * DAY_MS, NOW - DAY_MS]);
  });

  it("keeps known review dates for a list row only while they still add up", () => {
    const previous = toCachedMemo(memo(), folder());
    const { reviewedDates: _r, completedDates: _c, contents: _x, ...row } = memo();
    expect(toCachedMemo(row, folder(), previous).reviewedDates).toHaveLength(2);
    // Another device reviewed it: the count moved on, the old dates are no longer the whole list.
    expect(toCachedMemo({ ...row, reviewCount: 3 }, folder(), previous).reviewedDates).toBe(
      undefined,
    );
  });
});

describe("draftKey and draftPath", () => {
  it.each([
    { form: { memoId: "memoA" }, key: "memo:memoA", path: "/upsert-private-memo?memoId=memoA" },
    {
      form: { folderId: "folder-1" },
      key: "new:folder-1",
      path: "/upsert-private-memo?folderId=folder-1",
    },
    { form: {}, key: "new:", path: "/upsert-private-memo" },
  ])("$key opens $path again", ({ form, key, path }) => {
    expect(draftKey(form)).toBe(key);
    expect(draftPath(key)).toBe(path);
  });
});

describe("newFolder", () => {
  it("matches the domain's folder defaults (what the server stores for a bare create)", () => {
    const bare = { id: "folderA", title: "영어 단어", createdAt: NOW, updatedAt: NOW };
    expect(newFolder(bare)).toEqual(folderSchema.parse(bare));
  });
});
