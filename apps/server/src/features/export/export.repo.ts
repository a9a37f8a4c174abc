import type { AttachmentType } from "@mnemo/domain";
import type { Executor } from "../../db/database.js";
import { type StoredFolder, toStoredFolder } from "../../db/folder-rows.js";
import { parseTags } from "../../db/memo-rows.js";
import { inValueList } from "../../db/value-list.js";

// What an export reads (issue 11 §3): keyset pages on the tables' (user_id, id) primary keys, so
// each query is one short index range however large the account, and no page is held longer
// than it takes to write it. Every query is of one user's rows only.

/** A memo as the export writes it, reviews and completions added by the service. */
export interface ExportMemoRow {
  id: string;
  folderId: string;
  title: string;
  contents: string;
  hint: string;
  tags: string[];
  priority: number;
  reviewCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface ExportReviewRow {
  memoId: string;
  opId: string;
  at: number;
  grade: 1 | 2 | 3 | 4 | null;
  value: number;
  undoneAt: number | null;
}

export interface ExportCompletionRow {
  memoId: string;
  at: number;
  undoneAt: number | null;
}

export interface ExportAttachmentMeta {
  id: string;
  contentType: AttachmentType;
  byteSize: number;
  sha256: string;
  createdAt: number;
}

/** Every folder of the user, the root folder included, by id. */
export async function selectExportFolders(db: Executor, userId: string): Promise<StoredFolder[]> {
  const rows = await db
    .selectFrom("folders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map(toStoredFolder);
}

/** The user's next `limit` memos by id after `afterId` (null: from the first). */
export async function selectExportMemoPage(
  db: Executor,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<ExportMemoRow[]> {
  const rows = await db
    .selectFrom("memos")
    .select([
      "id",
      "folder_id",
      "title",
      "contents",
      "flash_card_hint",
      "tags",
      "priority",
      "review_count",
      "created_at",
      "updated_at",
    ])
    .where("user_id", "=", userId)
    .$if(afterId !== null, (qb) => qb.where("id", ">", afterId as string))
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    folderId: row.folder_id,
    title: row.title,
    contents: row.contents,
    hint: row.flash_card_hint,
    tags: parseTags(row.tags),
    priority: row.priority,
    reviewCount: row.review_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** Every review row (undone ones too) of these memos of the user, oldest first per memo. */
export async function selectExportReviews(
  db: Executor,
  userId: string,
  memoIds: readonly string[],
): Promise<ExportReviewRow[]> {
  if (memoIds.length === 0) return [];
  const rows = await db
    .selectFrom("memo_reviews")
    .select(["memo_id", "op_id", "reviewed_at", "grade", "value", "undone_at"])
    .where("user_id", "=", userId)
    .where(inValueList(db, "memo_id", memoIds))
    .orderBy("memo_id")
    .orderBy("reviewed_at")
    .orderBy("op_id")
    .execute();
  return rows.map((row) => ({
    memoId: row.memo_id,
    opId: row.op_id,
    at: row.reviewed_at,
    grade: row.grade as ExportReviewRow["grade"],
    value: row.value,
    undoneAt: row.undone_at,
  }));
}

/** Every completion row (undone ones too) of these memos of the user, oldest first per memo. */
export async function selectExportCompletions(
  db: Executor,
  userId: string,
  memoIds: readonly string[],
): Promise<ExportCompletionRow[]> {
  if (memoIds.length === 0) return [];
  const rows = await db
    .selectFrom("memo_completions")
    .select(["memo_id", "op_id", "completed_at", "undone_at"])
    .where("user_id", "=", userId)
    .where(inValueList(db, "memo_id", memoIds))
    .orderBy("memo_id")
    .orderBy("completed_at")
    .orderBy("op_id")
    .execute();
  return rows.map((row) => ({
    memoId: row.memo_id,
    at: row.completed_at,
    undoneAt: row.undone_at,
  }));
}

/** The user's next `limit` live images by id after `afterId`, without their bytes. */
export async function selectExportAttachmentPage(
  db: Executor,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<ExportAttachmentMeta[]> {
  const rows = await db
    .selectFrom("attachments")
    .select(["id", "content_type", "byte_size", "sha256", "created_at"])
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .$if(afterId !== null, (qb) => qb.where("id", ">", afterId as string))
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    contentType: row.content_type as AttachmentType,
    byteSize: row.byte_size,
    sha256: row.sha256,
    createdAt: row.created_at,
  }));
}

/**
 * One live image of the user with its bytes, or undefined (deleted meanwhile, or never). Read
 * one at a time: an image may be 10 MiB, and only one is held while it is written.
 */
export async function selectExportAttachment(
  db: Executor,
  userId: string,
  id: string,
): Promise<(ExportAttachmentMeta & { data: Uint8Array }) | undefined> {
  const row = await db
    .selectFrom("attachments")
    .select(["id", "content_type", "byte_size", "sha256", "created_at", "data"])
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      contentType: row.content_type as AttachmentType,
      byteSize: row.byte_size,
      sha256: row.sha256,
      createdAt: row.created_at,
      data: row.data,
    }
  );
}
