import type { Db } from "./database.js";
import { StorageUnavailableError } from "./storage-errors.js";

/** How long the database may take to answer the readiness read and write. */
const READY_TIMEOUT_MS = 1000;

/**
 * Proves the database serves: the SQLite file is still the one opened, and the scratch row is
 * read and rewritten (committed) within {@link READY_TIMEOUT_MS}. Throws a storage error (503
 * STORAGE_UNAVAILABLE) otherwise.
 */
export async function checkReadiness(db: Db, now: number): Promise<void> {
  db.checkFileIdentity();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StorageUnavailableError("the database did not answer within 1 s")),
      READY_TIMEOUT_MS,
    );
  });
  const probe = db.kysely.transaction().execute(async (trx) => {
    await trx.selectFrom("readiness_checks").select("checked_at").where("id", "=", 1).execute();
    await trx
      .insertInto("readiness_checks")
      .values({ id: 1, checked_at: now })
      .onConflict((oc) => oc.column("id").doUpdateSet({ checked_at: now }))
      .execute();
  });
  try {
    await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
    probe.catch(() => {});
  }
}
