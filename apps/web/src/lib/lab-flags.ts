import { useSyncExternalStore } from "react";

// Per-device laboratory switches: the laboratory screen (features/info) writes them, home honours
// them. Stored as "mnemo.lab.<name>" = "1" when on; absent when off.
const PREFIX = "mnemo.lab.";

/** The experiments a device can switch on, in the order the laboratory screen lists them. */
export const LAB_EXPERIMENTS = ["compactMemoList", "showReviewStreak"] as const;
export type LabExperiment = (typeof LAB_EXPERIMENTS)[number];

/** Whether the laboratory switch `name` is on on this device. */
export function isLabFlagOn(name: LabExperiment): boolean {
  return localStorage.getItem(PREFIX + name) === "1";
}

/** Switches `name` on or off on this device. */
export function setLabFlag(name: LabExperiment, isOn: boolean): void {
  if (isOn) localStorage.setItem(PREFIX + name, "1");
  else localStorage.removeItem(PREFIX + name);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** Whether the laboratory switch `name` is on, re-read when another tab changes it. */
export function useLabFlag(name: LabExperiment): boolean {
  return useSyncExternalStore(subscribe, () => isLabFlagOn(name));
}
