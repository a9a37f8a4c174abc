// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { MemoDetail } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { cacheDb, deleteCache, openCache, writeMeta } from "./cache";
import { readHomeList, readMemoList } from "./local-reads";
import {
  deleteFolderLocally,
  deleteMemoLocally,
  newFolder,
  readLocalTrash,
  restoreLocally,
} from "./local-writes";
import { storeServerFolders, storeServerMemos } from "./sync-store";

// PRODUCT.md › Trash on the device: a delete keeps the rows in the cache's trash, out of every
// other read; a restore puts them back (a memo whose folder is gone into the root folder) and
// queues the restore like any write.

const USER = "local-trash-user";
const NOW = 1_795_435_200_000;

function memo(id: string, folderId: string, title: string): MemoDetail {
  return serverMemo({
    id,
    title,
    contents: `<p>${title}</p>`,
    tags: ["과일"],
    createdAt: NOW,
    updatedAt: NOW,
    userId: USER,
    userName: "휴지통",
    folderId,
    accumulatedReviewValue: 2,
    reviewCount: 2,
    reviewedDates: [NOW, NOW + 1],
    lastReviewedAt: NOW + 1,
  });
}

beforeAll(async () => {
  openCache(USER, "휴지통");
  await storeServerFolders([
    newFolder({ id: "root", title: "", createdAt: NOW }),
    newFolder({ id: "fruit", title: "과일", createdAt: NOW }),
    newFolder({ id: "gone", title: "지울 폴더", createdAt: NOW }),
  ]);
  await storeServerMemos([
    memo("apple", "fruit", "사과 apple"),
    memo("pear", "gone", "배 pear"),
    memo("plum", "gone", "자두 plum"),
  ]);
  await writeMeta("isComplete", true);
});

afterAll(async () => {
  await deleteCache(USER);
});

const titles = async (folderId: string) =>
  (await readMemoList(folderId, undefined, NOW, 0)).map((row) => row.title);

describe("the trash on the device", () => {
  it("keeps a deleted memo out of the lists, lists it, and restores it with its reviews", async () => {
    await deleteMemoLocally("apple");
    expect(await titles("fruit")).toEqual([]);
    const home = await readHomeList(100, NOW + 365 * 86_400_000);
    expect(home.memos.map((row) => row.id)).not.toContain("apple");
    const trash = await readLocalTrash();
    expect(trash.items).toMatchObject([
      { kind: "memo", id: "apple", title: "사과 apple", folderId: "fruit", folderTitle: "과일" },
    ]);
    expect(trash.pendingDeletes.has("memo:apple")).toBe(true);

    await restoreLocally("memo", "apple");
    expect(await titles("fruit")).toEqual(["사과 apple"]);
    const restored = await cacheDb().memos.get("apple");
    expect(restored).toMatchObject({ reviewCount: 2, reviewedDates: [NOW, NOW + 1] });
    expect((await cacheDb().bodies.get("apple"))?.contents).toBe("<p>사과 apple</p>");
    expect((await readLocalTrash()).items).toEqual([]);
    const outbox = (await cacheDb().outbox.toArray()).map((entry) => entry.op.kind);
    expect(outbox.slice(-2)).toEqual(["memo.delete", "memo.restore"]);
  });

  it("trashes a folder with its memos as one item; its memo restored alone goes to the root", async () => {
    await deleteMemoLocally("plum");
    await deleteFolderLocally("gone");
    expect(await cacheDb().folders.get("gone")).toBeUndefined();
    const trash = await readLocalTrash();
    expect(trash.items.map((item) => [item.kind, item.id, item.memoCount])).toEqual(
      expect.arrayContaining([
        ["folder", "gone", 1],
        ["memo", "plum", 1],
      ]),
    );
    await restoreLocally("memo", "plum");
    expect(await titles("root")).toEqual(["자두 plum"]);
    await restoreLocally("folder", "gone");
    expect(await titles("gone")).toEqual(["배 pear"]);
  });
});
