import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, ErrorCode } from "../errors.js";
import { parseOrThrow, toValidationIssues } from "./validation.js";

const noteSchema = z.object({ title: z.string().min(1), tags: z.array(z.string()) });

describe("parseOrThrow", () => {
  it.each([
    { value: { title: "안녕하세요", tags: ["일기"] } },
    { value: { title: "Hello", tags: [], extra: true } },
  ])("returns the parsed value of $value", ({ value }) => {
    expect(parseOrThrow(noteSchema, value)).toEqual({ title: value.title, tags: value.tags });
  });

  it.each([
    { name: "empty title", value: { title: "", tags: [] }, paths: ["title"] },
    { name: "a bad tag", value: { title: "메모", tags: ["a", 2] }, paths: ["tags.1"] },
    { name: "not an object", value: "메모", paths: [""] },
    { name: "two problems", value: { tags: "x" }, paths: ["title", "tags"] },
  ])("throws VALIDATION_FAILED listing the paths: $name", ({ value, paths }) => {
    let caught: unknown;
    try {
      parseOrThrow(noteSchema, value, "note");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    const error = caught as AppError;
    expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(error.message).toBe("Invalid note");
    const details = error.details as { path: string; issue: string }[];
    expect(details.map((d) => d.path)).toEqual(paths);
    for (const detail of details) expect(detail.issue).not.toBe("");
  });
});

describe("toValidationIssues", () => {
  it("joins paths with dots", () => {
    const result = z.object({ a: z.array(z.object({ b: z.string() })) }).safeParse({
      a: [{ b: "x" }, { b: 1 }],
    });
    expect(result.success).toBe(false);
    expect(toValidationIssues(result.error?.issues ?? []).map((i) => i.path)).toEqual(["a.1.b"]);
  });
});
