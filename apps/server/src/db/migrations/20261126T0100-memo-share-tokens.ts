import { type Kysely, sql } from "kysely";

// A public link names a share, not a memo id (issue 16 item 3). Memo ids are unique per user
// only, so when the address was (country, memo id) another user could share a memo under the
// same id once its owner stopped sharing, take the owner's old link over, and keep the owner
// from sharing again. memos.share_token is drawn at random on each share and cleared when
// sharing stops. Memos shared before this migration keep their address: their token is their
// id, unique per country as the index memos_shared_uq made it, and gone at the next unshare.

/** Runs `change` in a transaction: Kysely wraps migrations in one on PostgreSQL, not on SQLite. */
async function inTransaction(
  db: Kysely<unknown>,
  change: (trx: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (db.isTransaction) return change(db);
  return db.transaction().execute(change);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    // On SQLite an added column comes after contents; only the share routes read it.
    await trx.schema.alterTable("memos").addColumn("share_token", "text").execute();
    await sql`update memos set share_token = id where shared_country_code is not null`.execute(trx);
    await trx.schema.dropIndex("memos_shared_uq").execute();
    // Finds a shared memo by its public address; partial, so unshared writes never touch it.
    await trx.schema
      .createIndex("memos_share_token_uq")
      .on("memos")
      .columns(["shared_country_code", "share_token"])
      .unique()
      .where("share_token", "is not", null)
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropIndex("memos_share_token_uq").execute();
    // Two users' memos may now be shared with one id under one country: the old index would
    // refuse them, so shares other than the oldest of such an address are stopped.
    await sql`
      update memos set is_shared = 0, shared_country_code = null
      where shared_country_code is not null and exists (
        select 1 from memos other
        where other.shared_country_code = memos.shared_country_code
          and other.id = memos.id
          and other.user_id < memos.user_id
      )`.execute(trx);
    await trx.schema
      .createIndex("memos_shared_uq")
      .on("memos")
      .columns(["shared_country_code", "id"])
      .unique()
      .where("shared_country_code", "is not", null)
      .execute();
    await trx.schema.alterTable("memos").dropColumn("share_token").execute();
  });
}
