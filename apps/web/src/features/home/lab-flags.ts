import { useSyncExternalStore } from "react";

// The laboratory screen (features/info) writes these per-device switches; home honours two of
// them. The keys are the contract between the two screens: "mnemo.lab.<name>" = "1" when on.
const PREFIX = "mnemo.lab.";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** Whether the laboratory switch `name` is on on this device. */
export function useLabFlag(name: "compactMemoList" | "showReviewStreak"): boolean {
  return useSyncExternalStore(subscribe, () => localStorage.getItem(PREFIX + name) === "1");
}
