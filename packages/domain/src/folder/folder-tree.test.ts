import { describe, expect, it } from "vitest";
import { type Folder, folderSchema } from "./folder.schema.js";
import { compareFolders, foldersInTreeOrder, sortFolders, withFolderTree } from "./folder-tree.js";

const T0 = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)

function folder(id: string, fields: Partial<Folder> = {}): Folder {
  return folderSchema.parse({ id, title: id, createdAt: T0, updatedAt: T0, ...fields });
}

describe("compareFolders and sortFolders", () => {
  it.each([
    { name: "pinned first", a: { pinned: true, order: 9 }, b: { order: 0 }, expected: -1 },
    { name: "then by order", a: { order: 2 }, b: { order: 1 }, expected: 1 },
    { name: "a fractional order", a: { order: 0.5 }, b: { order: 1 }, expected: -1 },
    { name: "then the oldest", a: { createdAt: T0 - 1 }, b: {}, expected: -1 },
    { name: "then by id", a: {}, b: {}, expected: -1 }, // "a" < "b"
  ])("orders $name", ({ a, b, expected }) => {
    expect(Math.sign(compareFolders(folder("a", a), folder("b", b)))).toBe(expected);
    expect(Math.sign(compareFolders(folder("b", b), folder("a", a)))).toBe(-expected);
  });

  it("compares a folder with itself as equal", () => {
    expect(compareFolders(folder("a"), folder("a"))).toBe(0);
  });

  it("lists pinned folders first, then by order, then oldest first, then by id", () => {
    const folders = [
      folder("c", { order: 1 }),
      folder("b", { order: 2, pinned: true }),
      folder("a", { order: 1, createdAt: T0 + 1 }),
      folder("é", { order: 1 }),
      folder("Z", { order: 1 }),
      folder("d", { order: 0 }),
    ];
    expect(sortFolders(folders).map((f) => f.id)).toEqual(["b", "d", "Z", "c", "é", "a"]);
    expect(folders.map((f) => f.id)).toEqual(["c", "b", "a", "é", "Z", "d"]);
  });
});

describe("withFolderTree", () => {
  const stored = [
    folder("math", { order: 2 }),
    folder("불규칙", { parentFolderId: "동사" }),
    folder("동사", { parentFolderId: "영어", order: 1 }),
    folder("명사", { parentFolderId: "영어", order: 0 }),
    folder("영어", { order: 1 }),
    folder("root", { pinned: true }),
    folder("orphan", { parentFolderId: "gone", order: 3 }),
  ];

  it.each([
    { id: "root", location: "", sub: [], nodes: [], isInRoot: true },
    {
      id: "영어",
      location: "",
      sub: ["명사", "동사"],
      nodes: ["명사", "동사", "불규칙"],
      isInRoot: true,
    },
    { id: "동사", location: "영어", sub: ["불규칙"], nodes: ["불규칙"], isInRoot: false },
    { id: "불규칙", location: "영어/동사", sub: [], nodes: [], isInRoot: false },
    { id: "orphan", location: "gone", sub: [], nodes: [], isInRoot: false },
  ])("derives the tree fields of $id", ({ id, location, sub, nodes, isInRoot }) => {
    const found = withFolderTree(stored).find((f) => f.id === id);
    expect(found).toMatchObject({
      parentFolderLocation: location,
      subFolderIds: sub,
      nodeFolderIds: nodes,
      isInRoot,
    });
  });

  it("answers the folders in list order", () => {
    expect(withFolderTree(stored).map((f) => f.id)).toEqual([
      "root",
      "명사",
      "불규칙",
      "동사",
      "영어",
      "math",
      "orphan",
    ]);
  });

  it("replaces stale tree fields and follows a cycle of links once", () => {
    const cycle = [
      folder("x", { parentFolderId: "y", subFolderIds: ["stale"], isInRoot: true }),
      folder("y", { parentFolderId: "x" }),
    ];
    const [x, y] = withFolderTree(cycle);
    expect(x).toMatchObject({
      subFolderIds: ["y"],
      nodeFolderIds: ["y"],
      parentFolderLocation: "y",
    });
    expect(x?.isInRoot).toBe(false);
    expect(y).toMatchObject({
      subFolderIds: ["x"],
      nodeFolderIds: ["x"],
      parentFolderLocation: "x",
    });
  });
});

describe("foldersInTreeOrder", () => {
  // List order as the server answers it: pinned first, then by order.
  const folders = [
    folder("pinned", { pinned: true }),
    folder("root"),
    folder("영어"),
    folder("동사", { parentFolderId: "영어" }),
    folder("math"),
    folder("불규칙", { parentFolderId: "동사" }),
    folder("orphan", { parentFolderId: "gone" }),
  ];

  it("puts the root first, then each top-level folder followed by its sub-folders", () => {
    expect(foldersInTreeOrder(folders).map(({ folder: f, depth }) => `${f.id}:${depth}`)).toEqual([
      "root:0",
      "pinned:0",
      "영어:0",
      "동사:1",
      "불규칙:2",
      "math:0",
      "orphan:0",
    ]);
  });

  it("lists only what is inside a given folder", () => {
    expect(foldersInTreeOrder(folders, "영어").map(({ folder: f }) => f.id)).toEqual([
      "동사",
      "불규칙",
    ]);
  });

  it("keeps the given order of siblings (a reorder passes them swapped)", () => {
    const swapped = [folders[4], folders[1], folders[2], folders[3]] as Folder[];
    expect(foldersInTreeOrder(swapped).map(({ folder: f }) => f.id)).toEqual([
      "root",
      "math",
      "영어",
      "동사",
    ]);
  });

  it("lists each folder once when the links form a cycle", () => {
    const cycle = [folder("a", { parentFolderId: "b" }), folder("b", { parentFolderId: "a" })];
    expect(foldersInTreeOrder(cycle, "a").map(({ folder: f }) => f.id)).toEqual(["b", "a"]);
  });
});
