import { ANONYMOUS_EMAIL } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import { displayNameOf } from "./me-context";

function meOf(name: string, email: string, isAnonymous = false) {
  return { isAnonymous, user: { name, email } } as Parameters<typeof displayNameOf>[0];
}

describe("displayNameOf", () => {
  it.each([
    ["a named user", meOf("김민지", "minji@example.com"), "김민지"],
    ["a named user, trimmed", meOf("  Alex  ", "alex@example.com"), "Alex"],
    ["a user without a name", meOf("  ", "alex@example.com"), ""],
    ["an anonymous user", meOf("Anonymous", ANONYMOUS_EMAIL, true), ""],
    ["an anonymous user by its e-mail", meOf("Anonymous", ANONYMOUS_EMAIL), ""],
    ["a user still carrying better-auth's anonymous name", meOf("Anonymous", "a@example.com"), ""],
  ])("gives %s", (_case, me, expected) => {
    expect(displayNameOf(me)).toBe(expected);
  });
});
