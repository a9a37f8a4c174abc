import { describe, expect, it } from "vitest";
import { attachmentIdsIn, attachmentPath, sniffImageType } from "./attachment.js";

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

describe("sniffImageType", () => {
  it.each([
    ["PNG", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), "image/png"],
    ["JPEG", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), "image/jpeg"],
    ["GIF87a", bytes("GIF87a", 1, 0), "image/gif"],
    ["GIF89a", bytes("GIF89a", 1, 0), "image/gif"],
    ["WebP", bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "), "image/webp"],
    ["a RIFF that is not WebP (WAVE)", bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt "), null],
    ["a PNG cut short", bytes(0x89, "PNG", 0x0d, 0x0a), null],
    ["text named .png", bytes("hello, 안녕"), null],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), null],
    ["HTML", bytes("<!doctype html><script>alert(1)</script>"), null],
    ["nothing", bytes(), null],
  ])("recognises %s", (_, data, expected) => {
    expect(sniffImageType(data)).toBe(expected);
  });
});

describe("attachmentIdsIn", () => {
  it.each([
    ['<p><img src="/api/attachments/abcDEF12" alt="그림"></p>', ["abcDEF12"]],
    ['<img alt="x" src="/api/attachments/a_b-c" /><img src="/api/attachments/a_b-c">', ["a_b-c"]],
    ['<img src="/api/attachments/one"><p>text</p><img src="/api/attachments/two">', ["one", "two"]],
    ["<p>/api/attachments/mentioned in text</p>", []],
    ['<p>src="/api/attachments/quoted"</p>', []],
    ['<a href="/api/attachments/linked">x</a>', []],
    ['<img alt="src=&quot;/api/attachments/alt&quot;" src="https://e.com/a.png">', []],
    ['<img src="/api/attachments/../memos">', []],
  ])("finds the images of %s", (html, expected) => {
    expect(attachmentIdsIn(html)).toEqual(expected);
  });

  it("finds what attachmentPath writes", () => {
    expect(attachmentIdsIn(`<img src="${attachmentPath("Zz9")}">`)).toEqual(["Zz9"]);
  });
});
