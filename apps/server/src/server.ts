// The server itself: configuration, database, migrations, the app, its background rounds.
// Started through main.ts, which turns Node's compile cache on first.
import { buildApp } from "./app.js";
import { startLimitSweeper } from "./auth/auth-limits.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { stopSearchIndexing } from "./db/memo-search.repo.js";
import { migrateToLatest } from "./db/migrate.js";
import { startImportSweeper } from "./features/imports/imports.service.js";
import { startReminderScheduler } from "./features/reminders/reminder-scheduler.js";
import { startSearchIndexer } from "./features/search/search-index.service.js";
import { startTrashSweeper } from "./features/trash/trash-sweeper.js";
import { createMailer } from "./mail/mailer.js";

const config = loadConfig();
const db = openDatabase(config.database);
if (!config.isSearchIndexed) stopSearchIndexing();
await migrateToLatest(db);
const app = await buildApp({ config, db, mailer: createMailer(config.mail, console) });

let reminders: { stop(): Promise<void> } | null = null;
let trashSweeper: { stop(): Promise<void> } | null = null;
let searchIndexer: { stop(): Promise<void> } | null = null;
let limitSweeper: { stop(): Promise<void> } | null = null;
let importSweeper: { stop(): Promise<void> } | null = null;
const close = async () => {
  await reminders?.stop();
  await trashSweeper?.stop();
  await searchIndexer?.stop();
  await limitSweeper?.stop();
  await importSweeper?.stop();
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.once("SIGINT", close);
process.once("SIGTERM", close);

await app.listen({ host: config.host, port: config.port });
// Daily reminder e-mails at each user's local time (PRODUCT.md › Daily reminders).
reminders = startReminderScheduler(app.deps, app.log);
// Trashed memos and folders are deleted for good after 30 days (PRODUCT.md › Trash).
trashSweeper = startTrashSweeper(app.deps, app.log);
// Memos queued by writes reach the search index within a second (see the search-index-queue
// migration); a search or the tag list first indexes what is still queued for its user.
searchIndexer = startSearchIndexer(app.deps, app.log);
// Sign-in, mail and per-address counters whose windows have all ended.
limitSweeper = startLimitSweeper(app.deps, app.log);
// Imports whose process stopped are failed (PRODUCT.md › Import): this machine's last run, whose
// import was rolled back with it, or another process on the database; now and every 30 s.
importSweeper = startImportSweeper(app.deps, app.log);
const where = config.database.kind === "sqlite" ? config.database.file : "PostgreSQL";
console.log(`Mnemo is running at ${config.publicUrl} (database: ${where})`);
