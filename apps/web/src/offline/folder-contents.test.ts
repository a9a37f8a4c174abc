// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { MemoDetail } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMemo } from "../test/memos";
import { deleteCache, openCache, writeMeta } from "./cache";
import { countFolderContents } from "./local-reads";
import { newFolder } from "./local-writes";
import { storeServerFolders, storeServerMemos } from "./sync-store";

// The folder delete confirmation says how many sub-folders and memos go with the folder
// (issue 12 › Gaps seen offline and at start): counted from the cache, at any depth.

const USER = "folder-contents-user";
const NOW = 1_795_435_200_000;
const folders = [
  newFolder({ id: "lang", title: "언어 languages", createdAt: NOW }),
  { ...newFolder({ id: "ko", title: "한국어", createdAt: NOW }), parentFolderId: "lang" },
  { ...newFolder({ id: "hanja", title: "한자", createdAt: NOW }), parentFolderId: "ko" },
  newFolder({ id: "other", title: "Other", createdAt: NOW }),
];

function memo(id: string, folderId: string): MemoDetail {
  return serverMemo({
    id,
    folderId,
    createdAt: NOW,
    updatedAt: NOW,
    userId: USER,
    userName: "폴더",
  });
}

beforeAll(async () => {
  openCache(USER, "폴더");
  await storeServerFolders(folders);
  await storeServerMemos([
    memo("a", "lang"),
    memo("b", "ko"),
    memo("c", "ko"),
    memo("d", "hanja"),
    memo("e", "other"),
  ]);
});

afterAll(async () => {
  await deleteCache(USER);
});

describe("countFolderContents", () => {
  it("answers null while the first download is unfinished", async () => {
    expect(await countFolderContents("lang")).toBeNull();
  });

  it.each([
    ["lang", { subFolders: 2, memos: 4 }],
    ["ko", { subFolders: 1, memos: 3 }],
    ["hanja", { subFolders: 0, memos: 1 }],
    ["other", { subFolders: 0, memos: 1 }],
  ])("counts the sub-folders and memos under %s", async (folderId, expected) => {
    await writeMeta("isComplete", true);
    expect(await countFolderContents(folderId)).toEqual(expected);
  });

  it("answers null for a folder not on this device", async () => {
    expect(await countFolderContents("missing")).toBeNull();
  });
});
