import { AppError, ErrorCode, SORT_MODES, type SortMode } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import { type Cursor, decodeCursor, encodeCursor, isComparablePageKey } from "./memo-cursor.js";

const T0 = Date.UTC(2026, 10, 24, 15);

/** A cursor of `mode` with a key of the right length and plausible values. */
function cursorOf(mode: SortMode): Cursor {
  const values: Record<SortMode, number[]> = {
    latest: [T0],
    oldest: [T0],
    priority: [-3, T0],
    review_count_asc: [1_000_002, T0],
    review_count_desc: [-999_998, T0],
    repetition_value: [20_416.375],
    retrievability: [1, 123_456.789],
  };
  return { mode, todayStart: T0 - 6 * 3_600_000, after: { values: values[mode], id: "memo_1-a" } };
}

/** The base64url text of any JSON body, as a forger would make it. */
function forge(body: unknown): string {
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

/** The issue a refused cursor reports at `cursor`. */
function refusal(text: string, mode: SortMode): string {
  try {
    decodeCursor(text, mode);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe(ErrorCode.VALIDATION_FAILED);
    const [detail] = appError.details as Array<{ path: string; issue: string }>;
    expect(detail?.path).toBe("cursor");
    return detail?.issue ?? "";
  }
  throw new Error("the cursor was accepted");
}

describe("encodeCursor / decodeCursor", () => {
  it.each(SORT_MODES)("round-trips a cursor of %s", (mode) => {
    const cursor = cursorOf(mode);
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, mode)).toEqual(cursor);
  });

  it("refuses a cursor of another sort mode, naming its mode", () => {
    const text = encodeCursor(cursorOf("priority"));
    expect(refusal(text, "latest")).toBe("Cursor of sort mode priority");
  });

  it("refuses a tampered cursor", () => {
    const text = encodeCursor(cursorOf("latest"));
    const flipped = `${text.slice(0, 5)}${text[5] === "A" ? "B" : "A"}${text.slice(6)}`;
    expect(refusal(flipped, "latest")).toBe("Not a cursor of this list");
    expect(refusal(text.slice(0, -4), "latest")).toBe("Not a cursor of this list");
  });

  const body = { v: 1, m: "priority", t: T0, k: [2, T0], id: "memo1" };

  it.each([
    ["another version", { ...body, v: 2 }],
    ["an unknown mode", { ...body, m: "alphabetical" }],
    ["a key of the wrong length", { ...body, k: [T0] }],
    ["a fractional counter", { ...body, k: [1.5, T0] }],
    ["a fractional time", { ...body, k: [2, T0 + 0.5] }],
    ["a fractional today", { ...body, t: T0 + 0.5 }],
    ["a counter beyond 32 bits", { ...body, k: [2 ** 31, T0] }],
    ["a time beyond 2^53", { ...body, k: [2, 2 ** 53] }],
    ["a huge number", { ...body, k: [1e308, T0] }],
    ["a string value", { ...body, k: ["2", T0] }],
    ["an id that is not an object id", { ...body, id: "메모 1" }],
    ["no id", { v: 1, m: "priority", t: T0, k: [2, T0] }],
    ["an array", [1, "priority"]],
    ["null", null],
  ])("refuses a forged cursor with %s", (_case, forged) => {
    expect(refusal(forge(forged), "priority")).toBe("Not a cursor of this list");
  });

  it.each([
    ["Korean text", "다음 페이지"],
    ["garbage", "%%%not-base64%%%"],
    ["base64 of plain text", Buffer.from("hello").toString("base64url")],
    ["base64 of Korean text", Buffer.from("커서").toString("base64url")],
    ["the empty string", ""],
  ])("refuses %s", (_case, text) => {
    expect(refusal(text, "latest")).toBe("Not a cursor of this list");
  });
});

describe("isComparablePageKey", () => {
  it.each([
    ["latest", [T0], true],
    ["priority", [-5, T0], true],
    ["review_count_asc", [2 ** 31 - 1, T0], true],
    ["review_count_asc", [2 ** 31, T0], false],
    ["review_count_desc", [-(2 ** 31), T0], false],
    ["priority", [0.5, T0], false],
    ["latest", [T0 + 0.25], false],
    ["oldest", [Number.MAX_SAFE_INTEGER + 1], false],
    ["repetition_value", [20_416.375], true],
    ["repetition_value", [-1e300], true],
    ["retrievability", [1, 123_456.789], true],
    ["retrievability", [0, 0], true],
    ["retrievability", [2 ** 31, 0], false],
    ["retrievability", [3, 0], false],
    ["retrievability", [1, -1], false],
  ] as const)("%s with %j is %s", (mode, values, expected) => {
    expect(isComparablePageKey(mode, values)).toBe(expected);
  });
});
