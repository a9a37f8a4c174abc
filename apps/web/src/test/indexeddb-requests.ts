import type { Dexie } from "dexie";
import { wrapTables } from "../offline/wrap-tables";

// Counting the IndexedDB requests some work makes, for the web's unit tests of the offline cache:
// a DBCore middleware below Dexie sees every read and write Dexie sends to IndexedDB.

/** The calls counted: reads by key, bulk reads, writes, queries and counts. */
const COUNTED = ["get", "getMany", "mutate", "query", "count"] as const;

/**
 * Counts `db`'s IndexedDB requests while `count(work)` runs. Call it before the database opens:
 * Dexie builds its middleware stack when it opens.
 */
export function indexedDbRequestCounter(
  db: Dexie,
): (work: () => Promise<unknown>) => Promise<number> {
  let requests = 0;
  let counting = false;
  wrapTables(db, "count-requests", (table) => {
    const counted = { ...table };
    for (const method of COUNTED) {
      const call = table[method] as (...args: unknown[]) => unknown;
      (counted as Record<string, unknown>)[method] = (...args: unknown[]) => {
        if (counting) requests += 1;
        return call.apply(table, args);
      };
    }
    return counted;
  });
  return async (work) => {
    requests = 0;
    counting = true;
    try {
      await work();
    } finally {
      counting = false;
    }
    return requests;
  };
}
