// Runs the migrations on the SQLite file named by argv[2] straight from the TypeScript sources
// (Node strips the types; ts-sources.mjs maps the sources' `.js` imports to their `.ts` files),
// so a test can SIGKILL it at any moment of a first migration run.
import "../helpers/ts-sources.mjs";

const { openDatabase } = await import("../../src/db/database.ts");
const { migrateToLatest } = await import("../../src/db/migrate.ts");
const db = openDatabase({ kind: "sqlite", file: process.argv[2] });
process.stdout.write("opened\n");
await migrateToLatest(db);
process.stdout.write("migrated\n");
process.exit(0);
