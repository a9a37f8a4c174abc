import { AppError, ErrorCode } from "@mnemo/domain";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { mnemoReader } from "./mnemo.js";
import type { MnemoDocument } from "./mnemo-document.js";
import { listZipEntries } from "./zip.js";

// The mnemo reader on generated files; the export → reader round trip through HTTP is in
// features/export/export.routes.test.ts.

const T = Date.UTC(2026, 10, 23, 3, 0, 0);
const GIF = strToU8("GIF89a 그림");

function folder(id: string, parentFolderId: string | null, title = "폴더 folder") {
  return {
    id,
    title,
    description: "",
    parentFolderId,
    isCategoryFolder: false,
    order: 0,
    sortingMethod: "latest",
    dateRepetitionValue: 5,
    readRepetitionValue: 5,
    pinned: false,
    sideNavPinned: false,
    enableCompletionFeature: false,
    enableCompletionFeatureWithCompletedMemosOnly: false,
    enableFlashCardFeature: false,
    showSortingValues: false,
    showReviewCount: false,
    showAtHomeReviewList: true,
    scheduler: "repetition",
    desiredRetention: 0.9,
    createdAt: T,
    updatedAt: T,
  } as const;
}

const MEMOS = [
  {
    id: "memo1",
    folderId: "sub",
    title: "안녕 Hello",
    contents: '<p>글</p><p><img src="/api/attachments/img1" alt="그림"></p>',
    hint: "",
    tags: ["태그"],
    priority: 1,
    createdAt: T,
    updatedAt: T + 1,
    reviews: [
      { opId: "op-000001", at: T + 10, grade: 3, value: 5, undoneAt: null },
      { opId: "op-000002", at: T + 20, grade: null, value: 5, undoneAt: T + 30 },
    ],
    completions: [
      { at: T + 40, undoneAt: T + 50 },
      { at: T + 60, undoneAt: null },
    ],
  },
  {
    id: "memo2",
    folderId: "root",
    title: "root memo",
    contents: "",
    hint: "힌트",
    tags: [],
    priority: 0,
    createdAt: T,
    updatedAt: T,
    reviews: [],
    completions: [],
  },
] as const;

const IMAGE = {
  id: "img1",
  contentType: "image/gif",
  byteSize: GIF.length,
  sha256: "x",
  createdAt: T,
  path: "attachments/img1.gif",
} as const;

function document(overrides: Partial<Record<keyof MnemoDocument, unknown>> = {}) {
  return {
    format: "mnemo",
    version: 1,
    exportedAt: T,
    folders: [folder("root", null, ""), folder("top", null), folder("sub", "top")],
    memos: MEMOS,
    attachments: [IMAGE],
    ...overrides,
  };
}

function fileOf(entries: Record<string, Uint8Array>) {
  const bytes = zipSync(entries);
  return { bytes, zipEntryNames: listZipEntries(bytes) };
}

function zipOf(doc: unknown, images: Record<string, Uint8Array> = { "attachments/img1.gif": GIF }) {
  const json = typeof doc === "string" ? doc : JSON.stringify(doc);
  return fileOf({ "mnemo.json": strToU8(json), ...images });
}

async function readError(file: ReturnType<typeof zipOf>): Promise<AppError> {
  try {
    await mnemoReader.read(file, () => {});
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected the read to fail");
}

describe("mnemoReader", () => {
  it("recognises a zip with mnemo.json at its top, nothing else", () => {
    expect(mnemoReader.recognises(zipOf(document()))).toBe(true);
    expect(mnemoReader.recognises(fileOf({ "notes/mnemo.json": strToU8("{}") }))).toBe(false);
    expect(mnemoReader.recognises(fileOf({ "메모.md": strToU8("# 안녕") }))).toBe(false);
    expect(mnemoReader.recognises({ bytes: GIF, zipEntryNames: null })).toBe(false);
  });

  it("keeps ids, the tree, settings, counting reviews and completions, and images", async () => {
    const steps: Array<[number, number]> = [];
    const bundle = await mnemoReader.read(zipOf(document()), (done, total) =>
      steps.push([done, total]),
    );
    expect(bundle.folders).toEqual([
      {
        key: "top",
        id: "top",
        parentKey: null,
        title: "폴더 folder",
        settings: expect.objectContaining({ sortingMethod: "latest", desiredRetention: 0.9 }),
      },
      expect.objectContaining({ key: "sub", id: "sub", parentKey: "top" }),
    ]);
    expect(bundle.memos).toEqual([
      {
        key: "memo1",
        id: "memo1",
        folderKey: "sub",
        title: "안녕 Hello",
        contents: '<p>글</p><p><img src="attachment:img1" alt="그림"></p>',
        hint: "",
        tags: ["태그"],
        priority: 1,
        createdAt: T,
        updatedAt: T + 1,
        reviews: [{ at: T + 10, grade: 3, value: 5 }],
        completions: [T + 60],
      },
      expect.objectContaining({ key: "memo2", folderKey: null, hint: "힌트" }),
    ]);
    expect(bundle.attachments).toEqual([{ key: "img1", id: "img1", bytes: GIF }]);
    expect(bundle.skipped).toEqual([]);
    expect(steps.at(-1)).toEqual([2, 2]);
  });

  it("reports an image the zip lacks as MEDIA_MISSING and reads the rest", async () => {
    const bundle = await mnemoReader.read(zipOf(document(), {}), () => {});
    expect(bundle.attachments).toEqual([]);
    expect(bundle.skipped).toEqual([{ item: "attachments/img1.gif", reason: "MEDIA_MISSING" }]);
    expect(bundle.memos).toHaveLength(2);
  });

  it.each([
    ["JSON cut short", '{"format":"mnemo","version":1,"folders":['],
    ["a later version", document({ version: 2 })],
    ["a memo without an id", document({ memos: [{ title: "제목" }] })],
    [
      "a grade of 5",
      document({ memos: [{ ...MEMOS[0], reviews: [{ ...MEMOS[0].reviews[0], grade: 5 }] }] }),
    ],
    ["an SVG image", document({ attachments: [{ ...IMAGE, contentType: "image/svg+xml" }] })],
    ["a memo listed twice", document({ memos: [MEMOS[1], MEMOS[1]] })],
    ["text that is not UTF-8", "\u0000"],
  ])("refuses %s as IMPORT_FILE_DAMAGED", async (_, doc) => {
    const file =
      doc === "\u0000"
        ? fileOf({ "mnemo.json": new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) })
        : zipOf(doc);
    const error = await readError(file);
    expect(error.code).toBe(ErrorCode.IMPORT_FILE_DAMAGED);
  });

  it("refuses a mnemo.json that is not a Mnemo export as IMPORT_FORMAT_UNKNOWN", async () => {
    const error = await readError(zipOf({ format: "다른 앱", notes: [] }));
    expect(error.code).toBe(ErrorCode.IMPORT_FORMAT_UNKNOWN);
  });
});
