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
 * The entry chunk and every chunk it imports statically, transitively: what the browser loads
 * (the script plus Vite's modulepreload links) before the first screen can render. Chunks only
 * reached through `import()` (lazily loaded screens) are not part of it.
 */
function firstRouteFiles(manifest) {
  const entryKey =
    Object.keys(manifest).find((key) => manifest[key].isEntry && key === "index.html") ??
    Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("the Vite manifest has no entry chunk");
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return { entry: manifest[entryKey].file, js, css };
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
  const firstRoute = firstRouteFiles(manifest);
  for (const file of filesLoadedByHtml(distDir)) {
    (file.endsWith(".css") ? firstRoute.css : firstRoute.js).add(file);
  }
  const chunks = filesUnder(distDir)
    .filter((path) => /\.(js|css)$/.test(path))
    .map((path) => {
      const file = relative(distDir, path);
      const kind = file.endsWith(".css") ? "css" : "js";
      const isFirstRoute = firstRoute.js.has(file) || firstRoute.css.has(file);
      const role = file === firstRoute.entry ? "entry" : isFirstRoute ? "first route" : "lazy";
      return { file, kind, role, ...sizesOf(path) };
    })
    .sort(
      (a, b) => Number(b.role !== "lazy") - Number(a.role !== "lazy") || b.gzipBytes - a.gzipBytes,
    );
  const sum = (list, field) => list.reduce((total, chunk) => total + chunk[field], 0);
  const firstRouteJs = chunks.filter((c) => c.kind === "js" && c.role !== "lazy");
  const firstRouteCss = chunks.filter((c) => c.kind === "css" && c.role !== "lazy");
  const firstRouteJsGzipKB = sum(firstRouteJs, "gzipBytes") / 1000;
  return {
    chunks,
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
  console.log(`\nfirst route CSS: ${bundle.firstRouteCssGzipKB.toFixed(1)} KB gzip`);
  console.log(`all JS, lazy chunks included: ${bundle.totalJsGzipKB.toFixed(1)} KB gzip`);
  const verdict = bundle.isWithinBudget ? "OK" : "OVER";
  console.log(
    `first route JS: ${bundle.firstRouteJsGzipKB.toFixed(1)} KB gzip (budget ${bundle.budgetKB} KB) ${verdict}`,
  );
}

/** The figures for the `BENCH_JSON` line (the chunk list stays in the table). */
export function bundleSummary(bundle) {
  const round = (value) => Math.round(value * 10) / 10;
  return {
    firstRouteJsGzipKB: round(bundle.firstRouteJsGzipKB),
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
