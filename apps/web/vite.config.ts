import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { i18nBundle } from "./vite-plugins/i18n-bundle.ts";
import { precompress } from "./vite-plugins/precompress.ts";

const i18nDir = fileURLToPath(new URL("./src/i18n", import.meta.url));

export default defineConfig({
  plugins: [react(), i18nBundle(i18nDir), precompress()],
  // The domain package is consumed from its TypeScript source, as in the server's tests.
  resolve: { conditions: ["@mnemo/source", "module", "browser", "development|production"] },
  build: { manifest: true, target: "es2022", sourcemap: false },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
