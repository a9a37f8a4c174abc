import { sql } from "kysely";
import { type Executor, isPostgres } from "../../db/database.js";
import type { WriteContext } from "../../db/user-write.js";

// Sharing a memo at a public address: its state, the switch, and the one public read.

/** Whether a memo is shared, under which country and which token. */
export interface MemoSharing {
  /** The country it is shared under; null while it is not shared. */
  countryCode: string | null;
  /** The key of its public address; null while it is not shared. */
  shareToken: string | null;
}

/**
 * A memo's sharing state, or undefined when the user has no such memo; the row is locked until
 * the transaction ends on PostgreSQL, so shares of one memo run one after another.
 */
export async function selectMemoSharing(
  db: Executor,
  userId: string,
  memoId: string,
): Promise<MemoSharing | undefined> {
  const row = await db
    .selectFrom("memos")
    .select(["is_shared", "shared_country_code", "share_token"])
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  const isShared = row?.is_shared === 1;
  return (
    row && {
      countryCode: isShared ? row.shared_country_code : null,
      shareToken: isShared ? row.share_token : null,
    }
  );
}

/**
 * Shares a memo under a country at a new random token, stamped with the write's `seq` (the unique
 * index memos_share_token_uq keeps one address to one memo).
 */
export async function markMemoShared(
  write: WriteContext,
  memoId: string,
  share: { countryCode: string; shareToken: string },
): Promise<void> {
  const { trx, userId, seq } = write;
  await trx
    .updateTable("memos")
    .set({
      is_shared: 1,
      shared_country_code: share.countryCode,
      share_token: share.shareToken,
      seq,
    })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .execute();
}

/**
 * Stops sharing a memo, stamped with the write's `seq` (a memo not shared stays so, its seq too:
 * nothing changed); true when the user has the memo.
 */
export async function markMemoUnshared(write: WriteContext, memoId: string): Promise<boolean> {
  const { trx, userId, seq } = write;
  const updated = await trx
    .updateTable("memos")
    .set({
      is_shared: 0,
      shared_country_code: null,
      share_token: null,
      seq: sql<number>`case when is_shared = 1 then ${seq} else seq end`,
    })
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

/** What anyone may read of a shared memo. */
export interface SharedMemo {
  id: string;
  title: string;
  contents: string;
  preview: string;
  createdAt: number;
  updatedAt: number;
}

/**
 * The memo shared under `countryCode` at `shareToken`, or undefined. The one memo query without
 * a user id: the owner made this row public by sharing it, and the query selects only the public
 * columns of the row shared at exactly this address (found through memos_share_token_uq).
 */
export async function selectSharedMemo(
  db: Executor,
  countryCode: string,
  shareToken: string,
): Promise<SharedMemo | undefined> {
  const row = await db
    .selectFrom("memos")
    .select(["id", "title", "contents", "preview", "created_at", "updated_at"])
    .where("shared_country_code", "=", countryCode)
    .where("share_token", "=", shareToken)
    .where("is_shared", "=", 1)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      title: row.title,
      contents: row.contents,
      preview: row.preview,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  );
}
