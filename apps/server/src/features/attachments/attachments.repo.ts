import type { AttachmentType } from "@mnemo/domain";
import type { Executor } from "../../db/database.js";
import type { AttachmentsTable } from "../../db/schema.js";

/** What is known of a stored image besides its bytes. */
export interface StoredAttachment {
  id: string;
  contentType: AttachmentType;
  byteSize: number;
  /** SHA-256 of the bytes, lowercase hex: the ETag, and how a replayed upload is recognised. */
  sha256: string;
  createdAt: number;
  /** When it was deleted (its bytes are gone); null while it is live. */
  deletedAt: number | null;
}

const metaColumns = [
  "id",
  "content_type",
  "byte_size",
  "sha256",
  "created_at",
  "deleted_at",
] as const;

function toStored(row: Pick<AttachmentsTable, (typeof metaColumns)[number]>): StoredAttachment {
  return {
    id: row.id,
    contentType: row.content_type as AttachmentType,
    byteSize: row.byte_size,
    sha256: row.sha256,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
  };
}

/** The user's image with this id, live or deleted, without its bytes; or undefined. */
export async function selectAttachment(
  db: Executor,
  userId: string,
  id: string,
): Promise<StoredAttachment | undefined> {
  const row = await db
    .selectFrom("attachments")
    .select(metaColumns)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toStored(row);
}

/** The user's live image with this id and its bytes; or undefined. */
export async function selectAttachmentWithData(
  db: Executor,
  userId: string,
  id: string,
): Promise<(StoredAttachment & { data: Uint8Array }) | undefined> {
  const row = await db
    .selectFrom("attachments")
    .select([...metaColumns, "data"])
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row && { ...toStored(row), data: row.data };
}

/** Stores an image unless the user has one with this id; true when this call stored it. */
export async function insertAttachment(
  db: Executor,
  userId: string,
  attachment: Omit<StoredAttachment, "deletedAt"> & { data: Buffer },
): Promise<boolean> {
  const inserted = await db
    .insertInto("attachments")
    .values({
      user_id: userId,
      id: attachment.id,
      content_type: attachment.contentType,
      byte_size: attachment.byteSize,
      sha256: attachment.sha256,
      created_at: attachment.createdAt,
      deleted_at: null,
      data: attachment.data,
    })
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The owner and contents of the memo shared under `countryCode` at `shareToken`, or undefined.
 * Like `selectSharedMemo`, a query without a user id: the owner made this row public by sharing
 * it, and only the row shared at exactly this address is read.
 */
export async function selectSharedMemoContents(
  db: Executor,
  countryCode: string,
  shareToken: string,
): Promise<{ userId: string; contents: string } | undefined> {
  const row = await db
    .selectFrom("memos")
    .select(["user_id", "contents"])
    .where("shared_country_code", "=", countryCode)
    .where("share_token", "=", shareToken)
    .where("is_shared", "=", 1)
    .executeTakeFirst();
  return row && { userId: row.user_id, contents: row.contents };
}
