import { overlayStore } from "./overlay-store";

/**
 * PRODUCT.md › Overlays: a loading indicator dismisses itself after 2 seconds unless told
 * otherwise.
 */
export const LOADING_TIMEOUT_MS = 2000;

/** Shows the loading indicator; call the answer to dismiss it earlier. */
export function presentLoading(message = "", timeoutMs = LOADING_TIMEOUT_MS): () => void {
  const id = overlayStore.newId();
  overlayStore.present({ kind: "loading", id, message });
  const timer = setTimeout(() => overlayStore.dismiss(id), timeoutMs);
  return () => {
    clearTimeout(timer);
    overlayStore.dismiss(id);
  };
}

/** Runs `work` under a loading indicator that stays until it settles (or `timeoutMs`). */
export async function withLoading<T>(
  work: () => Promise<T>,
  message = "",
  timeoutMs = 30_000,
): Promise<T> {
  const dismiss = presentLoading(message, timeoutMs);
  try {
    return await work();
  } finally {
    dismiss();
  }
}
