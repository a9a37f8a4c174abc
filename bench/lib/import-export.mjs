// Import and export figures (issue 11 › Figures): a generated Anki package of 10,000 notes and
// 50,000 revlog rows imported by a fresh user through POST /api/imports, and the seeded user's
// 100,000 memos exported through GET /api/export, each timed with the server's peak memory.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createVerifiedUser } from "./accounts.mjs";
import { BrowserClient } from "./browser-client.mjs";
import { startPeakSampler } from "./load.mjs";

export const IMPORT_NOTES = Number(process.env.BENCH_IMPORT_NOTES ?? 10_000);
export const IMPORT_REVLOG = IMPORT_NOTES * 5;
const POLL_MS = 100;

export const importExportTargets = {
  importNotesPerSec: 2000,
  exportMemosPerSec: 10_000,
  exportGrowthMB: 100,
};

/**
 * The test fixture that builds Anki packages from code, loaded as TypeScript (Node 24 strips the
 * types), so the bench and the tests read the same generated layout.
 */
async function buildBigAnkiPackage(repoRoot) {
  const url = pathToFileURL(join(repoRoot, "apps/server/test/fixtures/anki-package.ts"));
  const fixture = await import(url.href);
  return fixture.buildBigAnkiPackage(IMPORT_NOTES, IMPORT_REVLOG);
}

async function importOnce(client, bytes) {
  await client.request("GET", "/api/csrf");
  const form = new FormData();
  form.append("file", new Blob([bytes]), "bench.apkg");
  const started = performance.now();
  const response = await fetch(new URL("/api/imports", client.baseUrl), {
    method: "POST",
    headers: client.headersFor("POST"),
    body: form,
  });
  const answer = await response.json();
  if (response.status !== 202) {
    throw new Error(`POST /api/imports answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  let job = answer.import;
  while (job.status === "running") {
    await new Promise((r) => setTimeout(r, POLL_MS));
    job = (await client.expect("GET", `/api/imports/${job.id}`)).body.import;
  }
  const ms = performance.now() - started;
  if (job.status !== "done") throw new Error(`the import ended ${job.status}: ${job.errorCode}`);
  return { ms, report: job.report };
}

async function exportOnce(client, format) {
  const started = performance.now();
  const response = await fetch(new URL(`/api/export?format=${format}`, client.baseUrl), {
    headers: client.headersFor("GET"),
  });
  if (response.status !== 200) throw new Error(`GET /api/export answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return { ms: performance.now() - started, bytes };
}

/**
 * Runs both measurements on the running bench server.
 *
 * @param {{ server: any, client: BrowserClient, dataDir: string, repoRoot: string,
 *   memoCount: number, step: (m: string) => void }} options
 */
export async function measureImportExport({ server, client, dataDir, repoRoot, memoCount, step }) {
  step(`exporting ${memoCount.toLocaleString("en")} memos (format mnemo)`);
  await new Promise((r) => setTimeout(r, 500));
  const exportBaseMB = server.rssMB();
  let sampler = startPeakSampler(() => server.rssMB(), 50);
  const exported = await exportOnce(client, "mnemo");
  const exportPeakMB = sampler.stop();

  step(`building an Anki package of ${IMPORT_NOTES} notes and ${IMPORT_REVLOG} revlog rows`);
  const apkg = await buildBigAnkiPackage(repoRoot);
  const importer = new BrowserClient(server.publicUrl);
  await createVerifiedUser(importer, join(dataDir, "mail"), {
    email: "bench-import@example.com",
    password: "bench-Passw0rd!",
    name: "가져오기 Import",
  });
  step(`importing it (${(apkg.byteLength / 1e6).toFixed(1)} MB) through POST /api/imports`);
  const importBaseMB = server.rssMB();
  sampler = startPeakSampler(() => server.rssMB(), 50);
  const imported = await importOnce(importer, apkg);
  const importPeakMB = sampler.stop();
  step(`  imported ${imported.report.memos} memos, ${imported.report.reviews} reviews`);
  return {
    memoCount,
    exportMs: exported.ms,
    exportMB: exported.bytes / 1e6,
    exportMemosPerSec: memoCount / (exported.ms / 1000),
    exportBaseMB,
    exportPeakMB,
    exportGrowthMB: exportPeakMB - exportBaseMB,
    importNotes: IMPORT_NOTES,
    importMs: imported.ms,
    importMemos: imported.report.memos,
    importReviews: imported.report.reviews,
    importNotesPerSec: IMPORT_NOTES / (imported.ms / 1000),
    importBaseMB,
    importPeakMB,
  };
}

const fmt = (value, digits = 0) =>
  value === null || value === undefined ? "—" : Number(value).toFixed(digits);

/** The figures against their limits, as the other sections of the report print them. */
export function printImportExportReport(figures) {
  console.log("\nImport and export (issue 11)\n");
  if (figures.error) {
    console.log(`could not run: ${figures.error}`);
    return;
  }
  const t = importExportTargets;
  const verdict = (ok) => (ok ? "PASS" : "MISS");
  const rows = [
    [
      `import of ${figures.importNotes} Anki notes (${figures.importReviews} reviews): notes/s`,
      fmt(figures.importNotesPerSec),
      `≥ ${t.importNotesPerSec}`,
      verdict(figures.importNotesPerSec >= t.importNotesPerSec),
    ],
    [
      `  time (s); server RSS ${fmt(figures.importBaseMB)} → peak ${fmt(figures.importPeakMB)} MB`,
      fmt(figures.importMs / 1000, 1),
      "",
      "",
    ],
    [
      `export of ${figures.memoCount} memos (mnemo zip, ${fmt(figures.exportMB, 1)} MB): memos/s`,
      fmt(figures.exportMemosPerSec),
      `≥ ${t.exportMemosPerSec}`,
      verdict(figures.exportMemosPerSec >= t.exportMemosPerSec),
    ],
    [
      `  server memory growth (MB; RSS ${fmt(figures.exportBaseMB)} → peak ${fmt(figures.exportPeakMB)})`,
      fmt(figures.exportGrowthMB, 1),
      `≤ ${t.exportGrowthMB}`,
      verdict(figures.exportGrowthMB <= t.exportGrowthMB),
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [label, value, limit, result] of rows) {
    console.log(`${label.padEnd(width)}  ${value.padStart(8)}  ${limit.padEnd(9)} ${result}`);
  }
}
