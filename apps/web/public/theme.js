// PRODUCT.md › Theme, before the first paint: index.html loads this classic script ahead of the
// stylesheet, so the first frame already has the device's theme (src/lib/theme.ts owns it from
// start-up on, with the same key and rule). A file rather than an inline script: the server's
// Content-Security-Policy allows scripts from 'self' only.
{
  let stored = null;
  let density = null;
  let lang = null;
  try {
    stored = localStorage.getItem("mnemo.theme");
    // PRODUCT.md › List density (src/lib/density.ts), before the first paint too.
    density = localStorage.getItem("mnemo.density");
    // PRODUCT.md › Start-up: index.html's start-up indicator is named in the language the app
    // will start in (src/i18n/i18n.ts initialLanguage: the same key and rule).
    lang = localStorage.getItem("mnemo.lang");
  } catch {
    // Storage refused: the system's scheme applies.
  }
  const isDark =
    stored === "dark" ||
    (stored !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.setAttribute("data-theme", isDark ? "dark" : "light");
  // The browser's colour of the dark palette's --bg (index.html's start-up style has the same
  // colours); src/lib/theme.ts reads the palette itself once the first frame is painted.
  if (isDark) document.querySelector('meta[name="theme-color"]')?.setAttribute("content", "#000");
  document.documentElement.setAttribute(
    "data-density",
    density === "compact" ? "compact" : "comfortable",
  );
  if (lang !== "ko" && lang !== "en") {
    const preferred = (navigator.languages || []).map((tag) => tag.slice(0, 2));
    lang = preferred.includes("en") && !preferred.includes("ko") ? "en" : "ko";
  }
  document.documentElement.lang = lang;
  // The strings of that language (src/i18n/i18n.ts fetches them once the app's script runs):
  // asked for now, beside the script, not after it.
  const strings = document.createElement("link");
  strings.rel = "preload";
  strings.as = "fetch";
  strings.crossOrigin = "anonymous";
  strings.href = `/assets/i18n/${lang}.json`;
  document.head.appendChild(strings);
}
