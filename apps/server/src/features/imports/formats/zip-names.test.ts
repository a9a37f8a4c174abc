import { describe, expect, it } from "vitest";
import { isHiddenZipPath, readableZipName, zipEntryPath } from "./zip-names.js";

/** A name as fflate decodes an entry without the UTF-8 flag: one character per byte. */
const latin1 = (bytes: Uint8Array | number[]) => String.fromCharCode(...bytes);
const utf8 = (text: string) => new TextEncoder().encode(text);
/** "한국어" in code page 949. */
const CP949_KOREAN = [0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee];

describe("readableZipName", () => {
  it.each([
    ["ASCII", "notes/a.md", "notes/a.md"],
    ["UTF-8 with the flag (fflate decoded it)", "노트/한국어.md", "노트/한국어.md"],
    ["UTF-8 with the flag, NFD (macOS)", "노트/한국어.md".normalize("NFD"), "노트/한국어.md"],
    [
      "UTF-8 without the flag (macOS Archive Utility)",
      latin1(utf8("노트/메모.md")),
      "노트/메모.md",
    ],
    ["UTF-8 NFD without the flag", latin1(utf8("노트/메모.md".normalize("NFD"))), "노트/메모.md"],
    ["CP949 without the flag (Korean Windows)", `${latin1(CP949_KOREAN)}.md`, "한국어.md"],
    ["Latin-1 letters with the flag stay", "café/résumé.md", "café/résumé.md"],
  ])("reads %s", (_, name, expected) => {
    expect(readableZipName(name)).toBe(expected);
  });
});

describe("zipEntryPath", () => {
  it.each([
    ["./notes/a.md", "notes/a.md"],
    ["notes\\sub\\b.md", "notes/sub/b.md"],
    ["/abs//c.md", "abs/c.md"],
    ["영어/단어.md", "영어/단어.md"],
  ])("makes %s the path %s", (name, expected) => {
    expect(zipEntryPath(name)).toBe(expected);
  });
});

describe("isHiddenZipPath", () => {
  it.each([
    [".obsidian/app.json", true],
    ["__MACOSX/notes/._a.md", true],
    ["notes/.hidden.md", true],
    [".trash/old.md", true],
    ["notes/a.md", false],
    ["노트/메모.md", false],
  ])("%s → %s", (path, hidden) => {
    expect(isHiddenZipPath(path)).toBe(hidden);
  });
});
