import { sql } from "kysely";
import { type Executor, isPostgres } from "../../db/database.js";
import type { WriteContext } from "../../db/user-write.js";

// Sharing a memo at a public address: its state, the switch, and the one public read.

/** Whether a memo is shared, and under which country. */
export interface MemoSharing {
  /** The country it is shared under; null while it is not shared. */
  countryCode: string | null;
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
    .select(["is_shared", "shared_country_code"])
    .where("user_id", "=", userId)
    .where("id", "=", memoId)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row && { countryCode: row.is_shared === 1 ? row.shared_country_code : null };
}

/** True when `error` is the unique index memos_shared_uq refusing a second memo at an address. */
function isSharedAddressTaken(error: unknown): boolean {
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code === "23505") return constraint === "memos_shared_uq";
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" &&
    typeof message === "string" &&
    message.includes("memos.shared_country_code")
  );
}

/**
 * Shares a memo under a country, stamped with the write's `seq`. False when another user's memo is already shared with the same
 * id under that country (the unique index memos_shared_uq): one public address, one memo. On
 * PostgreSQL the refused update aborts the transaction, so the caller must end it.
 */
export async function markMemoShared(
  write: WriteContext,
  memoId: string,
  countryCode: string,
): Promise<boolean> {
  const { trx, userId, seq } = write;
  try {
    await trx
      .updateTable("memos")
      .set({ is_shared: 1, shared_country_code: countryCode, seq })
      .where("user_id", "=", userId)
      .where("id", "=", memoId)
      .execute();
    return true;
  } catch (error) {
    if (isSharedAddressTaken(error)) return false;
    throw error;
  }
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
 * A memo shared under `countryCode`, or undefined. The one memo query without a user id: the
 * owner made this row public by sharing it, and the query selects only the public columns of a
 * row that is shared under exactly this country (found through memos_shared_uq).
 */
export async function selectSharedMemo(
  db: Executor,
  countryCode: string,
  memoId: string,
): Promise<SharedMemo | undefined> {
  const row = await db
    .selectFrom("memos")
    .select(["id", "title", "contents", "preview", "created_at", "updated_at"])
    .where("shared_country_code", "=", countryCode)
    .where("id", "=", memoId)
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
