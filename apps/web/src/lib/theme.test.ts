// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  onThemeChange,
  parseThemePreference,
  resolveTheme,
  setThemePreference,
  startTheme,
  THEME_KEY,
  type ThemePreference,
} from "./theme";

// PRODUCT.md › Theme. jsdom has no media queries: the system's colour scheme is the one edge
// faked here (a MediaQueryList whose `matches` the test flips, telling its listeners).

const bootScript = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), "../../public/theme.js"),
  "utf8",
);

function fakeSystemScheme(isDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const list = {
    matches: isDark,
    media: DARK_SCHEME_QUERY,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  window.matchMedia = ((query: string) => {
    if (query !== DARK_SCHEME_QUERY) throw new Error(`unexpected media query ${query}`);
    return list;
  }) as unknown as typeof window.matchMedia;
  return {
    set(dark: boolean) {
      list.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

const shownTheme = () => document.documentElement.getAttribute("data-theme");

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute("data-theme");
  document.head.innerHTML = '<meta name="theme-color" content="#f2f2f7" />';
});

afterEach(() => {
  document.documentElement.style.removeProperty("--bg");
});

describe("resolveTheme", () => {
  it.each<[ThemePreference, boolean, "light" | "dark"]>([
    ["system", false, "light"],
    ["system", true, "dark"],
    ["light", false, "light"],
    ["light", true, "light"],
    ["dark", false, "dark"],
    ["dark", true, "dark"],
  ])("shows %s with a dark system %s as %s", (preference, isSystemDark, theme) => {
    expect(resolveTheme(preference, isSystemDark)).toBe(theme);
  });
});

describe("parseThemePreference", () => {
  it.each<[string | null, ThemePreference]>([
    ["light", "light"],
    ["dark", "dark"],
    ["system", "system"],
    [null, "system"],
    ["", "system"],
    ["Dark", "system"],
    ["다크", "system"],
  ])("reads %j as %s", (stored, preference) => {
    expect(parseThemePreference(stored)).toBe(preference);
  });
});

describe("public/theme.js (before the first paint)", () => {
  it.each<[string | null, boolean]>([
    [null, false],
    [null, true],
    ["light", true],
    ["dark", false],
    ["garbage", true],
    ["garbage", false],
  ])("shows what lib/theme.ts would for stored %j and a dark system %s", (stored, isDark) => {
    fakeSystemScheme(isDark);
    if (stored !== null) localStorage.setItem(THEME_KEY, stored);
    new Function(bootScript)();
    expect(shownTheme()).toBe(resolveTheme(parseThemePreference(stored), isDark));
    expect(shownTheme()).toBe(applyTheme());
  });
});

describe("setThemePreference", () => {
  it("stores light and dark on the device and forgets the key for system", () => {
    const system = fakeSystemScheme(true);
    setThemePreference("light");
    expect(localStorage.getItem(THEME_KEY)).toBe("light");
    expect(shownTheme()).toBe("light");
    setThemePreference("dark");
    expect(localStorage.getItem(THEME_KEY)).toBe("dark");
    expect(shownTheme()).toBe("dark");
    setThemePreference("system");
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(shownTheme()).toBe("dark");
    system.set(false);
    expect(applyTheme()).toBe("light");
  });

  it("sets the browser's theme colour from the palette's --bg and tells the listeners", () => {
    fakeSystemScheme(false);
    const seen: string[] = [];
    const stop = onThemeChange((theme) => seen.push(theme));
    document.documentElement.style.setProperty("--bg", "#000000");
    setThemePreference("dark");
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute("content")).toBe(
      "#000000",
    );
    stop();
    setThemePreference("light");
    expect(seen).toEqual(["dark"]);
  });
});

describe("startTheme", () => {
  it("follows the system's scheme live while the choice is system, and not otherwise", () => {
    const system = fakeSystemScheme(false);
    const stop = startTheme();
    expect(shownTheme()).toBe("light");
    system.set(true);
    expect(shownTheme()).toBe("dark");
    setThemePreference("light");
    system.set(false);
    system.set(true);
    expect(shownTheme()).toBe("light");
    stop();
    expect(system.listenerCount()).toBe(0);
  });

  it("applies a choice made in another tab", () => {
    fakeSystemScheme(false);
    const stop = startTheme();
    localStorage.setItem(THEME_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_KEY, newValue: "dark" }));
    expect(shownTheme()).toBe("dark");
    stop();
  });
});
