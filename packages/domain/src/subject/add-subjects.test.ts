import { describe, expect, it } from "vitest";
import { ErrorCode } from "../errors.js";
import { createSubject, normalizeSubjectName, planSubjectAdditions } from "./add-subjects.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)
const DECOMPOSED_KOREAN = "한국어".normalize("NFD");

describe("planSubjectAdditions", () => {
  it.each([
    {
      name: "all new",
      input: ["영어", "Math"],
      existing: [],
      toCreate: ["영어", "Math"],
      toIncrement: [],
    },
    {
      name: "all existing",
      input: ["영어", "Math"],
      existing: ["Math", "영어"],
      toCreate: [],
      toIncrement: ["영어", "Math"],
    },
    {
      name: "mixed, order kept",
      input: ["수학", "English", "과학"],
      existing: ["English"],
      toCreate: ["수학", "과학"],
      toIncrement: ["English"],
    },
    {
      name: "trimmed",
      input: ["  영어  ", "\tMath\n"],
      existing: ["Math"],
      toCreate: ["영어"],
      toIncrement: ["Math"],
    },
    {
      name: "empty names dropped",
      input: ["", "   ", "\u3000", "역사"],
      existing: [],
      toCreate: ["역사"],
      toIncrement: [],
    },
    {
      name: "duplicates counted once",
      input: ["영어", " 영어", "영어 "],
      existing: [],
      toCreate: ["영어"],
      toIncrement: [],
    },
    {
      name: "duplicates of an existing name",
      input: ["Math", "Math"],
      existing: ["Math"],
      toCreate: [],
      toIncrement: ["Math"],
    },
    {
      name: "case matters",
      input: ["math"],
      existing: ["Math"],
      toCreate: ["math"],
      toIncrement: [],
    },
    {
      name: "decomposed Hangul equals composed",
      input: [DECOMPOSED_KOREAN],
      existing: ["한국어"],
      toCreate: [],
      toIncrement: ["한국어"],
    },
    {
      name: "stored spelling returned",
      input: ["Art"],
      existing: [" Art "],
      toCreate: [],
      toIncrement: [" Art "],
    },
    { name: "nothing", input: [], existing: ["영어"], toCreate: [], toIncrement: [] },
  ])("plans $name", ({ input, existing, toCreate, toIncrement }) => {
    expect(planSubjectAdditions(input, new Set(existing))).toEqual({ toCreate, toIncrement });
  });

  it("reads existing names from any iterable", () => {
    function* names() {
      yield "영어";
    }
    expect(planSubjectAdditions(["영어"], names())).toEqual({
      toCreate: [],
      toIncrement: ["영어"],
    });
  });
});

describe("normalizeSubjectName", () => {
  it.each([
    { raw: ` ${DECOMPOSED_KOREAN} `, expected: "한국어" },
    { raw: "  English ", expected: "English" },
  ])("normalizes $expected", ({ raw, expected }) => {
    const name = normalizeSubjectName(raw);
    expect(name).toBe(expected);
    expect(name.length).toBe(expected.length);
  });
});

describe("createSubject", () => {
  it.each([{ name: "영어" }, { name: " Physics " }])("starts $name with setCount 1", ({ name }) => {
    expect(createSubject(name, NOW)).toEqual({
      name: name.trim(),
      pinnedCount: 0,
      setCount: 1,
      updatedAt: NOW,
      isActive: true,
    });
  });

  it.each([
    { name: "  ", now: NOW },
    { name: "영어", now: -1 },
  ])("throws VALIDATION_FAILED for name '$name' at $now", ({ name, now }) => {
    expect(() => createSubject(name, now)).toThrowError(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });
});
