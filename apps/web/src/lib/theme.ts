import { useSyncExternalStore } from "react";

// PRODUCT.md › Theme: light, dark, or the system's scheme (the default), chosen per device in
// account settings. public/theme.js applies the stored choice before the first paint (the same
// key and rule as here); from start-up on this module owns it: it follows the system's scheme
// live, other tabs' choices, and keeps <meta name="theme-color"> and the listeners (the native
// status bar) in step.

/** The device's choice in localStorage; absent means "system". public/theme.js reads it too. */
export const THEME_KEY = "mnemo.theme";

/** The choices account settings offer, in their order. */
export const THEME_PREFERENCES = ["system", "light", "dark"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
/** What the page shows: `data-theme` on <html>, which app.css's palettes key on. */
export type Theme = "light" | "dark";

export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

/** A stored value as a choice: anything unknown (or nothing) is "system". */
export function parseThemePreference(stored: string | null): ThemePreference {
  return stored === "light" || stored === "dark" ? stored : "system";
}

/** The theme a choice shows when the system's scheme is dark (`isSystemDark`) or not. */
export function resolveTheme(preference: ThemePreference, isSystemDark: boolean): Theme {
  if (preference === "system") return isSystemDark ? "dark" : "light";
  return preference;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_KEY);
  } catch {
    // Storage refused (some private modes): the system's scheme still applies.
    return null;
  }
}

/** This device's choice. */
export function readThemePreference(): ThemePreference {
  return parseThemePreference(readStored());
}

const listeners = new Set<(theme: Theme) => void>();

/** Calls `listener` with the theme each time the page's theme is applied; returns unsubscribe. */
export function onThemeChange(listener: (theme: Theme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the theme the device's choice resolves to now: `data-theme` on <html>, the browser's
 * `theme-color` from the palette's `--bg`, and tells the listeners. Returns the theme.
 */
export function applyTheme({ colorAfterPaint = false } = {}): Theme {
  const theme = resolveTheme(readThemePreference(), window.matchMedia(DARK_SCHEME_QUERY).matches);
  document.documentElement.setAttribute("data-theme", theme);
  // Reading the palette forces a style pass: at start-up (index.html's colour is already the
  // light one, public/theme.js set the attribute) it waits for a frame to be painted, when
  // styles are computed anyway (~25 ms of the first task on a slow phone otherwise).
  if (colorAfterPaint) requestAnimationFrame(() => setTimeout(showThemeColor));
  else showThemeColor();
  for (const listener of listeners) listener(theme);
  return theme;
}

/** The browser's `theme-color` from the palette's `--bg`. */
function showThemeColor(): void {
  const background = getComputedStyle(document.documentElement).getPropertyValue("--bg").trim();
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && background !== "") meta.content = background;
}

/** Stores this device's choice ("system" by forgetting any) and applies it at once. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, preference);
  } catch {
    // Not stored: it still applies until the page is closed.
  }
  notifyPreference();
  applyTheme();
}

const preferenceListeners = new Set<() => void>();
function notifyPreference(): void {
  for (const listener of preferenceListeners) listener();
}

/**
 * From start-up: applies the theme, then follows the system's scheme and a choice made in another
 * tab. Returns a function that stops following.
 */
export function startTheme(): () => void {
  applyTheme({ colorAfterPaint: true });
  const scheme = window.matchMedia(DARK_SCHEME_QUERY);
  const onScheme = () => applyTheme();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    notifyPreference();
    applyTheme();
  };
  scheme.addEventListener("change", onScheme);
  window.addEventListener("storage", onStorage);
  return () => {
    scheme.removeEventListener("change", onScheme);
    window.removeEventListener("storage", onStorage);
  };
}

function subscribePreference(onChange: () => void): () => void {
  preferenceListeners.add(onChange);
  return () => preferenceListeners.delete(onChange);
}

/** This device's choice, re-read when it changes here or in another tab. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribePreference, readThemePreference);
}
