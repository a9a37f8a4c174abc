import { CACHE_STALE_AFTER_MS } from "../constants.js";

/**
 * Outcomes of a local cache read (PRODUCT.md › Offline and sync): the data, nothing usable, or data
 * that should be refetched.
 */
export const CACHE_RESULTS = ["SUCCESS", "FAIL", "NEED_FETCH"] as const;

/** One of {@link CACHE_RESULTS}. */
export type CacheResult = (typeof CACHE_RESULTS)[number];

/** When a cached copy was written, as the cache recorded it. */
export interface CacheStamp {
  /** Epoch ms (the device's clock) when the copy was stored. */
  cachedAt: number;
  /**
   * Epoch ms of the server's clock when the server produced the copy, if known. A copy that knows
   * it is kept current from the server (a change feed answered with this time) does not expire by
   * age; one without it can only count time, and is stale after {@link CACHE_STALE_AFTER_MS}.
   */
  serverTime?: number | null;
}

/**
 * Whether a cached copy may be used as is (PRODUCT.md › Offline and sync: without a recorded server
 * time, data counts as stale after 6 hours).
 *
 * - no copy → `FAIL`;
 * - a copy with a recorded server time → `SUCCESS` (its freshness is the change feed's business);
 * - otherwise `SUCCESS` while `now − cachedAt` < 6 h, then `NEED_FETCH`. A copy stamped in the
 *   future (the device clock went back) is `NEED_FETCH`: its age is unknown.
 *
 * @param stamp - the copy's stamp, `null`/`undefined` when nothing is cached
 * @param now - epoch ms of the device's clock
 */
export function cacheFreshness(stamp: CacheStamp | null | undefined, now: number): CacheResult {
  if (!stamp) return "FAIL";
  if (typeof stamp.serverTime === "number") return "SUCCESS";
  const age = now - stamp.cachedAt;
  return age >= 0 && age < CACHE_STALE_AFTER_MS ? "SUCCESS" : "NEED_FETCH";
}
