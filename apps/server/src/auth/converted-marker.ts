import { createHmac, timingSafeEqual } from "node:crypto";

// After an anonymous user signs up, the server ends its session (the address must be verified
// first). The browser that converted keeps this signed marker instead; when the verification
// link is opened in that same browser, the user lands signed in with their data (issue 12 §5),
// as if the anonymous session had simply continued. A link opened anywhere else verifies only.

/** The marker cookie's name; sent only to /api/auth, where the verification link lands. */
export const CONVERTED_COOKIE = "mnemo.converted";
/** Where the marker is sent. */
export const CONVERTED_COOKIE_PATH = "/api/auth";

function signatureOf(userId: string, secret: string): string {
  return createHmac("sha256", secret).update(`converted:${userId}`).digest("base64url");
}

/** The marker's value for the converted user: the id and its signature. */
export function convertedMarker(userId: string, secret: string): string {
  return `${userId}.${signatureOf(userId, secret)}`;
}

/** The user id of a marker this server signed; null for anything else. */
export function convertedUserId(marker: string | null | undefined, secret: string): string | null {
  if (!marker) return null;
  const dot = marker.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = marker.slice(0, dot);
  const given = Buffer.from(marker.slice(dot + 1));
  const expected = Buffer.from(signatureOf(userId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/**
 * The address a verification token verifies, read from its payload (better-auth has checked
 * its signature and expiry by the time this is read); null for an e-mail change's token.
 */
export function verifiedEmailOf(token: unknown): string | null {
  if (typeof token !== "string") return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    if (payload?.updateTo) return null;
    return typeof payload?.email === "string" ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}
