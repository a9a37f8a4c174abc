import { DEFAULT_FSRS_WEIGHTS, FSRS_WEIGHT_COUNT } from "@mnemo/domain";

// The FSRS optimizer of @open-spaced-repetition/binding (fsrs-rs through napi-rs, a prebuilt
// native binary per platform), loaded on first use so a platform without a binary only loses
// "Optimize", not the server.

type Binding = typeof import("@open-spaced-repetition/binding");

let loading: Promise<Binding | null> | undefined;

/** The optimizer module, or null when it cannot load on this machine. */
export function loadOptimizer(): Promise<Binding | null> {
  loading ??= import("@open-spaced-repetition/binding").catch(() => null);
  return loading;
}

const DAY_MS = 86_400_000;

/**
 * The optimizer's training items from graded reviews sorted by memo then time: for each memo,
 * one item per review after its first, holding the memo's reviews up to it, with whole UTC
 * days between reviews (as ts-fsrs counts elapsed days).
 */
export function trainingItems(
  binding: Binding,
  reviews: ReadonlyArray<{ memoId: string; at: number; grade: number }>,
) {
  const items = [];
  let memoId: string | null = null;
  let history: InstanceType<Binding["FSRSBindingReview"]>[] = [];
  let lastDay = 0;
  for (const review of reviews) {
    const day = Math.floor(review.at / DAY_MS);
    if (review.memoId !== memoId) {
      memoId = review.memoId;
      history = [];
      lastDay = day;
    }
    history.push(new binding.FSRSBindingReview(review.grade, day - lastDay));
    lastDay = day;
    if (history.length > 1) items.push(new binding.FSRSBindingItem([...history]));
  }
  return items;
}

/** What one optimization found: the new weights and the log loss before and after. */
export interface OptimizationResult {
  weights: number[];
  logLossBefore: number;
  logLossAfter: number;
}

/**
 * Optimizes FSRS-6 weights on the user's graded history (short-term steps on, one relearning
 * step, as the replay schedules) and measures the log loss of the weights in use and of the
 * new ones on the same history.
 */
export async function optimizeWeights(
  binding: Binding,
  reviews: ReadonlyArray<{ memoId: string; at: number; grade: number }>,
  current: readonly number[] | null,
): Promise<OptimizationResult> {
  const items = trainingItems(binding, reviews);
  const computed = await binding.computeParameters(items, {
    enableShortTerm: true,
    numRelearningSteps: 1,
  });
  if (computed.length !== FSRS_WEIGHT_COUNT || !computed.every(Number.isFinite)) {
    throw new Error(`the optimizer answered ${computed.length} weights`);
  }
  const before = new binding.FSRSBinding([...(current ?? DEFAULT_FSRS_WEIGHTS)]).evaluate(items);
  const after = new binding.FSRSBinding(computed).evaluate(items);
  return { weights: computed, logLossBefore: before.logLoss, logLossAfter: after.logLoss };
}
