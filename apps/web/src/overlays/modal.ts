import type { ReactNode } from "react";
import { overlayStore } from "./overlay-store";

/** Listeners told when a modal opens or the last one closes (the native banner ad hides). */
const visibilityListeners = new Set<(isOpen: boolean) => void>();

export function onModalVisibility(listener: (isOpen: boolean) => void): () => void {
  visibilityListeners.add(listener);
  return () => visibilityListeners.delete(listener);
}

function openModalCount(): number {
  return overlayStore.snapshot().filter((overlay) => overlay.kind === "modal").length;
}

/**
 * Presents `render(close)` in a modal sheet labelled `label`; answers the value given to
 * `close` (undefined when dismissed with Escape or the backdrop).
 */
export function presentModal<T>(
  label: string,
  render: (close: (value?: T) => void) => ReactNode,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const id = overlayStore.newId();
    overlayStore.present({
      kind: "modal",
      id,
      label,
      render: render as (close: (value?: unknown) => void) => ReactNode,
      resolve: (value) => {
        if (!overlayStore.dismiss(id)) return;
        if (openModalCount() === 0) for (const listener of visibilityListeners) listener(false);
        resolve(value as T | undefined);
      },
    });
    if (openModalCount() === 1) for (const listener of visibilityListeners) listener(true);
  });
}
