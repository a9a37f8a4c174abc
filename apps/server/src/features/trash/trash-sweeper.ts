import type { FastifyBaseLogger } from "fastify";
import type { ServiceDeps } from "../../deps.js";
import { purgeExpiredTrash } from "./trash.service.js";

/** How often the sweeper deletes for good what stayed in the trash too long: each hour. */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

/**
 * Purges expired trash items now and then every hour until stopped (started by main.ts, not by
 * buildApp, so tests decide when it runs, with their own clock). A round still running when the
 * next is due is not overlapped; a failed round is logged and the next one tries again.
 */
export function startTrashSweeper(
  deps: ServiceDeps,
  log: Pick<FastifyBaseLogger, "error">,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = purgeExpiredTrash(deps)
      .catch((error: unknown) => log.error({ err: error }, "trash sweep failed"))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, TRASH_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
