import {
  ConvertStepUnitToMinutes,
  computeDecayFactor,
  default_w,
  FSRSAlgorithm,
  forgetting_curve,
  State,
} from "ts-fsrs";
import { AppError, ErrorCode } from "../errors.js";
import {
  DEFAULT_FSRS_GRADE,
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  FSRS_STATES,
  FSRS_WEIGHT_COUNT,
  type FsrsGrade,
  type FsrsMemory,
  type FsrsMemoState,
  type FsrsStateName,
} from "./scheduler.js";

// The FSRS scheduler of a folder (issue 9 › The scheduler): a memo's memory state is replayed
// from its review rows with ts-fsrs (FSRS-6), so the server's stored columns, the web's offline
// cache and a test using ts-fsrs directly all agree. Fuzz is off: the same rows must give the
// same due time on every device.

/** The FSRS-6 default weights of ts-fsrs, used until a user has optimized their own. */
export const DEFAULT_FSRS_WEIGHTS: readonly number[] = default_w;

/** One review row as FSRS reads it: when (epoch ms) and its grade (`null`: none given = Good). */
export interface FsrsReviewRow {
  at: number;
  grade: number | null;
}

/** What a replay depends on besides the rows. */
export interface FsrsOptions {
  /** Epoch ms at which `retrievability` is predicted. */
  now: number;
  /** The folder's desired retention, 0.70…0.99. */
  desiredRetention: number;
  /** The user's weights; absent or `null`: {@link DEFAULT_FSRS_WEIGHTS}. */
  weights?: readonly number[] | null;
  /** Epoch ms the memo was created: the due time of a memo never reviewed (default `now`). */
  createdAt?: number;
}

const STATE_NAMES: Record<State, FsrsStateName> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The FSRS-6 formulas of ts-fsrs' `FSRSAlgorithm` with its constants computed once: the weights
 * as ts-fsrs checks and clips them, the curve's decay and factor, the interval modifier of the
 * desired retention, and the (re)learning steps in minutes.
 */
interface Engine {
  w: readonly number[];
  decay: number;
  factor: number;
  intervalModifier: number;
  maximumInterval: number;
  /** D0(Easy): the difficulty mean reversion pulls towards. */
  initDifficultyEasy: number;
  learningSteps: readonly number[];
  relearningSteps: readonly number[];
}

// One engine per (retention, weights): ts-fsrs parses and checks the parameters once per engine.
// Bounded: few retentions and weight sets exist.
const engines = new Map<string, Engine>();
const ENGINE_CACHE_MAX = 64;

function engineFor(
  desiredRetention: number,
  weights: readonly number[] | null | undefined,
): Engine {
  if (
    !Number.isFinite(desiredRetention) ||
    desiredRetention < DESIRED_RETENTION_MIN ||
    desiredRetention > DESIRED_RETENTION_MAX
  ) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "Invalid desired retention", [
      { path: "desiredRetention", issue: `Expected 0.7..0.99, got ${desiredRetention}` },
    ]);
  }
  const given = weights ?? DEFAULT_FSRS_WEIGHTS;
  if (given.length !== FSRS_WEIGHT_COUNT || !given.every(Number.isFinite)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, "Invalid FSRS weights", [
      { path: "weights", issue: `Expected ${FSRS_WEIGHT_COUNT} finite numbers` },
    ]);
  }
  const key = `${desiredRetention}|${given.join(",")}`;
  let engine = engines.get(key);
  if (!engine) {
    if (engines.size >= ENGINE_CACHE_MAX) engines.clear();
    const algorithm = new FSRSAlgorithm({
      request_retention: desiredRetention,
      w: [...given],
      enable_fuzz: false,
    });
    const parameters = algorithm.parameters;
    const w = [...parameters.w];
    const { decay, factor } = computeDecayFactor(w);
    engine = {
      w,
      decay,
      factor,
      intervalModifier: algorithm.interval_modifier,
      maximumInterval: parameters.maximum_interval,
      initDifficultyEasy: algorithm.init_difficulty(4),
      learningSteps: parameters.learning_steps.map(ConvertStepUnitToMinutes),
      relearningSteps: parameters.relearning_steps.map(ConvertStepUnitToMinutes),
    };
    engines.set(key, engine);
  }
  return engine;
}

// The formulas below repeat ts-fsrs 5.4.2's FSRSAlgorithm and BasicScheduler operation for
// operation (same order, same rounding to 8 decimals), so results are equal to the bit; the
// tests compare them with `FSRS.next` on long and random histories. Doing it here skips what a
// replay does not need (a scheduler object, four previews and their logs per review, parameter
// proxies), which makes a 10,000-row replay about ten times faster.

