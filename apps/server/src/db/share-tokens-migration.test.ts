import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, dialect } from "../../test/helpers/test-server.js";
import { selectSharedMemo } from "../features/memos/memo-share.repo.js";
import { type Db, openDatabase } from "./database.js";
import { migrations } from "./migrations/index.js";

const BEFORE = "20261125T0000-sync-changes";
const AT = 1_790_000_000_000;

async function withDatabaseAt(
  migrationName: string,
  test: (db: Db, migrator: Migrator) => Promise<void>,
) {
  const pgDatabase = dialect === "postgres" ? await createPostgresDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), "mnemo-migration-"));
  const db = openDatabase(
    pgDatabase
      ? { kind: "postgres", url: pgDatabase.url }
      : { kind: "sqlite", file: join(dir, "test.sqlite") },
  );
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  try {
    const { error } = await migrator.migrateTo(migrationName);
    if (error) throw error;
    await test(db, migrator);
  } finally {
    await db.destroy();
    await pgDatabase?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function insertUser(db: Db, id: string) {
  await db.kysely
    .insertInto("auth_users")
    .values({
      id,
      name: id,
      email: `${id}@example.test`,
      email_verified: dialect === "postgres" ? (true as never) : (1 as never),
      created_at: new Date(AT).toISOString() as never,
      updated_at: new Date(AT).toISOString() as never,
    } as never)
    .execute();
  await db.kysely
    .insertInto("users")
    .values({ id, email: `${id}@example.test`, created_at: AT })
    .execute();
}

async function insertMemo(db: Db, userId: string, id: string, sharedUnder: string | null) {
  await db.kysely
    .insertInto("memos")
    .values({
      user_id: userId,
      id,
      folder_id: "root",
      title: `${userId} ${id}`,
      is_shared: sharedUnder ? 1 : 0,
      shared_country_code: sharedUnder,
      created_at: AT,
      updated_at: AT,
    } as never)
    .execute();
}

async function tokens(db: Db) {
  const rows = await db.kysely
    .selectFrom("memos")
    .select(["user_id", "id", "share_token"])
    .orderBy("user_id")
    .orderBy("id")
    .execute();
  return rows;
}

describe("migration 20261126T0100-memo-share-tokens", () => {
  it("keeps the address of memos shared before it, and can be undone", async () => {
    await withDatabaseAt(BEFORE, async (db, migrator) => {
      await insertUser(db, "alice");
      await insertUser(db, "bob");
      for (const userId of ["alice", "bob"]) {
        await db.kysely
          .insertInto("folders")
          .values({
            user_id: userId,
            id: "root",
            title: "root",
            created_at: AT,
            updated_at: AT,
          } as never)
          .execute();
      }
      await insertMemo(db, "alice", "m1", "KR");
      await insertMemo(db, "alice", "m2", null);
      await insertMemo(db, "bob", "m1", "US");

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await tokens(db)).toEqual([
        { user_id: "alice", id: "m1", share_token: "m1" },
        { user_id: "alice", id: "m2", share_token: null },
        { user_id: "bob", id: "m1", share_token: "m1" },
      ]);
      expect((await selectSharedMemo(db.kysely, "KR", "m1"))?.title).toBe("alice m1");
      expect((await selectSharedMemo(db.kysely, "US", "m1"))?.title).toBe("bob m1");
      expect(await selectSharedMemo(db.kysely, "KR", "m2")).toBeUndefined();

      // One address, one memo: the unique index refuses a second memo at (KR, m1).
      await expect(
        db.kysely
          .updateTable("memos")
          .set({ is_shared: 1, shared_country_code: "KR", share_token: "m1" })
          .where("user_id", "=", "bob")
          .where("id", "=", "m1")
          .execute(),
      ).rejects.toThrow();

      const down = await migrator.migrateTo(BEFORE);
      expect(down.error).toBeUndefined();
      const rows = await db.kysely
        .selectFrom("memos")
        .select(["user_id", "id", "is_shared", "shared_country_code"])
        .orderBy("user_id")
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { user_id: "alice", id: "m1", is_shared: 1, shared_country_code: "KR" },
        { user_id: "alice", id: "m2", is_shared: 0, shared_country_code: null },
        { user_id: "bob", id: "m1", is_shared: 1, shared_country_code: "US" },
      ]);
    });
  });
});
