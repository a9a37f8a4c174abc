import { describe, expect, it } from "vitest";
import { ErrorCode } from "../errors.js";
import { importedRecord, importedTimestamp, importedTimestamps } from "./import.js";

const NOW = 1_795_435_200_000; // 2026-11-23T12:00:00Z

describe("importedRecord", () => {
  it.each([
    {
      name: "nulls become absent",
      raw: { title: "메모", hint: null },
      nullable: [],
      expected: { title: "메모" },
    },
    {
      name: "nullable keys keep null",
      raw: { title: "memo", categoryId: null, hint: null },
      nullable: ["categoryId"],
      expected: { title: "memo", categoryId: null },
    },
    { name: "empty object", raw: {}, nullable: [], expected: {} },
  ])("copies an object: $name", ({ raw, nullable, expected }) => {
    const record = importedRecord(raw, "memo", nullable);
    expect(record).toEqual(expected);
    expect(record).not.toBe(raw);
  });

  it.each([
    { raw: null, kind: "null" },
    { raw: [], kind: "array" },
    { raw: "메모", kind: "string" },
    { raw: 42, kind: "number" },
    { raw: undefined, kind: "undefined" },
  ])("rejects $kind with VALIDATION_FAILED", ({ raw, kind }) => {
    expect(() => importedRecord(raw, "memo")).toThrowError(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        details: [{ path: "", issue: `Expected an object, got ${kind}` }],
      }),
    );
  });
});

describe("importedTimestamp(s)", () => {
  it.each([
    { value: "2026-11-23T12:00:00Z", expected: NOW },
    { value: { seconds: NOW / 1000, nanoseconds: 0 }, expected: NOW },
    { value: "어제", expected: "어제" },
    { value: undefined, expected: undefined },
  ])("converts $value when it is a timestamp, else keeps it", ({ value, expected }) => {
    expect(importedTimestamp(value)).toEqual(expected);
  });

  it.each([
    { value: [NOW, "2026-11-23T12:00:00Z", "x"], expected: [NOW, NOW, "x"] },
    { value: "not a list", expected: "not a list" },
  ])("maps arrays element by element: $value", ({ value, expected }) => {
    expect(importedTimestamps(value)).toEqual(expected);
  });
});
