import type { Kysely } from "kysely";
import { type Executor, isPostgres } from "./database.js";
import type { Database } from "./schema.js";

/**
 * Runs `read` on one snapshot of the database, so the queries of one answer agree: on PostgreSQL
 * a read-only REPEATABLE READ transaction, on SQLite a read transaction (one WAL snapshot, and
 * no other request's statement in between). Under READ COMMITTED, or with another request's
 * write between two queries, a change-feed page could show a memo but not its folder (its
 * cursor would then pass the folder), and a review-count page could hold a memo reviewed in
 * between twice (see memo-page.repo.ts).
 */
export async function readSnapshot<T>(
  db: Kysely<Database>,
  read: (trx: Executor) => Promise<T>,
): Promise<T> {
  const transaction = isPostgres(db)
    ? db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only")
    : db.transaction();
  return transaction.execute(read);
}
