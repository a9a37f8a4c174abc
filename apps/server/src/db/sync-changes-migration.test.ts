import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, dialect } from "../../test/helpers/test-server.js";
import { type Db, openDatabase } from "./database.js";
import { migrateToLatest } from "./migrate.js";
import { migrations } from "./migrations/index.js";

/** A database of the test's engine, migrated up to (and including) `migrationName`. */
async function databaseAt(migrationName: string) {
  const pgDatabase = dialect === "postgres" ? await createPostgresDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), "mnemo-migration-"));
  const db: Db = openDatabase(
    pgDatabase
      ? { kind: "postgres", url: pgDatabase.url }
      : { kind: "sqlite", file: join(dir, "test.sqlite") },
  );
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateTo(migrationName);
  if (error) throw error;
  return {
    db,
    async close() {
      await db.destroy();
      await pgDatabase?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("migration 20261125T0000-sync-changes", () => {
  it("keeps existing memos, their reviews and cascades, with revision 1 and seq 0", async () => {
    const { db, close } = await databaseAt("20261124T0000-share-memos-and-scratch-texts");
    const k = db.kysely;
    try {
      const at = 1_790_000_000_000;
      await k
        .insertInto("auth_users")
        .values({
          id: "user1",
          name: "u",
          email: "u@example.test",
          email_verified: dialect === "postgres" ? (true as never) : (1 as never),
          created_at: new Date(at).toISOString() as never,
          updated_at: new Date(at).toISOString() as never,
        } as never)
        .execute();
      await k
        .insertInto("users")
        .values({ id: "user1", email: "u@example.test", created_at: at })
        .execute();
      await k
        .insertInto("folders")
        .values({
          user_id: "user1",
          id: "f1",
          title: "폴더",
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const long = `<p>${"긴 내용 ".repeat(5000)}</p>`;
      for (const id of ["m1", "m2"]) {
        await k
          .insertInto("memos")
          .values({
            user_id: "user1",
            id,
            folder_id: "f1",
            title: id,
            contents: long,
            is_shared: 1,
            shared_country_code: "KR",
            created_at: at,
            updated_at: at,
          } as never)
          .execute();
      }
      await k
        .insertInto("memo_reviews")
        .values({ user_id: "user1", op_id: "review-1", memo_id: "m1", value: 5, reviewed_at: at })
        .execute();

      await migrateToLatest(db);

      const memos = await k
        .selectFrom("memos")
        .select(["id", "seq", "revision", "conflict_of", "contents", "shared_country_code"])
        .orderBy("id")
        .execute();
      expect(memos).toEqual([
        {
          id: "m1",
          seq: 0,
          revision: 1,
          conflict_of: null,
          contents: long,
          shared_country_code: "KR",
        },
        {
          id: "m2",
          seq: 0,
          revision: 1,
          conflict_of: null,
          contents: long,
          shared_country_code: "KR",
        },
      ]);
      expect(await k.selectFrom("folders").select("seq").execute()).toEqual([{ seq: 0 }]);
      expect(await k.selectFrom("memo_reviews").select("op_id").execute()).toEqual([
        { op_id: "review-1" },
      ]);
      // The rebuilt table still cascades into reviews, and foreign keys are on again.
      await k.deleteFrom("memos").where("id", "=", "m1").execute();
      expect(await k.selectFrom("memo_reviews").select("op_id").execute()).toEqual([]);
      await expect(
        k
          .insertInto("memos")
          .values({
            user_id: "user1",
            id: "m3",
            folder_id: "nope",
            title: "x",
            created_at: at,
            updated_at: at,
          } as never)
          .execute(),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
