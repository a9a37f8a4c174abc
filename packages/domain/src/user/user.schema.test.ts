import { describe, expect, it } from "vitest";
import {
  DEV_ADMIN_IDENTITIES,
  isAdmin,
  isAnonymousEmail,
  userSchema,
  userSummarySchema,
} from "./user.schema.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)
const base = { id: "u1", email: "minji@example.com", name: "김민지", createdAt: NOW };

describe("userSchema", () => {
  it.each([
    { name: "Korean user", patch: { lang: "ko" }, lang: "ko", country: "KR" },
    { name: "English user", patch: { lang: "en" }, lang: "en", country: "GL" },
    { name: "no language", patch: {}, lang: "ko", country: "KR" },
    {
      name: "explicit country kept",
      patch: { lang: "en", countryCode: "US" },
      lang: "en",
      country: "US",
    },
    {
      name: "explicit GL for a Korean user",
      patch: { lang: "ko", countryCode: "GL" },
      lang: "ko",
      country: "GL",
    },
  ])("defaults language and country: $name", ({ patch, lang, country }) => {
    const user = userSchema.parse({ ...base, ...patch });
    expect([user.lang, user.countryCode]).toEqual([lang, country]);
  });

  it("defaults plan, deviceInfo and signInMethod to ''", () => {
    expect(userSchema.parse(base)).toMatchObject({ plan: "", deviceInfo: "", signInMethod: "" });
  });

  it.each([
    { name: "unknown language", patch: { lang: "ja" }, path: "lang" },
    { name: "unknown country", patch: { countryCode: "JP" }, path: "countryCode" },
    { name: "missing createdAt", patch: { createdAt: undefined }, path: "createdAt" },
    { name: "missing name", patch: { name: undefined }, path: "name" },
  ])("rejects $name", ({ patch, path }) => {
    const result = userSchema.safeParse({ ...base, ...patch });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual([path]);
  });

  it("accepts the anonymous e-mail literal", () => {
    expect(userSchema.parse({ ...base, email: "Anonymous", name: "익명" }).email).toBe("Anonymous");
  });
});

describe("userSummarySchema", () => {
  it.each([
    {
      raw: { id: "u1", name: "김민지", lang: "ko" },
      expected: { id: "u1", name: "김민지", lang: "ko" },
    },
    {
      raw: { id: "u2", name: "Jane", email: "x@y.z" },
      expected: { id: "u2", name: "Jane", lang: "ko" },
    },
  ])("keeps id, name and lang of $raw.name", ({ raw, expected }) => {
    expect(userSummarySchema.parse(raw)).toEqual(expected);
  });
});

describe("isAnonymousEmail", () => {
  it.each([
    { email: "Anonymous", expected: true },
    { email: "anonymous", expected: false },
    { email: " Anonymous", expected: false },
    { email: "anon@example.com", expected: false },
    { email: "익명", expected: false },
    { email: "", expected: false },
    { email: null, expected: false },
  ])("isAnonymousEmail($email) is $expected", ({ email, expected }) => {
    expect(isAnonymousEmail(email)).toBe(expected);
  });
});

describe("isAdmin", () => {
  const owner = { ownerEmail: "Owner@Mnemo.dev", isDevMode: false };
  it.each([
    {
      name: "owner e-mail, other case",
      user: { email: "owner@mnemo.dev", plan: "" },
      policy: owner,
      expected: true,
    },
    {
      name: "owner e-mail with spaces",
      user: { email: " OWNER@mnemo.dev ", plan: "" },
      policy: owner,
      expected: true,
    },
    {
      name: "ADMIN plan",
      user: { email: "minji@example.com", plan: "ADMIN" },
      policy: owner,
      expected: true,
    },
    {
      name: "dev mode",
      user: { email: "Anonymous", plan: "" },
      policy: { isDevMode: true },
      expected: true,
    },
    {
      name: "normal user",
      user: { email: "minji@example.com", plan: "" },
      policy: owner,
      expected: false,
    },
    {
      name: "lower-case plan",
      user: { email: "minji@example.com", plan: "admin" },
      policy: owner,
      expected: false,
    },
    {
      name: "no owner configured",
      user: { email: "", plan: "" },
      policy: { ownerEmail: "", isDevMode: false },
      expected: false,
    },
    {
      name: "owner null, e-mail null",
      user: { email: null, plan: null },
      policy: { ownerEmail: null, isDevMode: false },
      expected: false,
    },
    {
      name: "a longer address",
      user: { email: "xowner@mnemo.dev", plan: "" },
      policy: owner,
      expected: false,
    },
  ])("$name → $expected", ({ user, policy, expected }) => {
    expect(isAdmin(user, policy)).toBe(expected);
  });
});

describe("DEV_ADMIN_IDENTITIES", () => {
  it.each([
    { index: 0, id: "ADMIN0", email: "admin0@mnemo.dev", name: "Admin 0" },
    { index: 1, id: "ADMIN1", email: "admin1@mnemo.dev", name: "Admin 1" },
  ])("holds $id as a Korean admin", ({ index, id, email, name }) => {
    const admin = DEV_ADMIN_IDENTITIES[index];
    expect(admin).toMatchObject({ id, email, name, plan: "ADMIN", lang: "ko", countryCode: "KR" });
    expect(userSchema.parse(admin)).toEqual(admin);
    expect(admin && isAdmin(admin, { ownerEmail: "", isDevMode: false })).toBe(true);
    expect(Object.isFrozen(admin)).toBe(true);
  });

  it("has exactly two frozen entries", () => {
    expect(DEV_ADMIN_IDENTITIES).toHaveLength(2);
    expect(Object.isFrozen(DEV_ADMIN_IDENTITIES)).toBe(true);
  });
});
