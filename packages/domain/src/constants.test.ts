import { describe, expect, it } from "vitest";
import {
  CACHE_STALE_AFTER_MS,
  COUNTRY_CODES,
  DAY_MS,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_LANGUAGE,
  defaultCountryCode,
  LANGUAGES,
  OFFLINE_CACHE_BYTES,
} from "./constants.js";
import { countryCodeSchema, languageSchema } from "./constants.schema.js";

describe("constants", () => {
  it.each([
    { name: "CACHE_STALE_AFTER_MS is 6 hours", actual: CACHE_STALE_AFTER_MS, expected: 21_600_000 },
    { name: "DAY_MS is 24 hours", actual: DAY_MS, expected: 24 * 3600 * 1000 },
    {
      name: "OFFLINE_CACHE_BYTES is 100 MiB",
      actual: OFFLINE_CACHE_BYTES,
      expected: 100 * 2 ** 20,
    },
  ])("$name", ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });

  it("defaults are members of their lists", () => {
    expect(LANGUAGES).toContain(DEFAULT_LANGUAGE);
    expect(COUNTRY_CODES).toContain(DEFAULT_COUNTRY_CODE);
  });
});

describe("defaultCountryCode", () => {
  it.each([
    { lang: "ko", expected: "KR" },
    { lang: "en", expected: "GL" },
  ] as const)("maps $lang to $expected", ({ lang, expected }) => {
    expect(defaultCountryCode(lang)).toBe(expected);
  });
});

describe("languageSchema and countryCodeSchema", () => {
  it.each([
    { schema: languageSchema, value: "ko", ok: true },
    { schema: languageSchema, value: "en", ok: true },
    { schema: languageSchema, value: "kr", ok: false },
    { schema: languageSchema, value: "한국어", ok: false },
    { schema: languageSchema, value: "EN", ok: false },
    { schema: countryCodeSchema, value: "KR", ok: true },
    { schema: countryCodeSchema, value: "GL", ok: true },
    { schema: countryCodeSchema, value: "kr", ok: false },
    { schema: countryCodeSchema, value: "JP", ok: false },
  ])("accepts $value: $ok", ({ schema, value, ok }) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });
});
