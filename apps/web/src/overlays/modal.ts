import { createContext, type ReactNode, useContext, useEffect } from "react";
import { overlayStore } from "./overlay-store";

/** Asked before a modal is dismissed (✕, Escape, the backdrop); false keeps it open. */
export type DismissGuard = () => boolean | Promise<boolean>;

/** Lets what a modal shows set its dismiss guard; provided by <OverlayHost> for each modal. */
export const ModalGuardContext = createContext<
  ((guard: DismissGuard | undefined) => void) | undefined
>(undefined);

/**
 * While mounted inside a modal, asks `guard` before the modal is dismissed without a value.
 * Outside a modal (the same form as a page) it does nothing.
 */
export function useModalDismissGuard(guard: DismissGuard): void {
  const setGuard = useContext(ModalGuardContext);
  useEffect(() => {
    setGuard?.(guard);
    return () => setGuard?.(undefined);
  }, [setGuard, guard]);
}

/** True inside a modal's content (the same form may also be a page). */
export function useIsInModal(): boolean {
  return useContext(ModalGuardContext) !== undefined;
}

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
 * `close` (undefined when dismissed with Escape or the backdrop). A dismissal (no value) first
 * asks the guard the content set with useModalDismissGuard, if any.
 */
export function presentModal<T>(
  label: string,
  render: (close: (value?: T) => void) => ReactNode,
): Promise<T | undefined> {
  // One sheet at a time (issue 12 §3): a second one asked for while one is open (a double press
  // of its button, a shortcut) is not stacked on it; the caller hears "dismissed".
  if (openModalCount() > 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const id = overlayStore.newId();
    let guard: DismissGuard | undefined;
    let isAsking = false;
    const finish = (value: unknown) => {
      if (!overlayStore.dismiss(id)) return;
      if (openModalCount() === 0) for (const listener of visibilityListeners) listener(false);
      resolve(value as T | undefined);
    };
    overlayStore.present({
      kind: "modal",
      id,
      label,
      render: render as (close: (value?: unknown) => void) => ReactNode,
      setGuard: (next) => {
        guard = next;
      },
      resolve: (value) => {
        if (value !== undefined || !guard) return finish(value);
        if (isAsking) return;
        isAsking = true;
        void Promise.resolve(guard())
          .then((canClose) => canClose && finish(undefined))
          .finally(() => {
            isAsking = false;
          });
      },
    });
    if (openModalCount() === 1) for (const listener of visibilityListeners) listener(true);
  });
}
