import { type Kysely, type Selectable, sql } from "kysely";
import type { DialectKind } from "../../db/database.js";
import type { Database, MemosTable } from "../../db/schema.js";

/** A memo of the home review list as stored, mapped to camelCase (no contents). */
export interface HomeMemo {
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
  createdAt: number;
  updatedAt: number;
  /** The date repetition value of its folder (which is shown on home). */
  homeRv: number;
}

const homeColumns = [
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
  "created_at",
  "updated_at",
  "home_rv",
] as const;

type HomeRow = Pick<Selectable<MemosTable>, (typeof homeColumns)[number]>;

function toHomeMemo(row: HomeRow): HomeMemo {
  const tags: unknown = JSON.parse(row.tags);
  return {
    id: row.id,
    userId: row.user_id,
    folderId: row.folder_id,
    title: row.title,
    preview: row.preview,
    categoryId: row.category_id,
    category: row.category,
    type: row.type,
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === "string") : [],
    userName: row.user_name,
    flashCardHint: row.flash_card_hint,
    priority: row.priority,
    reviewCount: row.review_count,
    accumulatedReviewValue: row.accumulated_review_value,
    lastReviewedAt: row.last_reviewed_at,
    completedCount: row.completed_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    homeRv: row.home_rv ?? 0,
  };
}

/** The distinct date repetition values of the user's folders shown on home. */
export async function selectHomeRepetitionValues(
  db: Kysely<Database>,
  userId: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom("folders")
    .select("date_repetition_value")
    .distinct()
    .where("user_id", "=", userId)
    .where("show_at_home_review_list", "=", 1)
    .execute();
  return rows.map((row) => row.date_repetition_value);
}

/**
 * The `limit` most due memos among those with this home repetition value: a range scan of
 * memos_home_idx (user_id, home_rv, due_key, id) in due-key order, highest score first.
 */
export async function selectMostDueMemos(
  db: Kysely<Database>,
  dialect: DialectKind,
  userId: string,
  homeRv: number,
  limit: number,
): Promise<HomeMemo[]> {
  const rows = await db
    .selectFrom("memos")
    .select(homeColumns)
    .where("user_id", "=", userId)
    .where("home_rv", "=", homeRv)
    .orderBy("due_key")
    .orderBy(dialect === "postgres" ? sql`id collate "C"` : sql`id`)
    .limit(limit)
    .execute();
  return rows.map(toHomeMemo);
}

/** Titles of the user's folders with these ids. */
export async function selectFolderTitles(
  db: Kysely<Database>,
  userId: string,
  folderIds: readonly string[],
): Promise<Map<string, string>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("folders")
    .select(["id", "title"])
    .where("user_id", "=", userId)
    .where("id", "in", folderIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}
