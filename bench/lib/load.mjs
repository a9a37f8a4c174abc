import autocannon from "autocannon";

/** The nearest-rank percentile `p` of ascending `sorted` values (null when empty). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * Runs autocannon against one route and summarizes it. Latencies are collected per response in
 * full resolution (autocannon's own histogram keeps whole milliseconds only), so p50/p99 of a
 * sub-millisecond route are still meaningful.
 *
 * @param {object} options
 * @param {string} options.url base URL
 * @param {number} options.connections
 * @param {number} options.seconds
 * @param {object[]} options.requests autocannon `requests` (method, path, headers, body,
 *   setupRequest)
 * @returns {Promise<{ connections: number, seconds: number, requests: number, reqPerSec: number,
 *   p50Ms: number|null, p90Ms: number|null, p99Ms: number|null, maxMs: number|null,
 *   non2xx: number, errors: number, timeouts: number, statusCodes: Record<string, number> }>}
 */
export async function runLoad({ url, connections, seconds, requests }) {
  const latencies = [];
  const statusCodes = {};
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    requests,
  });
  instance.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    latencies.push(responseTimeMs);
  });
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  // Requests completed per second over the whole run (autocannon's `requests.average` is the
  // mean of per-second samples, which drops the last partial second).
  const reqPerSec = result.duration > 0 ? latencies.length / result.duration : 0;
  return {
    connections,
    seconds: result.duration,
    requests: latencies.length,
    reqPerSec,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length > 0 ? sorted[sorted.length - 1] : null,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/** Samples a value (e.g. the server's RSS) every `intervalMs` and keeps the maximum. */
export function startPeakSampler(sample, intervalMs = 100) {
  let peak = null;
  const take = () => {
    const value = sample();
    if (value !== null && (peak === null || value > peak)) peak = value;
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}