const S_MIN = 0.001;
const S_MAX = 36_500;

function roundTo8(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function forgettingCurve(engine: Engine, elapsedDays: number, stability: number): number {
  return roundTo8((1 + (engine.factor * elapsedDays) / stability) ** engine.decay);
}

function initDifficulty(w: readonly number[], grade: number): number {
  return roundTo8(at(w, 4) - Math.exp((grade - 1) * at(w, 5)) + 1);
}

function nextDifficulty(engine: Engine, d: number, grade: number): number {
  const { w } = engine;
  const deltaD = -at(w, 6) * (grade - 3);
  const nextD = d + roundTo8((deltaD * (10 - d)) / 9);
  return clamp(roundTo8(at(w, 7) * engine.initDifficultyEasy + (1 - at(w, 7)) * nextD), 1, 10);
}

/** `e^w8 · (11 − D) · S^−w9 · (e^(w10·(1 − R)) − 1)`: the part of S'r every grade shares. */
function recallGrowth(w: readonly number[], d: number, s: number, r: number): number {
  return Math.exp(at(w, 8)) * (11 - d) * s ** -at(w, 9) * (Math.exp((1 - r) * at(w, 10)) - 1);
}

function recallStability(w: readonly number[], s: number, growth: number, grade: number) {
  const hardPenalty = grade === 2 ? at(w, 15) : 1;
  const easyBonus = grade === 4 ? at(w, 16) : 1;
  return roundTo8(clamp(s * (1 + growth * hardPenalty * easyBonus), S_MIN, S_MAX));
}

function forgetStability(w: readonly number[], d: number, s: number, r: number): number {
  const afterFail = roundTo8(
    clamp(
      at(w, 11) * d ** -at(w, 12) * ((s + 1) ** at(w, 13) - 1) * Math.exp((1 - r) * at(w, 14)),
      S_MIN,
      S_MAX,
    ),
  );
  const floor = s / Math.exp(at(w, 17) * at(w, 18));
  return clamp(roundTo8(floor), S_MIN, afterFail);
}

function shortTermStability(w: readonly number[], s: number, grade: number): number {
  const sinc = s ** -at(w, 19) * Math.exp(at(w, 17) * (grade - 3 + at(w, 18)));
  const masked = grade >= 2 ? Math.max(sinc, 1) : sinc;
  return roundTo8(clamp(s * masked, S_MIN, S_MAX));
}

/** ts-fsrs' `next_state` outside the review phase (it computes R itself there). */
function nextMemoryState(engine: Engine, d: number, s: number, t: number, grade: number) {
  const { w } = engine;
  if (d === 0 && s === 0) {
    return {
      difficulty: clamp(initDifficulty(w, grade), 1, 10),
      stability: Math.max(at(w, grade - 1), 0.1),
    };
  }
  const r = forgettingCurve(engine, t, s);
  let stability: number;
  if (t === 0) stability = shortTermStability(w, s, grade);
  else if (grade === 1) stability = forgetStability(w, d, s, r);
  else stability = recallStability(w, s, recallGrowth(w, d, s, r), grade);
  return { difficulty: nextDifficulty(engine, d, grade), stability };
}

function nextInterval(engine: Engine, stability: number): number {
  return Math.min(
    Math.max(1, Math.round(stability * engine.intervalModifier)),
    engine.maximumInterval,
  );
}

/** `w[index]`: always defined for a checked weight list (21 entries). */
function at(w: readonly number[], index: number): number {
  return w[index] ?? 0;
}

/** The grade a row counts as: its own when 1…4, else Good. */
export function effectiveGrade(grade: number | null | undefined): FsrsGrade {
  return grade === 1 || grade === 2 || grade === 3 || grade === 4 ? grade : DEFAULT_FSRS_GRADE;
}

/**
 * The time order of review rows: by `at`, then by grade (same rows, same order, whatever order
 * they arrived in; two rows equal in both are interchangeable).
 */
export function compareFsrsRows(a: FsrsReviewRow, b: FsrsReviewRow): number {
  return a.at - b.at || effectiveGrade(a.grade) - effectiveGrade(b.grade);
}

/** Whole UTC days between two times, as ts-fsrs counts a review's elapsed days. */
function utcDaysBetween(from: number, to: number): number {
  return Math.floor(to / DAY_MS) - Math.floor(from / DAY_MS);
}

interface Memory {
  state: State;
  stability: number;
  difficulty: number;
  due: number;
  lapses: number;
  reps: number;
  learningSteps: number;
  lastReviewedAt: number | null;
}

/**
 * The minutes the (re)learning steps give `grade` and the step reached (ts-fsrs'
 * BasicLearningStepsStrategy); `null` when the steps are done and FSRS schedules in days.
 */
function learningStep(
  engine: Engine,
  state: State,
  currentStep: number,
  grade: number,
): { minutes: number; nextStep: number } | null {
  const steps =
    state === State.Relearning || state === State.Review
      ? engine.relearningSteps
      : engine.learningSteps;
  const count = steps.length;
  if (count === 0 || currentStep >= count) return null;
  const first = at(steps, 0);
  if (state === State.Review) {
    return grade === 1 ? { minutes: at(steps, Math.max(0, currentStep)), nextStep: 0 } : null;
  }
  if (grade === 1) return { minutes: first, nextStep: 0 };
  if (grade === 2) {
    const minutes = count === 1 ? Math.round(first * 1.5) : Math.round((first + at(steps, 1)) / 2);
    return { minutes, nextStep: currentStep };
  }
  if (grade === 3 && currentStep + 1 < count) {
    const minutes = Math.round(at(steps, currentStep + 1));
    return minutes ? { minutes, nextStep: currentStep + 1 } : null;
  }
  return null;
}

/**
 * Where the (re)learning steps send a memo after `grade` (ts-fsrs' BasicScheduler
 * `applyLearningSteps`): a step in minutes, or the review phase with FSRS's interval in days.
 */
function applyLearningSteps(
  engine: Engine,
  from: Memory,
  next: Memory,
  grade: number,
  toState: State,
  reviewedAt: number,
): void {
  const step = learningStep(engine, from.state, from.learningSteps, grade);
  const minutes = Math.max(0, step?.minutes ?? 0);
  const nextStep = Math.max(0, step?.nextStep ?? 0);
  if (minutes > 0 && minutes < 1440) {
    next.learningSteps = nextStep;
    next.state = toState;
    next.due = reviewedAt + Math.round(minutes) * MINUTE_MS;
    return;
  }
  next.state = State.Review;
  if (minutes >= 1440) {
    next.learningSteps = nextStep;
    next.due = reviewedAt + Math.round(minutes) * MINUTE_MS;
  } else {
    next.learningSteps = 0;
    next.due = reviewedAt + nextInterval(engine, next.stability) * DAY_MS;
  }
}

/** One review, as ts-fsrs' `FSRS.next` with short-term steps (its BasicScheduler) does it. */
function step(engine: Engine, from: Memory, reviewedAt: number, grade: number): Memory {
  const elapsedDays =
    from.state !== State.New && from.lastReviewedAt !== null
      ? utcDaysBetween(from.lastReviewedAt, reviewedAt)
      : 0;
  const next: Memory = {
    state: from.state,
    stability: from.stability,
    difficulty: from.difficulty,
    due: from.due,
    lapses: from.lapses,
    reps: from.reps + 1,
    learningSteps: from.learningSteps,
    lastReviewedAt: reviewedAt,
  };
  const { difficulty: d, stability: s } = from;
  if (from.state !== State.Review) {
    const memory = nextMemoryState(engine, d, s, elapsedDays, grade);
    next.difficulty = memory.difficulty;
    next.stability = memory.stability;
    const toState = from.state === State.New ? State.Learning : from.state;
    applyLearningSteps(engine, from, next, grade, toState, reviewedAt);
    return next;
  }
  const { w } = engine;
  const r = forgettingCurve(engine, elapsedDays, s);
  next.difficulty = nextDifficulty(engine, d, grade);
  if (grade === 1) {
    next.stability =
      elapsedDays === 0 ? shortTermStability(w, s, grade) : forgetStability(w, d, s, r);
    applyLearningSteps(engine, from, next, grade, State.Relearning, reviewedAt);
    next.lapses += 1;
    return next;
  }
  // The recall growth is the same for every grade: computed once (the same operations, so the
  // same bits, as ts-fsrs computing it per grade).
  const growth = elapsedDays === 0 ? 0 : recallGrowth(w, d, s, r);
  const stabilityOf = (g: number) =>
    elapsedDays === 0 ? shortTermStability(w, s, g) : recallStability(w, s, growth, g);
  // Hard never exceeds Good, Good is at least Hard + 1 day, Easy at least Good + 1 day: each
  // interval needs the stabilities of the lower grades.
  const stabilities = [0, 0, stabilityOf(2), stabilityOf(3), grade === 4 ? stabilityOf(4) : 0];
  next.stability = stabilities[grade] ?? 0;
  const goodInterval = nextInterval(engine, stabilities[3] ?? 0);
  const hard = Math.min(nextInterval(engine, stabilities[2] ?? 0), goodInterval);
  let days = hard;
  if (grade !== 2) {
    const good = Math.max(goodInterval, hard + 1);
    days = grade === 3 ? good : Math.max(nextInterval(engine, stabilities[4] ?? 0), good + 1);
  }
  next.state = State.Review;
  next.learningSteps = 0;
  next.due = reviewedAt + days * DAY_MS;
  return next;
}

function emptyMemory(createdAt: number): Memory {
  return {
    state: State.New,
    stability: 0,
    difficulty: 0,
    due: createdAt,
    lapses: 0,
    reps: 0,
    learningSteps: 0,
    lastReviewedAt: null,
  };
}

function toPublic(memory: Memory): FsrsMemory {
  return { ...memory, state: STATE_NAMES[memory.state] };
}

function toInternal(memory: FsrsMemory): Memory {
  return { ...memory, state: FSRS_STATES.indexOf(memory.state) as State };
}

/**
 * The predicted probability of recall (0…1) of a memory at `now`:
 * `R(t, S) = (1 + factor × t / S) ^ decay` with `t` the days since the last review, `decay =
 * −w20` and `factor = 0.9 ^ (1 / decay) − 1` (FSRS-6). A memo never reviewed has `0` (nothing
 * learned yet), as in ts-fsrs; a review after `now` counts as `t = 0`. Unlike the replay, `t`
 * is fractional, so the value falls smoothly through the day.
 *
 * @param weights - absent or `null`: {@link DEFAULT_FSRS_WEIGHTS}
 */
export function fsrsRetrievability(
  memory: Pick<FsrsMemory, "stability" | "lastReviewedAt">,
  now: number,
  weights?: readonly number[] | null,
): number {
  if (memory.lastReviewedAt === null || memory.stability <= 0) return 0;
  const elapsedDays = Math.max(0, now - memory.lastReviewedAt) / DAY_MS;
  return forgetting_curve(weights ?? DEFAULT_FSRS_WEIGHTS, elapsedDays, memory.stability);
}

/** The state of a memo never reviewed, due at `createdAt` (epoch ms). */
export function newFsrsMemory(createdAt: number): FsrsMemory {
  return toPublic(emptyMemory(createdAt));
}

/**
 * Advances a memory by one review at `review.at` (epoch ms) with its grade (`null`: Good), as
 * {@link fsrsStateFromReviews} does for each row; for an offline client that has the state but
 * not the rows. Reviews must come in time order for the result to equal a replay.
 *
 * @throws AppError `VALIDATION_FAILED` for a retention outside 0.70…0.99 or malformed weights
 */
export function nextFsrsMemory(
  memory: FsrsMemory,
  review: FsrsReviewRow,
  options: Omit<FsrsOptions, "now" | "createdAt">,
): FsrsMemory {
  const engine = engineFor(options.desiredRetention, options.weights);
  return toPublic(step(engine, toInternal(memory), review.at, effectiveGrade(review.grade)));
}

/**
 * A memo's FSRS state (issue 9 › The scheduler): its review rows replayed in time order (see
 * {@link compareFsrsRows}) as ts-fsrs' `FSRS.next` would (FSRS-6, fuzz off, learning steps 1 min
 * and 10 min, relearning 10 min), each row's grade or Good when it has none; then the
 * retrievability at `now` (see {@link fsrsRetrievability}). The same rows give the same state
 * in any order; the input is not changed.
 *
 * @throws AppError `VALIDATION_FAILED` for a retention outside 0.70…0.99 or malformed weights
 */
export function fsrsStateFromReviews(
  rows: readonly FsrsReviewRow[],
  options: FsrsOptions,
): FsrsMemoState {
  const engine = engineFor(options.desiredRetention, options.weights);
  let memory = emptyMemory(options.createdAt ?? options.now);
  for (const row of [...rows].sort(compareFsrsRows)) {
    memory = step(engine, memory, row.at, effectiveGrade(row.grade));
  }
  const retrievability = fsrsRetrievability(memory, options.now, options.weights);
  return { ...toPublic(memory), retrievability };
}

/** The due time (epoch ms) each grade would give, by grade. */
export type FsrsPreview = Record<FsrsGrade, number>;

/**
 * What each grade would do to a memory reviewed at `now`: the next due time (epoch ms) per grade,
 * for the grade buttons' "10 min", "3 d" (subtract `now` for the interval).
 *
 * @throws AppError `VALIDATION_FAILED` for a retention outside 0.70…0.99 or malformed weights
 */
export function previewFsrsGrades(
  memory: FsrsMemory,
  options: Omit<FsrsOptions, "createdAt">,
): FsrsPreview {
  const engine = engineFor(options.desiredRetention, options.weights);
  const from = toInternal(memory);
  const due = (grade: FsrsGrade) => step(engine, from, options.now, grade).due;
  return { 1: due(1), 2: due(2), 3: due(3), 4: due(4) };
}
