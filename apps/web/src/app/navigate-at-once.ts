import { flushSync } from "react-dom";

/** Set while a navigation of {@link navigateAtOnce} runs. */
let isAtOnce = false;

/** Whether the navigation under way was asked for with {@link navigateAtOnce}. */
export function isNavigatingAtOnce(): boolean {
  return isAtOnce;
}

/**
 * Runs `navigate` so the new address is rendered before this returns (React's flushSync), not as
 * a transition: the search field's keys (SearchField.tsx).
 */
export function navigateAtOnce(navigate: () => void): void {
  flushSync(() => {
    isAtOnce = true;
    try {
      navigate();
    } finally {
      isAtOnce = false;
    }
  });
}
