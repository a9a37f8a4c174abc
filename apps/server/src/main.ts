import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { createMailer } from "./mail/mailer.js";

const config = loadConfig();
const db = openDatabase(config.database);
await migrateToLatest(db);
const app = await buildApp({ config, db, mailer: createMailer(config.mail, console) });

const close = async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.once("SIGINT", close);
process.once("SIGTERM", close);

await app.listen({ host: config.host, port: config.port });
const where = config.database.kind === "sqlite" ? config.database.file : "PostgreSQL";
console.log(`Mnemo is running at ${config.publicUrl} (database: ${where})`);
