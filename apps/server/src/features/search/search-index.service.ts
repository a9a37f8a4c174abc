import type { FastifyBaseLogger } from "fastify";
import {
  hasQueuedMemos,
  INDEX_BATCH,
  indexQueuedMemos,
  selectUsersWithQueuedMemos,
} from "../../db/memo-search.repo.js";
import { userWrite } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { type PeriodicJob, startPeriodicJob } from "../../periodic-job.js";

// Memo writes queue their memo for the search index (see the search-index-queue migration); these
// bring the index up to date: all of one user's queue before a read of the index, and a batch per
// user in the background.

/** How often the background indexer looks for queued memos. */
export const SEARCH_INDEX_ROUND_MS = 1000;

/** Users whose queued memos one background round indexes (a batch each). */
const USERS_PER_ROUND = 20;

/**
 * Indexes every memo the user has queued, so a read of the index that follows sees every write
 * acknowledged before it. Nothing to write (the usual case) costs one indexed read.
 */
export async function catchUpSearchIndex(deps: ServiceDeps, userId: string): Promise<void> {
  if (!(await hasQueuedMemos(deps.db.kysely, userId))) return;
  await userWrite(deps, userId, async (_trx, write) => {
    while ((await indexQueuedMemos(write)) === INDEX_BATCH) {}
  });
}

/** One background round: a batch of queued memos for each of some users. */
export async function indexQueuedMemosRound(deps: ServiceDeps): Promise<void> {
  for (const userId of await selectUsersWithQueuedMemos(deps.db.kysely, USERS_PER_ROUND)) {
    await userWrite(deps, userId, (_trx, write) => indexQueuedMemos(write));
  }
}

/** Indexes queued memos now and then every second until stopped (see startPeriodicJob). */
export function startSearchIndexer(
  deps: ServiceDeps,
  log: Pick<FastifyBaseLogger, "error">,
): PeriodicJob {
  return startPeriodicJob(
    SEARCH_INDEX_ROUND_MS,
    () => indexQueuedMemosRound(deps),
    log,
    "search indexing failed",
  );
}
