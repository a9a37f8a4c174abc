import { overlayStore } from "./overlay-store";

/** PRODUCT.md › Overlays: a toast stays 2000 ms, at the top. */
export const TOAST_DURATION_MS = 2000;
/** PRODUCT.md › Undo: an Undo toast stays 5 s (issue 12 §1). */
export const UNDO_TOAST_DURATION_MS = 5000;

export function showToast(message: string, durationMs = TOAST_DURATION_MS): void {
  const id = overlayStore.newId();
  overlayStore.present({ kind: "toast", id, message });
  setTimeout(() => overlayStore.dismiss(id), durationMs);
}

/** The undo of the newest Undo toast still on screen: what Ctrl+Z (or ⌘Z) runs. */
let latestUndo: { id: number; run: () => void } | null = null;

/**
 * A toast with an Undo button for 5 s, after a review, completion, priority change, move or
 * delete. `undo` runs at most once, from the button or from Ctrl+Z (see undoLatest), and only
 * while the toast is shown; it should queue the inverse change like any other write (the outbox),
 * so the undo itself is exactly-once and works offline. A newer Undo toast replaces an older one.
 * Answers a function that takes the toast away (its undo no longer offered).
 */
export function showUndoToast(message: string, undoLabel: string, undo: () => void): () => void {
  const id = overlayStore.newId();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    close();
    undo();
  };
  const close = () => {
    done = true;
    if (latestUndo?.id === id) latestUndo = null;
    overlayStore.dismiss(id);
  };
  if (latestUndo) overlayStore.dismiss(latestUndo.id);
  latestUndo = { id, run };
  overlayStore.present({ kind: "toast", id, message, action: { label: undoLabel, run } });
  setTimeout(close, UNDO_TOAST_DURATION_MS);
  return close;
}

/** Runs the newest Undo toast's undo; false when none is shown. */
export function undoLatest(): boolean {
  if (!latestUndo) return false;
  latestUndo.run();
  return true;
}
