import { ApiError } from "../api/client";
import { isNative } from "../platform/platform";
import { notifyChanged } from "./cache";
import type { PullMessage, PullRequest } from "./pull-worker";
import { forgetSearchIndex } from "./search-memory";
import { pullChanges } from "./sync-pull";
import { setStatus } from "./sync-status";

// A first download parses, folds and stores every memo of the account: at 100,000 memos, tens
// of seconds of work that kept the page's main thread busy (Lighthouse's TBT: 55 s), so taps
// and typing waited. It runs in a worker instead. Later pulls stay on the page: they are small,
// and the page's search index in memory follows their writes (a worker's writes make the page
// read that index again).

let running: { worker: Worker; settle: () => void } | null = null;

/**
 * Whether a first download can run in a worker. Not in the native apps: their API is on
 * another origin, reached with the page's bearer token (api/client.ts), which a worker lacks.
 */
export function canPullInWorker(): boolean {
  return typeof Worker !== "undefined" && !isNative();
}

/** Runs the first download of this user's cache in a worker; rejects with the pull's ApiError. */
export function pullInWorker(request: PullRequest): Promise<void> {
  stopPullWorker();
  // Shown at once: the worker's own first word comes after its script is fetched and started.
  setStatus({ download: { done: 0, total: 0 } });
  const worker = new Worker(new URL("./pull-worker.ts", import.meta.url), {
    type: "module",
    name: "mnemo-first-download",
  });
  return new Promise<void>((resolve, reject) => {
    running = { worker, settle: resolve };
    worker.onmessage = ({ data }: MessageEvent<PullMessage>) => {
      if (data.kind === "download") {
        setStatus({ download: data.download });
        return;
      }
      if (data.kind === "done") {
        // The worker's notice reaches the page over a channel of its own, maybe later.
        forgetSearchIndex();
        notifyChanged();
        resolve();
      } else reject(new ApiError(data.code, data.status, data.message));
    };
    // The pull's own failures come as "failed"; this is the worker's script failing to load or
    // run (an old page after an update, a browser without module workers): the page pulls.
    worker.onerror = (event) => {
      event.preventDefault();
      resolve(pullChanges());
    };
    worker.postMessage(request);
  }).finally(() => {
    worker.terminate();
    if (running?.worker === worker) running = null;
  });
}

/** Stops a first download under way (sign-out); what it stored stays, its cursor with it. */
export function stopPullWorker(): void {
  if (!running) return;
  running.worker.terminate();
  running.settle();
  running = null;
}
