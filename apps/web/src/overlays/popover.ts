import type { ReactNode } from "react";
import { overlayStore } from "./overlay-store";

/** PRODUCT.md › Overlays: popovers are 300 px wide. */
export const POPOVER_WIDTH_PX = 300;

/** Shows `content` in a small popover next to `anchor`; a click outside or Escape closes it. */
export function presentPopover(anchor: Element, content: ReactNode): () => void {
  const id = overlayStore.newId();
  overlayStore.present({ kind: "popover", id, anchor: anchor.getBoundingClientRect(), content });
  return () => overlayStore.dismiss(id);
}
