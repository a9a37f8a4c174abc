// A whole Mnemo server in a process of its own, from the TypeScript sources (ts-sources.mjs maps
// their `.js` imports to the `.ts` files), with the environment given as JSON in argv[2] (what
// loadConfig reads). Prints `listening` once it answers; SIGTERM closes it. Started and stopped by
// server-child-process.ts.
import "./ts-sources.mjs";

const env = JSON.parse(process.argv[2]);
const { loadConfig } = await import("../../src/config.ts");
const { openDatabase } = await import("../../src/db/database.ts");
const { migrateToLatest } = await import("../../src/db/migrate.ts");
const { buildApp } = await import("../../src/app.ts");
const { createMailer } = await import("../../src/mail/mailer.ts");

const config = loadConfig(env);
const db = openDatabase(config.database);
await migrateToLatest(db);
const app = await buildApp({ config, db, mailer: createMailer(config.mail, { info: () => {} }) });
await app.listen({ host: config.host, port: config.port });
process.once("SIGTERM", async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
});
console.log("listening");
