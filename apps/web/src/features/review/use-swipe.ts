import { type PointerEvent, useRef } from "react";

/** Horizontal travel (px) that counts as a swipe; it must also be mostly sideways. */
const SWIPE_MIN_PX = 80;

/**
 * Touch swipes left or right on an element (phones): spread the answer on the element. A mouse
 * or pen drag is not a swipe, so selecting text on a desktop never grades a memo.
 */
export function useSwipe(onSwipe: (direction: "left" | "right") => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current =
        event.pointerType === "touch"
          ? { x: event.clientX, y: event.clientY, id: event.pointerId }
          : null;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      onSwipe(dx < 0 ? "left" : "right");
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
