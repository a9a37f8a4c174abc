import type { Kysely } from "kysely";

// Same portable types as the first app migration: text, integer 0/1, bigint epoch ms.
export async function up(db: Kysely<unknown>): Promise<void> {
  // memos.is_shared (0/1) exists since the first migration. The country a memo is shared under
  // (the owner's countryCode when sharing) is null while it is not shared. On SQLite an added
  // column comes after contents; only the share routes read it, never the lists.
  await db.schema.alterTable("memos").addColumn("shared_country_code", "text").execute();
  // Finds a shared memo by its public address, and lets one address name one memo only: memo
  // ids are unique per user, so another user could otherwise share a memo under a copied id.
  // Partial, so it holds shared memos only and unshared writes never touch it.
  await db.schema
    .createIndex("memos_shared_uq")
    .on("memos")
    .columns(["shared_country_code", "id"])
    .unique()
    .where("shared_country_code", "is not", null)
    .execute();

  // One scratch text per user (screens text-editor and upsert-text).
  await db.schema
    .createTable("scratch_texts")
    .addColumn("user_id", "text", (c) =>
      c.notNull().primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // Last, as in memos: a long text goes to overflow pages on SQLite.
    .addColumn("contents", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("scratch_texts").execute();
  await db.schema.dropIndex("memos_shared_uq").execute();
  await db.schema.alterTable("memos").dropColumn("shared_country_code").execute();
}
