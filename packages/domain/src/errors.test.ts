import { describe, expect, it } from "vitest";
import { AppError, ErrorCode, errorCodes, isErrorCode } from "./errors.js";

describe("ErrorCode", () => {
  it.each(Object.entries(ErrorCode))("%s has its own name as value", (key, value) => {
    expect(value).toBe(key);
    expect(errorCodes).toContain(value);
  });

  it("lists each code once", () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    expect(errorCodes.length).toBe(Object.keys(ErrorCode).length);
  });
});

describe("isErrorCode", () => {
  it.each([
    { value: "VALIDATION_FAILED", expected: true },
    { value: "MEMO_NOT_COMPLETED", expected: true },
    { value: "NETWORK_UNAVAILABLE", expected: true },
    { value: "validation_failed", expected: false },
    { value: "MEMO_NOT_FOUND ", expected: false },
    { value: "메모_없음", expected: false },
    { value: "", expected: false },
    { value: "toString", expected: false },
    { value: 404, expected: false },
    { value: null, expected: false },
    { value: undefined, expected: false },
    { value: { code: "NOT_FOUND" }, expected: false },
  ])("isErrorCode($value) is $expected", ({ value, expected }) => {
    expect(isErrorCode(value)).toBe(expected);
  });
});

describe("AppError", () => {
  it.each([
    {
      code: ErrorCode.MEMO_NOT_FOUND,
      message: undefined,
      details: undefined,
      expectedMessage: "MEMO_NOT_FOUND",
    },
    {
      code: ErrorCode.VALIDATION_FAILED,
      message: "Invalid memo",
      details: [{ path: "title", issue: "제목이 필요합니다" }],
      expectedMessage: "Invalid memo",
    },
  ])("carries $code, its message and details", ({ code, message, details, expectedMessage }) => {
    const error = new AppError(code, message, details);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(AppError);
    expect(error.name).toBe("AppError");
    expect(error.code).toBe(code);
    expect(error.message).toBe(expectedMessage);
    expect(error.details).toEqual(details);
  });
});
