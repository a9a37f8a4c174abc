import type { FsrsParametersResponse } from "@mnemo/domain";
import {
  AppError,
  DEFAULT_FSRS_WEIGHTS,
  ErrorCode,
  FSRS_OPTIMIZE_MIN_REVIEWS,
  fsrsWeightsSchema,
} from "@mnemo/domain";
import { deriveMemoFsrs } from "../../db/memo-fsrs.js";
import { selectFsrsWeights } from "../../db/memo-fsrs.repo.js";
import { userWrite } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import {
  countGradedReviews,
  markRunFinished,
  markRunStarted,
  type StoredFsrsParameters,
  selectFsrsParameters,
  selectGradedReviews,
} from "./fsrs.repo.js";
import { loadOptimizer, optimizeWeights } from "./fsrs-optimizer.js";

type Deps = ServiceDeps;

/** A run still "running" after this long died with its process: a new one may start. */
const RUN_STALE_MS = 15 * 60_000;

function parseWeights(json: string | null): number[] | null {
  if (json === null) return null;
  const parsed = fsrsWeightsSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

function present(stored: StoredFsrsParameters | undefined, graded: number): FsrsParametersResponse {
  const weights = parseWeights(stored?.weights ?? null);
  const status = stored?.runStatus;
  return {
    weights: weights ?? [...DEFAULT_FSRS_WEIGHTS],
    isDefault: weights === null,
    gradedReviewCount: graded,
    minGradedReviews: FSRS_OPTIMIZE_MIN_REVIEWS,
    optimization:
      stored && (status === "running" || status === "done" || status === "failed")
        ? {
            status,
            startedAt: stored.runStartedAt ?? 0,
            finishedAt: stored.runFinishedAt,
            reviewCount: stored.runReviewCount,
            logLossBefore: stored.runLogLossBefore,
            logLossAfter: stored.runLogLossAfter,
          }
        : null,
  };
}

/** The user's FSRS weights, graded review count and latest optimization run. */
export async function getFsrsParameters(
  deps: Deps,
  userId: string,
): Promise<FsrsParametersResponse> {
  const db = deps.db.kysely;
  return present(await selectFsrsParameters(db, userId), await countGradedReviews(db, userId));
}

/**
 * Starts an optimization of the user's FSRS weights off the request path (issue 9 › Personal
 * parameters) and answers at once with the run marked running; `GET /api/fsrs/parameters`
 * reports its end. A run already running answers as it is (one run per user at a time).
 *
 * The run trains on the graded reviews, measures the log loss of the weights in use and of the
 * new ones on them, keeps the new weights only when they predict no worse, and then derives
 * every FSRS memo of the user again with them (and sends them through the change feed).
 *
 * @param track - receives the run's promise, so the server can wait for it before closing
 * @throws FSRS_NOT_ENOUGH_REVIEWS below FSRS_OPTIMIZE_MIN_REVIEWS graded reviews;
 *   FSRS_OPTIMIZER_UNAVAILABLE when the optimizer cannot load on this machine
 */
export async function startFsrsOptimization(
  deps: Deps,
  userId: string,
  track: (run: Promise<void>) => void,
): Promise<FsrsParametersResponse> {
  const db = deps.db.kysely;
  const graded = await countGradedReviews(db, userId);
  const stored = await selectFsrsParameters(db, userId);
  const now = deps.now();
  if (stored?.runStatus === "running" && now - (stored.runStartedAt ?? 0) < RUN_STALE_MS) {
    return present(stored, graded);
  }
  if (graded < FSRS_OPTIMIZE_MIN_REVIEWS) {
    throw new AppError(
      ErrorCode.FSRS_NOT_ENOUGH_REVIEWS,
      `${graded} graded reviews; optimizing needs ${FSRS_OPTIMIZE_MIN_REVIEWS}`,
      { gradedReviewCount: graded, minGradedReviews: FSRS_OPTIMIZE_MIN_REVIEWS },
    );
  }
  const binding = await loadOptimizer();
  if (!binding) {
    throw new AppError(ErrorCode.FSRS_OPTIMIZER_UNAVAILABLE, "the FSRS optimizer cannot load");
  }
  await markRunStarted(db, userId, { startedAt: now, reviewCount: graded });
  // The answer is the run as it starts: read before the run begins, which on a fast machine (or
  // a PostgreSQL pool that serves the run first) could otherwise already have finished it.
  const started = await selectFsrsParameters(db, userId);
  track(runOptimization(deps, userId, binding));
  return present(started, graded);
}

async function runOptimization(
  deps: Deps,
  userId: string,
  binding: NonNullable<Awaited<ReturnType<typeof loadOptimizer>>>,
): Promise<void> {
  const db = deps.db.kysely;
  try {
    const reviews = await selectGradedReviews(db, userId);
    const current = await selectFsrsWeights(db, userId);
    const result = await optimizeWeights(binding, reviews, current);
    const isBetter = result.logLossAfter <= result.logLossBefore;
    await userWrite(deps, userId, async (trx, write) => {
      await markRunFinished(trx, userId, {
        status: "done",
        finishedAt: write.now,
        logLossBefore: result.logLossBefore,
        logLossAfter: result.logLossAfter,
        ...(isBetter && { weights: JSON.stringify(result.weights) }),
      });
      if (isBetter) await deriveMemoFsrs(write, { scheduler: "fsrs" }, { touch: true });
    });
  } catch {
    // The run's failure is its answer (status "failed"); nothing else changed.
    await markRunFinished(db, userId, {
      status: "failed",
      finishedAt: deps.now(),
      logLossBefore: null,
      logLossAfter: null,
    }).catch(() => undefined);
  }
}
