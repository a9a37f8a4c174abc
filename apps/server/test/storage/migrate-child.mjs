// Runs the migrations on the SQLite file named by argv[2] straight from the TypeScript sources
// (Node strips the types; the hook below maps the sources' `.js` imports to their `.ts` files),
// so a test can SIGKILL it at any moment of a first migration run.
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

const { openDatabase } = await import("../../src/db/database.ts");
const { migrateToLatest } = await import("../../src/db/migrate.ts");
const db = openDatabase({ kind: "sqlite", file: process.argv[2] });
process.stdout.write("opened\n");
await migrateToLatest(db);
process.stdout.write("migrated\n");
process.exit(0);
