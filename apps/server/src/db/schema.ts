import type { Generated } from "kysely";
import type { AuthTables } from "./auth-schema.js";

// Row types as stored: snake_case columns, booleans as 0/1 integers, times as epoch ms.
// Repos map them to the domain's camelCase shapes; nothing outside *.repo.ts sees these.

export interface UsersTable {
  id: string;
  email: string;
  name: Generated<string>;
  photo_url: string | null;
  plan: Generated<string>;
  country_code: Generated<string>;
  lang: Generated<string>;
  device_info: Generated<string>;
  sign_in_method: Generated<string>;
  created_at: number;
}

export interface FoldersTable {
  user_id: string;
  id: string;
  title: string;
  description: Generated<string>;
  parent_folder_location: Generated<string>;
  parent_folder_id: string | null;
  is_in_root: Generated<number>;
  is_category_folder: Generated<number>;
  sort_order: Generated<number>;
  sorting_method: Generated<string>;
  date_repetition_value: Generated<number>;
  read_repetition_value: Generated<number>;
  pinned: Generated<number>;
  side_nav_pinned: Generated<number>;
  enable_completion_feature: Generated<number>;
  enable_completion_feature_with_completed_memos_only: Generated<number>;
  enable_flash_card_feature: Generated<number>;
  show_sorting_values: Generated<number>;
  show_review_count: Generated<number>;
  show_at_home_review_list: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The user's change counter at the folder's latest change (see sync_counters). */
  seq: Generated<number>;
}

export interface MemosTable {
  user_id: string;
  id: string;
  folder_id: string;
  title: string;
  preview: Generated<string>;
  contents: Generated<string>;
  category_id: string | null;
  category: string | null;
  type: Generated<string>;
  /** JSON array of strings. */
  tags: Generated<string>;
  user_name: Generated<string>;
  flash_card_hint: Generated<string>;
  priority: Generated<number>;
  review_count: Generated<number>;
  accumulated_review_value: Generated<number>;
  last_reviewed_at: number | null;
  completed_count: Generated<number>;
  last_completed_at: number | null;
  due_key: Generated<number>;
  home_rv: number | null;
  is_shared: Generated<number>;
  /** The owner's country code when the memo was shared; null while it is not shared. */
  shared_country_code: string | null;
  /** The random key of the memo's public address while it is shared; null while it is not. */
  share_token: string | null;
  created_at: number;
  updated_at: number;
  /** The user's change counter at the memo's latest change of a synced field. */
  seq: Generated<number>;
  /** 1 on create, + 1 whenever title or contents change. */
  revision: Generated<number>;
  /** For a conflict copy, the memo whose losing text it keeps. */
  conflict_of: string | null;
}

export interface MemoReviewsTable {
  user_id: string;
  op_id: string;
  memo_id: string;
  value: number;
  reviewed_at: number;
}

export interface MemoCompletionsTable {
  user_id: string;
  op_id: string;
  memo_id: string;
  completed_at: number;
  undone_at: number | null;
  undo_op_id: string | null;
}

export interface AppliedOpsTable {
  user_id: string;
  op_id: string;
  kind: string;
  target_id: string;
  applied_at: number;
}

/** One change counter per user: the seq of the user's latest change. */
export interface SyncCountersTable {
  user_id: string;
  seq: Generated<number>;
}

/** A deleted folder or memo, at the seq of its delete. */
export interface SyncTombstonesTable {
  user_id: string;
  kind: "folder" | "memo";
  id: string;
  seq: number;
}

export interface SubjectsTable {
  country_code: string;
  name: string;
  pinned_count: Generated<number>;
  set_count: Generated<number>;
  is_active: Generated<number>;
  updated_at: number;
}

/** One name a user added to a country's subjects (the per-day limit counts these). */
export interface SubjectAdditionsTable {
  user_id: string;
  country_code: string;
  name: string;
  added_at: number;
}

export interface ScratchTextsTable {
  user_id: string;
  contents: Generated<string>;
  updated_at: number;
}

export interface ErrorLogsTable {
  id: string;
  code: string;
  country: string;
  message: string;
  user_key: string | null;
  create_at: number;
}

/** One row (id 1) that `GET /api/ready` reads and rewrites to prove the database works. */
export interface ReadinessChecksTable {
  id: number;
  checked_at: number;
}

export interface AppTables {
  users: UsersTable;
  folders: FoldersTable;
  memos: MemosTable;
  memo_reviews: MemoReviewsTable;
  memo_completions: MemoCompletionsTable;
  applied_ops: AppliedOpsTable;
  sync_counters: SyncCountersTable;
  sync_tombstones: SyncTombstonesTable;
  subjects: SubjectsTable;
  subject_additions: SubjectAdditionsTable;
  scratch_texts: ScratchTextsTable;
  error_logs: ErrorLogsTable;
  readiness_checks: ReadinessChecksTable;
}

export interface Database extends AppTables, AuthTables {}
