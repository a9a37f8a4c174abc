/**
 * Lets the browser handle input and paint before a long piece of work goes on: the scheduler's
 * `yield()` where the browser has it (Chromium 129+), which resumes ahead of other tasks; a
 * message to ourselves elsewhere, which, unlike `setTimeout(0)`, is not clamped to 4 ms.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A clock for work done in slices: `isDue()` is true once `sliceMs` passed since the slice began
 * (the work then yields and calls `start()` again). A slice short enough for a keystroke to be
 * answered within a frame.
 */
export function sliceClock(sliceMs = 8) {
  let startedAt = performance.now();
  return {
    isDue: () => performance.now() - startedAt >= sliceMs,
    start: () => {
      startedAt = performance.now();
    },
  };
}
