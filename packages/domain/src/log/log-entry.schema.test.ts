import { describe, expect, it } from "vitest";
import { logEntryInputSchema, logEntrySchema } from "./log-entry.schema.js";

const NOW = 1_795_435_200_000; // Date.UTC(2026, 10, 23, 12)
const input = {
  code: "auth/wrong-password",
  country: "KR",
  message: "비밀번호가 틀렸습니다",
  userKey: "u1",
};

describe("logEntryInputSchema", () => {
  it.each([
    { name: "a Korean message", patch: {}, ok: true },
    {
      name: "an English message, signed out",
      patch: { message: "Network down", userKey: null },
      ok: true,
    },
    { name: "code of 100", patch: { code: "c".repeat(100) }, ok: true },
    { name: "code of 101", patch: { code: "c".repeat(101) }, ok: false },
    { name: "empty code", patch: { code: "" }, ok: false },
    { name: "country outside the list, 8 long", patch: { country: "GLOBAL01" }, ok: true },
    { name: "country of 9", patch: { country: "GLOBAL012" }, ok: false },
    { name: "message of 2000 Hangul", patch: { message: "가".repeat(2000) }, ok: true },
    { name: "message of 2001", patch: { message: "a".repeat(2001) }, ok: false },
    { name: "missing userKey", patch: { userKey: undefined }, ok: false },
    { name: "numeric userKey", patch: { userKey: 7 }, ok: false },
  ])("$name: $ok", ({ patch, ok }) => {
    expect(logEntryInputSchema.safeParse({ ...input, ...patch }).success).toBe(ok);
  });

  it("drops a client-sent createAt", () => {
    expect(logEntryInputSchema.parse({ ...input, createAt: NOW })).not.toHaveProperty("createAt");
  });
});

describe("logEntrySchema", () => {
  it.each([
    { createAt: NOW, ok: true },
    { createAt: undefined, ok: false },
    { createAt: "2026-11-23T12:00:00Z", ok: false },
  ])("createAt $createAt: $ok", ({ createAt, ok }) => {
    expect(logEntrySchema.safeParse({ ...input, createAt }).success).toBe(ok);
  });
});
