import type { FsrsMemoState } from "@mnemo/domain";
import type { Selectable } from "kysely";
import type { MemosTable } from "./schema.js";

// The memo row as lists read it (everything but contents), mapped once for every feature that
// lists memos (folder pages, the home review list).

/** A stored memo without its contents, mapped to camelCase. */
export interface StoredMemoSummary {
  id: string;
  userId: string;
  folderId: string;
  title: string;
  preview: string;
  categoryId: string | null;
  category: string | null;
  type: string;
  tags: string[];
  userName: string;
  flashCardHint: string;
  priority: number;
  reviewCount: number;
  accumulatedReviewValue: number;
  lastReviewedAt: number | null;
  completedCount: number;
  dueKey: number;
  isShared: boolean;
  createdAt: number;
  updatedAt: number;
  revision: number;
  conflictOf: string | null;
  /** FSRS state from memo_fsrs (see `withFsrs`); null in repetition folders or not read yet. */
  fsrs: FsrsMemoState | null;
}

/** The columns of a {@link StoredMemoSummary}. */
export const memoSummaryColumns = [
  "id",
  "user_id",
  "folder_id",
  "title",
  "preview",
  "category_id",
  "category",
  "type",
  "tags",
  "user_name",
  "flash_card_hint",
  "priority",
  "review_count",
  "accumulated_review_value",
  "last_reviewed_at",
  "completed_count",
  "due_key",
  "is_shared",
  "created_at",
  "updated_at",
  "revision",
  "conflict_of",
] as const;

export type MemoSummaryRow = Pick<Selectable<MemosTable>, (typeof memoSummaryColumns)[number]>;

export function parseTags(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
}

/** Maps a memo row (without contents) to camelCase. */
export function toStoredMemoSummary(row: MemoSummaryRow): StoredMemoSummary {
  return {
    id: row.id,
    userId: row.user_id,
    folderId: row.folder_id,
    title: row.title,
    preview: row.preview,
    categoryId: row.category_id,
    category: row.category,
    type: row.type,
    tags: parseTags(row.tags),
    userName: row.user_name,
    flashCardHint: row.flash_card_hint,
    priority: row.priority,
    reviewCount: row.review_count,
    accumulatedReviewValue: row.accumulated_review_value,
    lastReviewedAt: row.last_reviewed_at,
    completedCount: row.completed_count,
    dueKey: row.due_key,
    isShared: row.is_shared === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
    conflictOf: row.conflict_of,
    fsrs: null,
  };
}
