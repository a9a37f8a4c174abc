import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The iOS and Android apps (issue 4): the same React app, built by `npm run build:native`
 * (`vite build --mode native`: no service worker) into dist-native, which `npx cap sync` copies
 * into android/ and ios/. The API is reached at VITE_API_ORIGIN with a bearer token.
 */
const config: CapacitorConfig = {
  appId: "app.mnemo",
  appName: "Mnemo",
  webDir: "dist-native",
  // https://localhost on Android (a secure context: clipboard, crypto.randomUUID); iOS serves
  // capacitor://localhost. Both are trusted origins on the server.
  server: { androidScheme: "https" },
  plugins: {
    // The light theme's background (app.css `--bg`) with dark text; platform/native-shell.ts
    // sets the same at start.
    StatusBar: { overlaysWebView: false, style: "LIGHT", backgroundColor: "#f2f2f7" },
  },
};

export default config;
