import type { FastifyBaseLogger } from "fastify";
import type { ServiceDeps } from "../../deps.js";
import { type PeriodicJob, startPeriodicJob } from "../../periodic-job.js";
import { purgeExpiredTrash } from "./trash.service.js";

/** How often the sweeper deletes for good what stayed in the trash too long: each hour. */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

/** Purges expired trash items now and then every hour until stopped (see startPeriodicJob). */
export function startTrashSweeper(
  deps: ServiceDeps,
  log: Pick<FastifyBaseLogger, "error">,
): PeriodicJob {
  return startPeriodicJob(TRASH_SWEEP_MS, () => purgeExpiredTrash(deps), log, "trash sweep failed");
}
