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
  /** 1 while the daily reminder e-mail is on. */
  reminder_enabled: Generated<number>;
  /** Local time of day of the reminder, `HH:MM`. */
  reminder_time: Generated<string>;
  /** IANA time zone of the reminder; null until the user saves reminder settings. */
  reminder_time_zone: string | null;
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
  /** 'repetition' | 'fsrs' (issue 9 › The scheduler). */
  scheduler: Generated<string>;
  desired_retention: Generated<number>;
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
  /** 1…4 (Again … Easy); null when the review gave none. */
  grade: number | null;
  /** Epoch ms an undo took the review back; null while it counts. */
  undone_at: number | null;
}

/** A memo's FSRS state derived from its counting review rows; only memos of FSRS folders. */
export interface MemoFsrsTable {
  user_id: string;
  memo_id: string;
  /** The memo's folder (kept with the state; a move derives the state again). */
  folder_id: string;
  /** 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  stability: number;
  difficulty: number;
  due: number;
  lapses: number;
  reps: number;
  learning_steps: number;
  last_review: number | null;
}

/** A user's optimized FSRS weights and latest optimization run. */
export interface FsrsParametersTable {
  user_id: string;
  /** JSON array of 21 numbers; null until an optimization succeeded. */
  weights: string | null;
  updated_at: number;
  run_status: string | null;
  run_started_at: number | null;
  run_finished_at: number | null;
  run_review_count: Generated<number>;
  run_log_loss_before: number | null;
  run_log_loss_after: number | null;
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

/** Review rows per user and UTC quarter hour (`⌊reviewed_at / 900000⌋`), kept by triggers. */
export interface ReviewQuarterCountsTable {
  user_id: string;
  quarter: number;
  reviews: number;
  /** The reviews of the same UTC day in the quarters before this one (see its migration). */
  day_before: Generated<number>;
}

/**
 * Review rows per user, folder their memo is in now, and UTC quarter hour, and how many of them
 * were not graded Again; kept by triggers (see its migration).
 */
export interface FolderReviewQuarterCountsTable {
  user_id: string;
  folder_id: string;
  quarter: number;
  reviews: number;
  passed: number;
}

/** folder_review_quarter_counts summed per UTC day (`⌊quarter / 96⌋`); kept by triggers. */
export interface FolderReviewDayCountsTable {
  user_id: string;
  folder_id: string;
  day: number;
  reviews: number;
  passed: number;
}

/** folder_review_day_counts summed per block of 16 UTC days (`⌊day / 16⌋`); kept by triggers. */
export interface FolderReviewBlockCountsTable {
  user_id: string;
  folder_id: string;
  block: number;
  reviews: number;
  passed: number;
}

/**
 * Per user and folder, its memos and how many of them are completed; kept by triggers on memos
 * (migration 20261204T0000-folder-memo-counts).
 */
export interface FolderMemoCountsTable {
  user_id: string;
  folder_id: string;
  memos: number;
  completed: number;
}

/** A user's reminder digest of one local day, claimed before it is sent (at most one a day). */
export interface ReminderSendsTable {
  user_id: string;
  /** `YYYY-MM-DD` in the reminder's time zone. */
  local_date: string;
  claimed_at: number;
  /** Null while the digest is claimed but not (yet) handed to the mailer. */
  sent_at: number | null;
}

/** One row (id 1) that `GET /api/ready` reads and rewrites to prove the database works. */
export interface ReadinessChecksTable {
  id: number;
  checked_at: number;
}

/**
 * One memo's fields folded for search (`foldSearchableMemo`); see the search-index migration.
 * `doc_id` exists on SQLite only (the memo's rowid in `memo_search_fts`), `tokens` on PostgreSQL
 * only (under a GIN index).
 */
export interface MemoSearchTable {
  doc_id: Generated<number>;
  user_id: string;
  memo_id: string;
  title: string;
  hint: string;
  /** JSON array of the memo's tag keys (`tagKey`). */
  tags: string;
  tokens: Generated<string[]>;
  body: string;
  /** The memo's, kept equal by a trigger on memos (see the search-sort-columns migration). */
  folder_id: string;
  updated_at: number;
}

/** A memo's tag, with its key (`tagKey`), for `GET /api/tags`. */
export interface MemoTagsTable {
  user_id: string;
  memo_id: string;
  tag_key: string;
  tag: string;
}

/** A memo whose search index is behind its text (see the search-index-queue migration). */
export interface MemoSearchQueueTable {
  user_id: string;
  memo_id: string;
  queued_at: number;
}

/** SQLite only: the FTS5 index of `memo_search` rows (rowid = `doc_id`). */
export interface MemoSearchFtsTable {
  rowid: number;
  tokens: string;
  memo_search_fts: string;
}

/** An uploaded image; a deleted one keeps its row (deleted_at set) with its bytes emptied. */
export interface AttachmentsTable {
  user_id: string;
  id: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  created_at: number;
  deleted_at: number | null;
  data: Uint8Array;
}

/** An import job (issue 11 §2); see the imports migration. */
export interface ImportsTable {
  user_id: string;
  id: string;
  /** 'running' | 'done' | 'failed'. */
  status: string;
  /** An `ImportFormat`. */
  format: string;
  done: Generated<number>;
  total: Generated<number>;
  /** JSON of an `ImportReport` once done; null before. */
  report: string | null;
  /** The error code once failed; null otherwise. */
  error_code: string | null;
  /** SHA-256 of the uploaded file, lowercase hex. */
  file_sha256: string;
  created_at: number;
  finished_at: number | null;
  /** While running: when its process last said it still runs it (epoch ms); null before. */
  heartbeat_at: number | null;
}

/** A deleted memo or folder kept for 30 days (PRODUCT.md › Trash); see the trash migration. */
export interface TrashItemsTable {
  user_id: string;
  /** 'memo' | 'folder'. */
  kind: string;
  id: string;
  title: string;
  /** The memo's folder, or the folder's parent; null for a top-level folder. */
  folder_id: string | null;
  folder_title: string | null;
  memo_count: Generated<number>;
  trashed_at: number;
  /** JSON of a `TrashPayload` (trash.repo.ts): the rows the delete removed. */
  payload: string;
  /** The removed memos' contents, joined (the image clean-up reads it). */
  contents: Generated<string>;
}

export interface AppTables {
  users: UsersTable;
  folders: FoldersTable;
  memos: MemosTable;
  memo_reviews: MemoReviewsTable;
  memo_fsrs: MemoFsrsTable;
  fsrs_parameters: FsrsParametersTable;
  memo_completions: MemoCompletionsTable;
  applied_ops: AppliedOpsTable;
  sync_counters: SyncCountersTable;
  sync_tombstones: SyncTombstonesTable;
  subjects: SubjectsTable;
  subject_additions: SubjectAdditionsTable;
  scratch_texts: ScratchTextsTable;
  error_logs: ErrorLogsTable;
  readiness_checks: ReadinessChecksTable;
  review_quarter_counts: ReviewQuarterCountsTable;
  folder_review_quarter_counts: FolderReviewQuarterCountsTable;
  folder_review_day_counts: FolderReviewDayCountsTable;
  folder_review_block_counts: FolderReviewBlockCountsTable;
  folder_memo_counts: FolderMemoCountsTable;
  reminder_sends: ReminderSendsTable;
  memo_search: MemoSearchTable;
  memo_tags: MemoTagsTable;
  memo_search_fts: MemoSearchFtsTable;
  memo_search_queue: MemoSearchQueueTable;
  attachments: AttachmentsTable;
  imports: ImportsTable;
  trash_items: TrashItemsTable;
}

export interface Database extends AppTables, AuthTables {}
