import type { CountryCode } from "../constants.js";

/**
 * The web app's address of a shared memo, the screen `view/{countryCode}/{shareToken}`, relative
 * to the app's origin: `sharedMemoPath("KR", "abc")` is `/view/KR/abc`. The country is the
 * owner's at the moment of sharing; the share token is drawn at random on each share (memos
 * shared before tokens existed keep their id as token), percent-encoded (it never needs it).
 */
export function sharedMemoPath(countryCode: CountryCode, shareToken: string): string {
  return `/view/${countryCode}/${encodeURIComponent(shareToken)}`;
}
