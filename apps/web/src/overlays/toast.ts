import { overlayStore } from "./overlay-store";

/** PRODUCT.md › Overlays: a toast stays 2000 ms, at the top. */
export const TOAST_DURATION_MS = 2000;

export function showToast(message: string, durationMs = TOAST_DURATION_MS): void {
  const id = overlayStore.newId();
  overlayStore.present({ kind: "toast", id, message });
  setTimeout(() => overlayStore.dismiss(id), durationMs);
}
