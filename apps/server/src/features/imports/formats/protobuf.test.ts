import { describe, expect, it } from "vitest";
import { decodeProtoFields, ProtobufError } from "./protobuf.js";

describe("decodeProtoFields", () => {
  it("reads varints (several bytes) and length-delimited fields, skipping fixed ones", () => {
    const name = new TextEncoder().encode("사과.png");
    // biome-ignore format: one field of the message per line
    const bytes = Uint8Array.from([
      0x08, 0x96, 0x01, // field 1, varint 150
      0x12, name.length, ...name, // field 2, bytes
      0x1d, 1, 2, 3, 4, // field 3, fixed32: skipped
      0xf8, 0x0f, 0x05, // field 255 (a two-byte key), varint 5
    ]);
    const fields = decodeProtoFields(bytes);
    expect(fields.map((f) => [f.field, f.wire])).toEqual([
      [1, "varint"],
      [2, "bytes"],
      [255, "varint"],
    ]);
    expect(fields[0]?.value).toBe(150n);
    expect(new TextDecoder().decode(fields[1]?.value as Uint8Array)).toBe("사과.png");
    expect(fields[2]?.value).toBe(5n);
  });

  it.each([
    ["a truncated varint", [0x08, 0x96]],
    ["a length past the end", [0x0a, 0x05, 0x01]],
    ["a truncated fixed field", [0x0d, 0x01]],
    ["a group (wire type 3)", [0x0b]],
    ["field number 0", [0x00, 0x01]],
    ["a varint longer than 64 bits", [0x08, ...Array(10).fill(0xff), 0x01]],
  ])("refuses %s", (_label, bytes) => {
    expect(() => decodeProtoFields(Uint8Array.from(bytes))).toThrow(ProtobufError);
  });
});
