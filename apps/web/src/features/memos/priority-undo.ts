/**
 * PRODUCT.md › Undo: what Undo of a priority change goes back to. Steps on one memo while its
 * Undo toast is still shown make one streak (a newer toast replaces the older one), so Undo
 * restores the priority from before the streak, not just the last step.
 */
export interface PriorityStreak {
  memoId: string;
  /** The priority before the first step of the streak. */
  from: number;
  /** Epoch ms until which a further step continues the streak (the toast's end). */
  until: number;
}

/** The streak after a step of `memoId` from `before`, at `now`, whose toast lasts `durationMs`. */
export function continuePriorityStreak(
  streak: PriorityStreak | null,
  step: { memoId: string; before: number; now: number; durationMs: number },
): PriorityStreak {
  const isContinued = streak !== null && streak.memoId === step.memoId && step.now < streak.until;
  return {
    memoId: step.memoId,
    from: isContinued ? streak.from : step.before,
    until: step.now + step.durationMs,
  };
}

/** The ±1 changes (the server's only priority operation) that take `current` back to `from`. */
export function priorityStepsBack(current: number, from: number): Array<1 | -1> {
  const delta = from - current;
  return Array.from({ length: Math.abs(delta) }, () => (delta > 0 ? 1 : -1));
}
