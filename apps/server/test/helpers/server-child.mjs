// A whole Mnemo server in a process of its own, from the TypeScript sources (the hook maps their
// `.js` imports to the `.ts` files), with the environment given as JSON in argv[2] (what
// loadConfig reads). Prints `listening` once it answers; SIGTERM closes it. Tests start two of
// these on one PostgreSQL database: a deployment that outgrew one process.
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";

registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL) {
      const url = new URL(specifier, context.parentURL);
      const ts = new URL(url.href.replace(/\.js$/, ".ts"));
      if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(ts))) {
        return next(ts.href, context);
      }
    }
    return next(specifier, context);
  },
});

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
