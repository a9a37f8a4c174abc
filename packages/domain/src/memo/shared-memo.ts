import type { CountryCode } from "../constants.js";

/**
 * The web app's address of a shared memo, the screen `view/{countryCode}/{memoId}`, relative to
 * the app's origin: `sharedMemoPath("KR", "abc")` is `/view/KR/abc`. The country is the owner's
 * at the moment of sharing; the id is percent-encoded (an object id never needs it).
 */
export function sharedMemoPath(countryCode: CountryCode, memoId: string): string {
  return `/view/${countryCode}/${encodeURIComponent(memoId)}`;
}
