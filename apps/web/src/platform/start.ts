import type { QueryClient } from "@tanstack/react-query";
import { provideAuthTokenStore } from "../api/client";
import { provideNativeClipboard } from "./clipboard";
import { isNative, isProductionBuild } from "./platform";

/** `vite build --mode native` (the Capacitor apps' web assets): no service worker there. */
const isNativeBuild = import.meta.env.MODE === "native";

/**
 * Starts what the platform adds around the app: on native the status bar, the banner ad and the
 * device info (native-shell.ts, imported only there); on the web, in a production build, the
 * service worker that keeps the app shell for offline visits (vite-plugin-pwa writes /sw.js).
 */
export function startPlatform(queryClient: QueryClient): void {
  if (isNative()) {
    // Before any request: the API client waits for the stored bearer token.
    provideAuthTokenStore(import("./auth-token"));
    provideNativeClipboard(import("@capacitor/clipboard").then(({ Clipboard }) => Clipboard));
    void import("./native-shell")
      .then(({ startNativeShell }) => startNativeShell(queryClient))
      .catch((error: unknown) => console.error(`native start: ${error}`));
    return;
  }
  if (isProductionBuild && !isNativeBuild && "serviceWorker" in navigator) {
    const register = () =>
      navigator.serviceWorker
        .register("/sw.js", { scope: "/" })
        .catch((error: unknown) => console.error(`service worker: ${error}`));
    // After load, so registering and precaching never compete with the first paint.
    if (document.readyState === "complete") void register();
    else window.addEventListener("load", () => void register(), { once: true });
  }
}
