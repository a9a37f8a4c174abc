import type { DBCore, DBCoreTable, Dexie } from "dexie";

/**
 * Puts a DBCore middleware named `name` on `db` that hands `wrap` each table as Dexie sends it to
 * IndexedDB, with the core below it (to reach another table in the same transaction); `wrap`
 * answers the table to use instead. Call it before the database opens: Dexie builds its
 * middleware stack then.
 */
export function wrapTables(
  db: Dexie,
  name: string,
  wrap: (table: DBCoreTable, down: DBCore) => DBCoreTable,
): void {
  db.use({
    stack: "dbcore",
    name,
    create: (down) => ({ ...down, table: (tableName) => wrap(down.table(tableName), down) }),
  });
}
