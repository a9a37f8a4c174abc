import type { ReactNode } from "react";
import { useSyncExternalStore } from "react";

// The overlays (PRODUCT.md › Overlays: alert, modal, toast, popover, loading) as one small store:
// services call present/dismiss from anywhere (even outside React), and <OverlayHost> renders what
// is open.

export interface AlertButton {
  label: string;
  role?: "cancel" | "destructive" | "primary";
  value: unknown;
}

export type Overlay =
  | {
      kind: "alert";
      id: number;
      title: string;
      message: string;
      buttons: AlertButton[];
      resolve: (value: unknown) => void;
    }
  | {
      kind: "modal";
      id: number;
      label: string;
      render: (close: (value?: unknown) => void) => ReactNode;
      /** Set by the content (useModalDismissGuard): asked before a dismissal without a value. */
      setGuard: (guard: (() => boolean | Promise<boolean>) | undefined) => void;
      resolve: (value: unknown) => void;
    }
  | {
      kind: "toast";
      id: number;
      message: string;
      /** A button in the toast (Undo); pressing it runs `run` once and closes the toast. */
      action?: { label: string; run: () => void };
    }
  | { kind: "popover"; id: number; anchor: DOMRect; content: ReactNode }
  | { kind: "loading"; id: number; message: string };

/** Alerts and modals take the keyboard: the page and any overlay under them are inert. */
export function isBlockingOverlay(overlay: Overlay): boolean {
  return overlay.kind === "alert" || overlay.kind === "modal";
}

type Listener = () => void;

let overlays: readonly Overlay[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly Overlay[]) {
  overlays = next;
  for (const listener of listeners) listener();
}

export const overlayStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => overlays,
  newId: () => nextId++,
  present(overlay: Overlay) {
    emit([...overlays, overlay]);
  },
  /** Removes an overlay; answers false when it is not open (already dismissed). */
  dismiss(id: number): boolean {
    if (!overlays.some((overlay) => overlay.id === id)) return false;
    emit(overlays.filter((overlay) => overlay.id !== id));
    return true;
  },
  dismissAll() {
    emit([]);
  },
};

export function useOverlays(): readonly Overlay[] {
  return useSyncExternalStore(overlayStore.subscribe, overlayStore.snapshot);
}
