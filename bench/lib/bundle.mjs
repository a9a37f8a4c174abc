// The web app's bundle sizes from the build in apps/web/dist: every JavaScript and CSS chunk, raw
// and gzipped, and the JavaScript the first page load needs before it can render, held against a
// budget. Run alone with `npx node bench/lib/bundle.mjs` after `npm run build -w @mnemo/web`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** Budget for the first route's JavaScript, gzipped, in KB (1 KB = 1000 bytes). */
export const FIRST_ROUTE_JS_BUDGET_KB = 150;

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const webDist = join(repoRoot, "apps/web/dist");

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function sizesOf(path) {
  const bytes = readFileSync(path);
  return { rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/**
 * The screens a first visit lands on: home when signed in, login when signed out (the router
 * loads each lazily, so its chunk is fetched right after the entry before anything renders).
 */
export const LANDING_SCREENS = {
  home: "src/features/home/home.screens.tsx",
  login: "src/features/auth/auth.screens.tsx",
};

/** `key`'s chunk and every chunk it imports statically, transitively, added to `files`. */
function collectStatic(manifest, key, files) {
  const chunk = manifest[key];
  if (!chunk || files.js.has(chunk.file)) return;
  files.js.add(chunk.file);
  for (const file of chunk.css ?? []) files.css.add(file);
  for (const imported of chunk.imports ?? []) collectStatic(manifest, imported, files);
}

/**
 * The JavaScript a first page load needs before its screen renders: the entry chunk with its
 * static imports (the script plus Vite's modulepreload links) and the landing screen's lazy
 * chunk with its static imports. The heavier of the two landings (home, login) counts.
 */
function firstRouteFiles(manifest) {
  const entryKey =
    Object.keys(manifest).find((key) => manifest[key].isEntry && key === "index.html") ??
    Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("the Vite manifest has no entry chunk");
  const landings = Object.entries(LANDING_SCREENS).map(([name, key]) => {
    if (!manifest[key]) throw new Error(`the Vite manifest has no chunk for ${key}`);
    const files = { js: new Set(), css: new Set() };
    collectStatic(manifest, entryKey, files);
    collectStatic(manifest, key, files);
    return { name, ...files };
  });
  return { entry: manifest[entryKey].file, landings };
}

/**
 * What index.html itself loads: the module script, modulepreload links and stylesheets. Counted
 * too, so the figure holds even if a plugin adds a preload the manifest does not list.
 */
function filesLoadedByHtml(distDir) {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /type="module"|rel="(?:modulepreload|stylesheet)"/.test(tag))
    .map((tag) => /(?:src|href)="\/?([^"?#]+)"/.exec(tag)?.[1])
    .filter((file) => file !== undefined && /\.(js|css)$/.test(file));
}

/**
 * Measures the build in `distDir` (default apps/web/dist). Needs Vite's manifest
 * (`build.manifest: true`), which names the entry and its static imports.
 */
export function measureBundle(distDir = webDist) {
  const manifestFile = join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) {
    throw new Error(
      `${manifestFile} is missing: build the web app (npm run build) with build.manifest: true`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const { entry, landings } = firstRouteFiles(manifest);
  for (const landing of landings) {
    for (const file of filesLoadedByHtml(distDir)) {
      (file.endsWith(".css") ? landing.css : landing.js).add(file);
    }
  }
  const sizes = new Map();
  const gzipOf = (files) =>
    [...files].reduce((total, file) => total + (sizes.get(file)?.gzipBytes ?? 0), 0);
  const chunks = filesUnder(distDir)
    .filter((path) => /\.(js|css)$/.test(path))
    .map((path) => {
      const file = relative(distDir, path);
      const kind = file.endsWith(".css") ? "css" : "js";
      const landingNames = landings.filter((l) => l.js.has(file) || l.css.has(file));
      const role =
        file === entry
          ? "entry"
          : landingNames.length === landings.length
            ? "first route"
            : landingNames.length > 0
              ? `first route (${landingNames.map((l) => l.name).join(", ")})`
              : "lazy";
      const measured = { file, kind, role, ...sizesOf(path) };
      sizes.set(file, measured);
      return measured;
    })
    .sort(
      (a, b) => Number(b.role !== "lazy") - Number(a.role !== "lazy") || b.gzipBytes - a.gzipBytes,
    );
  const sum = (list, field) => list.reduce((total, chunk) => total + chunk[field], 0);
  // The heavier landing decides the figure.
  const heaviest = landings.reduce((a, b) => (gzipOf(b.js) > gzipOf(a.js) ? b : a));
  const firstRouteJs = chunks.filter((c) => heaviest.js.has(c.file));
  const firstRouteCss = chunks.filter((c) => heaviest.css.has(c.file));
  const firstRouteJsGzipKB = sum(firstRouteJs, "gzipBytes") / 1000;
  const landingFigures = landings.map((l) => ({ name: l.name, jsGzipKB: gzipOf(l.js) / 1000 }));
  return {
    chunks,
    landing: heaviest.name,
    landingFigures,
    firstRouteJsRawKB: sum(firstRouteJs, "rawBytes") / 1000,
    firstRouteJsGzipKB,
    firstRouteCssGzipKB: sum(firstRouteCss, "gzipBytes") / 1000,
    totalJsGzipKB:
      sum(
        chunks.filter((c) => c.kind === "js"),
        "gzipBytes",
      ) / 1000,
    budgetKB: FIRST_ROUTE_JS_BUDGET_KB,
    isWithinBudget: firstRouteJsGzipKB <= FIRST_ROUTE_JS_BUDGET_KB,
  };
}

function table(headers, rows, rightAligned) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const cell = (c, i) =>
    rightAligned.has(i) ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]);
  const line = (cells) => cells.map(cell).join("  ").trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** Prints every chunk and the budget line `first route JS: N KB gzip (budget 150 KB) OK|OVER`. */
export function printBundleReport(bundle) {
  console.log("\nBundle (apps/web/dist, KB = 1000 bytes, gzip level 9)\n");
  const rows = bundle.chunks.map((c) => [c.file, c.role, kb(c.rawBytes), kb(c.gzipBytes)]);
  console.log(table(["chunk", "loaded", "raw KB", "gzip KB"], rows, new Set([2, 3])));
  for (const landing of bundle.landingFigures) {
    console.log(`landing on ${landing.name}: ${landing.jsGzipKB.toFixed(1)} KB gzip of JavaScript`);
  }
  console.log(`first route CSS: ${bundle.firstRouteCssGzipKB.toFixed(1)} KB gzip`);
  console.log(`all JS, lazy chunks included: ${bundle.totalJsGzipKB.toFixed(1)} KB gzip`);
  const verdict = bundle.isWithinBudget ? "OK" : "OVER";
  console.log(
    `first route JS: ${bundle.firstRouteJsGzipKB.toFixed(1)} KB gzip (landing on ${bundle.landing}; budget ${bundle.budgetKB} KB) ${verdict}`,
  );
}

/** The figures for the `BENCH_JSON` line (the chunk list stays in the table). */
export function bundleSummary(bundle) {
  const round = (value) => Math.round(value * 10) / 10;
  return {
    firstRouteJsGzipKB: round(bundle.firstRouteJsGzipKB),
    landing: bundle.landing,
    firstRouteJsRawKB: round(bundle.firstRouteJsRawKB),
    firstRouteCssGzipKB: round(bundle.firstRouteCssGzipKB),
    totalJsGzipKB: round(bundle.totalJsGzipKB),
    budgetKB: bundle.budgetKB,
    result: bundle.isWithinBudget ? "OK" : "OVER",
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  printBundleReport(measureBundle());
}
