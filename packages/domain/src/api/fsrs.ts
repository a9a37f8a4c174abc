import { z } from "zod";
import { epochMsSchema } from "../common/timestamp.js";
import { fsrsWeightsSchema } from "../review/scheduler.js";

/** Fewest graded reviews a user needs before "Optimize" (issue 9 › Personal parameters). */
export const FSRS_OPTIMIZE_MIN_REVIEWS = 400;

/** The states of an optimization run: started and not finished, finished, or failed. */
export const FSRS_OPTIMIZATION_STATUSES = ["running", "done", "failed"] as const;

/**
 * The user's latest optimization run. `logLossBefore` / `logLossAfter`: the log loss of the
 * weights in use before the run and of the new weights, both on the user's own graded history
 * (lower predicts recall better); `reviewCount` the graded reviews it read. Unknown figures are
 * `null` (running, or failed).
 */
export const fsrsOptimizationSchema = z.object({
  status: z.enum(FSRS_OPTIMIZATION_STATUSES),
  startedAt: epochMsSchema,
  finishedAt: epochMsSchema.nullable(),
  reviewCount: z.int().min(0),
  logLossBefore: z.number().nullable(),
  logLossAfter: z.number().nullable(),
});
export type FsrsOptimization = z.infer<typeof fsrsOptimizationSchema>;

/**
 * Answer of `GET /api/fsrs/parameters` and `POST /api/fsrs/optimize` (202: the run started, or
 * was running already): the FSRS-6 weights the user's replays use (`isDefault`: ts-fsrs'
 * defaults, no optimization applied yet), the graded reviews counted towards
 * {@link FSRS_OPTIMIZE_MIN_REVIEWS}, and the latest run (`null`: never run).
 * `POST` with fewer graded reviews is 400 `FSRS_NOT_ENOUGH_REVIEWS`; without a working optimizer
 * 503 `FSRS_OPTIMIZER_UNAVAILABLE`.
 */
export const fsrsParametersResponseSchema = z.object({
  weights: fsrsWeightsSchema,
  isDefault: z.boolean(),
  gradedReviewCount: z.int().min(0),
  minGradedReviews: z.int().min(0),
  optimization: fsrsOptimizationSchema.nullable(),
});
export type FsrsParametersResponse = z.infer<typeof fsrsParametersResponseSchema>;
