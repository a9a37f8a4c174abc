// Issue 14 › Many users (`BENCH_USERS`): more users in the same database, each a copy of a
// template user's account and folders with `memosEach` memos of the seed's kind, written
// straight into SQLite as seed-memos.mjs writes one user's (the server must not be running).
import Database from "better-sqlite3";
import { seedMemos } from "./seed-memos.mjs";

/** Inserts `row` (column → value) into `table`. */
function insertRow(db, table, row) {
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  ).run(...columns.map((column) => row[column]));
}

/**
 * Adds `count` users like `templateUserId` (its auth and user rows, its folders with their
 * settings), then seeds each with `memosEach` memos and their reviews and search rows.
 *
 * @returns {{ users: number, memos: number, ms: number }}
 */
export function seedManyUsers({ dbFile, templateUserId, count, memosEach, step = () => {} }) {
  const startedAt = performance.now();
  const ids = Array.from({ length: count }, (_, n) => `manyUser${String(n).padStart(12, "0")}`);
  const db = new Database(dbFile);
  try {
    db.pragma("synchronous = OFF");
    const auth = db.prepare("SELECT * FROM auth_users WHERE id = ?").get(templateUserId);
    const user = db.prepare("SELECT * FROM users WHERE id = ?").get(templateUserId);
    const folders = db.prepare("SELECT * FROM folders WHERE user_id = ?").all(templateUserId);
    db.transaction(() => {
      for (const [n, id] of ids.entries()) {
        const email = `many${n}@example.com`;
        insertRow(db, "auth_users", { ...auth, id, email });
        insertRow(db, "users", { ...user, id, email });
        for (const folder of folders) insertRow(db, "folders", { ...folder, user_id: id });
      }
    })();
  } finally {
    db.close();
  }
  for (const [n, userId] of ids.entries()) {
    seedMemos({ dbFile, userId, memoCount: memosEach, seed: 1_000_000 + n });
    if ((n + 1) % 100 === 0) step(`  ${(n + 1).toLocaleString("en")} of ${count} users seeded`);
  }
  return { users: count, memos: count * memosEach, ms: performance.now() - startedAt };
}
