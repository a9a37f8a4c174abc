// When a failed sync is tried again: 1 s after the first failure, then twice as long after
// each further one, at most 30 s; a sync that reaches the server (or the browser coming back
// online) starts again from 1 s.

/** The wait before the first retry. */
export const FIRST_RETRY_MS = 1_000;

/** The longest wait between retries. */
export const MAX_RETRY_MS = 30_000;

/** The wait after the next failure, given the wait after this one (doubled, at most 30 s). */
export function nextRetryMs(retryMs: number): number {
  return Math.min(retryMs * 2, MAX_RETRY_MS);
}
