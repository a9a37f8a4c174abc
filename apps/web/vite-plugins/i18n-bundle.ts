import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

// Translations are written one file per screen area (src/i18n/<lang>/<area>.json, the file name
// being the first key segment) so features do not edit one shared file, and served as the one
// file per language the app loads at start-up: /assets/i18n/<lang>.json
// (PRODUCT.md › Client and server).

/** Every language folder under `dir` merged into `{ area: {...} }`, keys sorted for stable output. */
export function readTranslations(dir: string): Record<string, Record<string, unknown>> {
  const languages: Record<string, Record<string, unknown>> = {};
  for (const lang of readdirSync(dir, { withFileTypes: true })) {
    if (!lang.isDirectory()) continue;
    const merged: Record<string, unknown> = {};
    for (const file of readdirSync(join(dir, lang.name)).sort()) {
      if (!file.endsWith(".json")) continue;
      merged[file.slice(0, -".json".length)] = JSON.parse(
        readFileSync(join(dir, lang.name, file), "utf8"),
      );
    }
    languages[lang.name] = merged;
  }
  return languages;
}

export function i18nBundle(dir: string): Plugin {
  return {
    name: "mnemo-i18n-bundle",
    configureServer(server) {
      server.watcher.add(dir);
      server.middlewares.use((request, response, next) => {
        const match = /^\/assets\/i18n\/([a-z]{2})\.json$/.exec(request.url ?? "");
        const strings = match?.[1] ? readTranslations(dir)[match[1]] : undefined;
        if (!strings) return next();
        response.setHeader("content-type", "application/json; charset=utf-8");
        response.end(JSON.stringify(strings));
      });
    },
    generateBundle() {
      for (const [lang, strings] of Object.entries(readTranslations(dir))) {
        this.emitFile({
          type: "asset",
          fileName: `assets/i18n/${lang}.json`,
          source: JSON.stringify(strings),
        });
      }
    },
  };
}
