import { describe, expect, it } from "vitest";
import { subjectSchema } from "./subject.schema.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)

describe("subjectSchema", () => {
  it.each([
    {
      raw: { name: "영어", updatedAt: NOW },
      expected: { name: "영어", pinnedCount: 0, setCount: 0, updatedAt: NOW, isActive: true },
    },
    {
      raw: { name: "  Math ", setCount: 3, updatedAt: NOW },
      expected: { name: "Math", pinnedCount: 0, setCount: 3, updatedAt: NOW, isActive: true },
    },
    {
      raw: { name: "역사", pinnedCount: 2, isActive: false, updatedAt: NOW },
      expected: { name: "역사", pinnedCount: 2, setCount: 0, updatedAt: NOW, isActive: false },
    },
  ])("reads $raw.name", ({ raw, expected }) => {
    expect(subjectSchema.parse(raw)).toEqual(expected);
  });

  it.each([
    { name: "blank name", raw: { name: "   ", updatedAt: NOW }, path: "name" },
    {
      name: "negative setCount",
      raw: { name: "a", setCount: -1, updatedAt: NOW },
      path: "setCount",
    },
    {
      name: "fractional pinnedCount",
      raw: { name: "a", pinnedCount: 0.5, updatedAt: NOW },
      path: "pinnedCount",
    },
    { name: "missing updatedAt", raw: { name: "a" }, path: "updatedAt" },
  ])("rejects $name", ({ raw, path }) => {
    expect(subjectSchema.safeParse(raw).error?.issues.map((i) => i.path.join("."))).toEqual([path]);
  });
});
