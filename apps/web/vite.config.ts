import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { i18nBundle } from "./vite-plugins/i18n-bundle.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { stylesheetAfterStartup } from "./vite-plugins/stylesheet-after-startup.ts";

const i18nDir = fileURLToPath(new URL("./src/i18n", import.meta.url));

/** app.css `--bg`: the splash screen and the browser's chrome match the app's background. */
const BACKGROUND_COLOR = "#f2f2f7";

/** The service worker's cache of images seen (src/offline/images.ts empties it at sign-out). */
const IMAGE_CACHE = "mnemo-images";

/**
 * Issue 4 "PWA": a manifest with icons and a service worker that precaches the app shell (html,
 * scripts, styles, the translations under /assets/i18n/, icons), so after one visit Mnemo opens
 * with no network and Chromium offers to install it. Client-side routes fall back to index.html;
 * /api is never answered from the cache, but for the user's images (`/api/attachments/{id}`, whose
 * bytes never change under their id): kept once seen, so memos show them offline too. src/platform/start.ts registers /sw.js (web, production).
 */
const pwa = VitePWA({
  strategies: "generateSW",
  injectRegister: false,
  includeAssets: ["favicon.svg", "apple-touch-icon.png"],
  manifest: {
    name: "Mnemo",
    short_name: "Mnemo",
    description: "Private memos in folders, reviewed again and again.",
    lang: "ko",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: BACKGROUND_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/pwa-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/pwa-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/pwa-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    // Not the .br/.gz copies precompress writes beside each file: the server picks those itself.
    globPatterns: ["**/*.{js,css,html,json,svg,png,webmanifest}"],
    navigateFallback: "/index.html",
    // robots.txt is a file of its own (public/), never the app shell.
    navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/robots\.txt$/],
    // The first visit's page is controlled at once, so it works offline without a second load.
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/api\/attachments\/[A-Za-z0-9_-]{1,64}$/.test(url.pathname),
        handler: "CacheFirst",
        options: {
          // Emptied at sign-out (session/sign-out), like the memo cache.
          cacheName: IMAGE_CACHE,
          expiration: { maxEntries: 2000 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

/**
 * `vite build` is the web app the server serves; `vite build --mode native --outDir dist-native`
 * is the Capacitor apps' web assets (capacitor.config.ts `webDir`): no service worker or manifest
 * there (the store app is the installed app), and no precompressed copies nobody would serve.
 */
export default defineConfig(({ mode }) => {
  const isNative = mode === "native";
  return {
    plugins: [
      react(),
      i18nBundle(i18nDir),
      stylesheetAfterStartup(),
      ...(isNative ? [] : [pwa, precompress()]),
    ],
    // The domain package is consumed from its TypeScript source, as in the server's tests.
    resolve: { conditions: ["@mnemo/source", "module", "browser", "development|production"] },
    build: {
      manifest: true,
      target: "es2022",
      sourcemap: false,
      // zod in a chunk of its own: only the screens that validate load it (the first route
      // uses the domain's constants and pure functions, whose modules leave their schemas to
      // `*.schema.ts` modules or mark them pure).
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]/ }] } },
      },
    },
    server: { proxy: { "/api": "http://127.0.0.1:8080" } },
  };
});
