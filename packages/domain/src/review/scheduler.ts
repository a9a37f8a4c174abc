import { z } from "zod";

// A folder's choice of scheduler and the grade of a review (issue 9 › The scheduler), apart from
// the FSRS replay so that schemas using them do not pull in ts-fsrs.

/** The schedulers a folder may use: the spec's repetition score (default) or FSRS. */
export const SCHEDULERS = ["repetition", "fsrs"] as const;

/** One of {@link SCHEDULERS}. */
export type Scheduler = (typeof SCHEDULERS)[number];

/** Validates a {@link Scheduler}. */
export const schedulerSchema = /* @__PURE__ */ z.enum(SCHEDULERS);

/** Default `Folder.scheduler`: nothing of the spec's behaviour changes. */
export const DEFAULT_SCHEDULER: Scheduler = "repetition";

/** Lowest, highest and default desired retention (probability of recall at the due time). */
export const DESIRED_RETENTION_MIN = 0.7;
export const DESIRED_RETENTION_MAX = 0.99;
export const DEFAULT_DESIRED_RETENTION = 0.9;

/** A folder's desired retention: a number in 0.70…0.99. */
export const desiredRetentionSchema = /* @__PURE__ */ z
  .number()
  .min(DESIRED_RETENTION_MIN)
  .max(DESIRED_RETENTION_MAX);

/** Grades of a review: 1 Again, 2 Hard, 3 Good, 4 Easy (the values of ts-fsrs' `Rating`). */
export const FSRS_GRADES = [1, 2, 3, 4] as const;

/** One of {@link FSRS_GRADES}. */
export type FsrsGrade = (typeof FSRS_GRADES)[number];

/** The grade a review without one counts as in an FSRS folder: Good. */
export const DEFAULT_FSRS_GRADE: FsrsGrade = 3;

/** Validates a {@link FsrsGrade}: an integer 1…4. */
export const fsrsGradeSchema = /* @__PURE__ */ z.int().min(1).max(4);

/** Number of FSRS-6 parameters (weights `w0…w20`). */
export const FSRS_WEIGHT_COUNT = 21;

/** A user's FSRS-6 weights: 21 finite numbers. */
export const fsrsWeightsSchema = /* @__PURE__ */ z.array(z.number()).length(FSRS_WEIGHT_COUNT);

/** The learning phase of a memo: the values of ts-fsrs' `State`, lower-cased. */
export const FSRS_STATES = ["new", "learning", "review", "relearning"] as const;

/** One of {@link FSRS_STATES}. */
export type FsrsStateName = (typeof FSRS_STATES)[number];

/**
 * A memo's FSRS memory state after its reviews (issue 9 › The scheduler).
 *
 * - `state`: learning phase; `"new"` before the first review.
 * - `stability`: days until recall falls to 90 % (0 when new).
 * - `difficulty`: 1…10 (0 when new).
 * - `due`: epoch ms of the next review; a new memo is due at its creation.
 * - `lapses`: Again grades given in the review phase; `reps`: reviews counted.
 * - `learningSteps`: the (re)learning step reached, so a state can be advanced without its rows.
 * - `lastReviewedAt`: epoch ms of the latest review, `null` when new.
 */
export interface FsrsMemory {
  state: FsrsStateName;
  stability: number;
  difficulty: number;
  due: number;
  lapses: number;
  reps: number;
  learningSteps: number;
  lastReviewedAt: number | null;
}

/** {@link FsrsMemory} plus the predicted probability of recall (0…1) at a given `now`. */
export interface FsrsMemoState extends FsrsMemory {
  retrievability: number;
}

/** Validates an {@link FsrsMemoState}, the `fsrs` field of memo answers. */
export const fsrsMemoStateSchema = /* @__PURE__ */ z.object({
  state: z.enum(FSRS_STATES),
  stability: z.number().min(0),
  difficulty: z.number().min(0),
  due: z.number(),
  lapses: z.int().min(0),
  reps: z.int().min(0),
  learningSteps: z.int().min(0),
  lastReviewedAt: z.number().nullable(),
  retrievability: z.number().min(0).max(1),
});
