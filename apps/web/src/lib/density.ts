import { useSyncExternalStore } from "react";

// PRODUCT.md › List density: comfortable (the default) or compact, chosen per device in account
// settings as the theme is. public/theme.js applies the stored choice before the first paint
// (the same key); from start-up on this module owns it, and follows other tabs' choices.

/** The device's choice in localStorage; absent means "comfortable". public/theme.js reads it too. */
export const DENSITY_KEY = "mnemo.density";

/** The choices account settings offer, in their order. */
export const DENSITIES = ["comfortable", "compact"] as const;
export type Density = (typeof DENSITIES)[number];

/** A stored value as a choice: anything unknown (or nothing) is "comfortable". */
export function parseDensity(stored: string | null): Density {
  return stored === "compact" ? "compact" : "comfortable";
}

/** This device's choice. */
export function readDensity(): Density {
  try {
    return parseDensity(localStorage.getItem(DENSITY_KEY));
  } catch {
    // Storage refused (some private modes): the default applies.
    return "comfortable";
  }
}

const listeners = new Set<() => void>();

/** Shows the device's choice: `data-density` on <html>, which the lists' styles key on. */
function applyDensity(): void {
  document.documentElement.setAttribute("data-density", readDensity());
  for (const listener of listeners) listener();
}

/** Stores this device's choice ("comfortable" by forgetting any) and applies it at once. */
export function setDensity(density: Density): void {
  try {
    if (density === "comfortable") localStorage.removeItem(DENSITY_KEY);
    else localStorage.setItem(DENSITY_KEY, density);
  } catch {
    // Not stored: it still applies until the page is closed.
    document.documentElement.setAttribute("data-density", density);
    for (const listener of listeners) listener();
    return;
  }
  applyDensity();
}

/** From start-up: applies the choice, then follows a choice made in another tab. */
export function startDensity(): () => void {
  applyDensity();
  const onStorage = (event: StorageEvent) => {
    if (event.key === DENSITY_KEY || event.key === null) applyDensity();
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The density the page shows, re-read when it changes here or in another tab. */
export function useDensity(): Density {
  return useSyncExternalStore(subscribe, () =>
    parseDensity(document.documentElement.getAttribute("data-density")),
  );
}
