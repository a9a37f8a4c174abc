import { ErrorCode } from "@mnemo/domain";
import { ApiError } from "../api/client";
import { openCache } from "./cache";
import { pullChanges } from "./sync-pull";
import type { SyncStatus } from "./sync-status";

// The first download of an account, run in a dedicated worker (see pull-in-worker.ts): the
// worker opens the same IndexedDB database and pulls the change feed as the page would. Its
// end of the cache module tells the page's through the user's BroadcastChannel, as another tab
// does.

/** What the page asks: whose cache to fill. */
export interface PullRequest {
  userId: string;
  userName: string;
}

/** What the worker answers: progress, then done or the error the pull ended with. */
export type PullMessage =
  | { kind: "download"; download: SyncStatus["download"] }
  | { kind: "done" }
  | { kind: "failed"; code: ErrorCode; status: number; message: string };

// Typed here rather than through TypeScript's WebWorker library, which conflicts with DOM's.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PullRequest>) => void) | null;
  postMessage(message: PullMessage): void;
};

scope.onmessage = (event) => {
  const { userId, userName } = event.data;
  openCache(userId, userName);
  pullChanges((download) => scope.postMessage({ kind: "download", download })).then(
    () => scope.postMessage({ kind: "done" }),
    (error: unknown) =>
      scope.postMessage(
        error instanceof ApiError
          ? { kind: "failed", code: error.code, status: error.status, message: error.message }
          : { kind: "failed", code: ErrorCode.INTERNAL, status: 0, message: String(error) },
      ),
  );
};
