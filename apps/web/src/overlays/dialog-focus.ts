import {
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useEffect,
  useState,
} from "react";

// Issue 12 §3 (WCAG 2.2 AA 2.4.3 focus order, 2.1.2 no keyboard trap): a dialog takes the focus
// when it opens, keeps Tab and Shift+Tab inside while open, and gives the focus back to what
// opened it when it closes. The rest of the page is `inert` meanwhile (Root, OverlayHost), so a
// pointer or a screen reader cannot reach it either. No library: `inert` is the platform's part,
// and a library (focus-trap) would add the one thing left here, the Tab wrap-around, in more code
// than this; <dialog>.showModal() lets Tab leave to the browser's own controls, so it would need
// the same wrap-around and would change the sheets' styling (top layer, ::backdrop).

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[contenteditable=true]",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The elements Tab reaches inside `root`, in document order (hidden and inert ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      !element.closest("[inert]") &&
      element.getAttribute("aria-hidden") !== "true" &&
      // Shown (not display:none nor in a closed <details>); where the DOM has no layout (jsdom,
      // no checkVisibility) every element counts as shown.
      (typeof element.checkVisibility !== "function" || element.checkVisibility()),
  );
}

/**
 * Wraps Tab and Shift+Tab around inside `root`: the last control's Tab goes to the first, the
 * first's (or the container's own) Shift+Tab to the last. For a keydown handler on `root`.
 */
export function keepTabInside(root: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== "Tab" || event.defaultPrevented) return;
  const controls = focusableIn(root);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** Moves the focus into `root`: to `chosen`, else the first form field, control, or root itself. */
function focusInto(root: HTMLElement, chosen: HTMLElement | null | undefined): void {
  if (chosen) {
    chosen.focus();
    return;
  }
  if (root.contains(document.activeElement)) return;
  const controls = focusableIn(root);
  const field = controls.find((element) => element.matches("input, select, textarea"));
  (field ?? controls[0] ?? root).focus();
}

function giveBack(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
    opener.focus({ preventScroll: true });
  }
}

/**
 * Focus handling of one dialog (`ref`, which should carry tabIndex={-1}): on mount the focus moves
 * to `initial()` when given, else stays where the content put it (e.g. the memo form's title), else
 * goes to the first form field, the first control, or the dialog itself; on unmount it returns to
 * the element focused before the dialog rendered, if that is still on the page. Answers the
 * onKeyDown handler that keeps Tab inside.
 */
export function useDialogFocus(
  ref: RefObject<HTMLElement | null>,
  initial?: () => HTMLElement | null | undefined,
): (event: ReactKeyboardEvent) => void {
  // Read during the first render: before any autoFocus in the content has moved the focus.
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : document.activeElement,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    if (ref.current) focusInto(ref.current, initial?.());
    return () => giveBack(opener);
  }, []);
  return (event) => ref.current && keepTabInside(ref.current, event.nativeEvent);
}

/**
 * The same for a panel that stays mounted and opens and closes (the phone's slide-out menu):
 * while `isOpen`, the focus is in `ref` and Tab stays inside; on closing it goes back to the
 * element that had it when the panel opened.
 */
export function usePanelFocus(ref: RefObject<HTMLElement | null>, isOpen: boolean): void {
  useEffect(() => {
    const panel = ref.current;
    if (!isOpen || !panel) return;
    const opener = document.activeElement;
    // Its first control (the close button), not the search field: no keyboard pops up on a phone.
    focusInto(panel, focusableIn(panel)[0]);
    const onKey = (event: KeyboardEvent) => keepTabInside(panel, event);
    panel.addEventListener("keydown", onKey);
    return () => {
      panel.removeEventListener("keydown", onKey);
      giveBack(opener);
    };
  }, [ref, isOpen]);
}
