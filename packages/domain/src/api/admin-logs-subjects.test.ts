import { describe, expect, it } from "vitest";
import { analyticsQuerySchema } from "./admin.js";
import { listLogsQuerySchema } from "./logs.js";
import { addSubjectsInputSchema, listSubjectsQuerySchema } from "./subjects.js";

describe("analyticsQuerySchema", () => {
  it.each([
    [{}, { days: 30, tz: 0 }],
    [
      { days: "7", tz: "540" },
      { days: 7, tz: 540 },
    ],
    [
      { days: "366", tz: "-840" },
      { days: 366, tz: -840 },
    ],
  ])("reads %j as %j", (query, expected) => {
    expect(analyticsQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([{ days: "0" }, { days: "367" }, { days: "1.5" }, { tz: "841" }, { days: "칠" }])(
    "refuses %j",
    (query) => {
      expect(analyticsQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});

describe("listLogsQuerySchema", () => {
  it.each([
    [{}, { limit: 50 }],
    [
      { limit: "200", before: "1795435200000" },
      { limit: 200, before: 1_795_435_200_000 },
    ],
  ])("reads %j as %j", (query, expected) => {
    expect(listLogsQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([{ limit: "0" }, { limit: "201" }, { before: "0" }, { before: "-1" }])(
    "refuses %j",
    (query) => {
      expect(listLogsQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});

describe("listSubjectsQuerySchema", () => {
  it.each([
    [{}, { limit: 200 }],
    [
      { countryCode: "KR", limit: "500" },
      { countryCode: "KR", limit: 500 },
    ],
  ])("reads %j as %j", (query, expected) => {
    expect(listSubjectsQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([{ countryCode: "kr" }, { countryCode: "JP" }, { limit: "501" }])("refuses %j", (q) => {
    expect(listSubjectsQuerySchema.safeParse(q).success).toBe(false);
  });
});

describe("addSubjectsInputSchema", () => {
  it("accepts Korean and English names for a country", () => {
    const input = { names: ["수학", "English", " 과학 "], countryCode: "KR" };
    expect(addSubjectsInputSchema.parse(input)).toEqual(input);
  });

  it.each([
    ["no names", { names: [] }],
    ["51 names", { names: Array.from({ length: 51 }, (_, i) => `과목${i}`) }],
    ["a name of 101 characters", { names: ["가".repeat(101)] }],
    ["an unknown country", { names: ["수학"], countryCode: "XX" }],
  ])("refuses %s", (_case, input) => {
    expect(addSubjectsInputSchema.safeParse(input).success).toBe(false);
  });
});
