import { createHmac, timingSafeEqual } from "node:crypto";

// The unsubscribe link works without signing in: it names the user and carries an HMAC of that
// name under the server's secret, so only the server could have written it. It does not expire,
// as an old digest's link should still work; all it can do is switch the reminder off.

function signature(secret: string, encodedUserId: string): string {
  return createHmac("sha256", secret)
    .update(`reminder-unsubscribe|${encodedUserId}`)
    .digest("base64url");
}

/** The token of a user's unsubscribe link: `base64url(userId).signature`. */
export function unsubscribeToken(secret: string, userId: string): string {
  const encoded = Buffer.from(userId).toString("base64url");
  return `${encoded}.${signature(secret, encoded)}`;
}

/** The user a token was made for, or null when it was not made with this secret. */
export function userIdOfUnsubscribeToken(secret: string, token: string): string | null {
  const [encoded, given, extra] = token.split(".");
  if (!encoded || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, encoded));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return Buffer.from(encoded, "base64url").toString();
}
