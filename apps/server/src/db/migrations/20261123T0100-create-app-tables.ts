import { type Kysely, sql } from "kysely";
import { isPostgres } from "../database.js";

// Portable types only (text, integer, bigint, double precision): the same DDL runs on SQLite and
// PostgreSQL. Booleans are integers 0/1 and timestamps are epoch milliseconds in bigint, so both
// engines return the same values and the repo layer maps them once. Ids come from the app.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Keyset pages break ties by id in code-unit order, as the domain's comparator and SQLite do;
  // PostgreSQL's default collation would order 'a' before 'B', so ids use the "C" collation there.
  const idType = isPostgres(db) ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey().references("auth_users.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("photo_url", "text")
    .addColumn("plan", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("country_code", "text", (c) => c.notNull().defaultTo("GL"))
    .addColumn("lang", "text", (c) => c.notNull().defaultTo("ko"))
    .addColumn("device_info", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sign_in_method", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("folders")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("id", idType, (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("parent_folder_location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("parent_folder_id", "text")
    .addColumn("is_in_root", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_category_folder", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("sorting_method", "text", (c) => c.notNull().defaultTo("latest"))
    .addColumn("date_repetition_value", "double precision", (c) => c.notNull().defaultTo(5))
    .addColumn("read_repetition_value", "double precision", (c) => c.notNull().defaultTo(5))
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("side_nav_pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("enable_completion_feature", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("enable_completion_feature_with_completed_memos_only", "integer", (c) =>
      c.notNull().defaultTo(0),
    )
    .addColumn("enable_flash_card_feature", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("show_sorting_values", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("show_review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("show_at_home_review_list", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("folders_pk", ["user_id", "id"])
    // Deleting a folder deletes its sub-folders (and, through memos' key, their memos).
    .addForeignKeyConstraint(
      "folders_parent_fk",
      ["user_id", "parent_folder_id"],
      "folders",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("folders_parent_idx")
    .on("folders")
    .columns(["user_id", "parent_folder_id"])
    .execute();

  await db.schema
    .createTable("memos")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("id", idType, (c) => c.notNull())
    .addColumn("folder_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("preview", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category_id", "text")
    .addColumn("category", "text")
    .addColumn("type", "text", (c) => c.notNull().defaultTo("memo"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("user_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("flash_card_hint", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("accumulated_review_value", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("last_reviewed_at", "bigint")
    .addColumn("completed_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_completed_at", "bigint")
    // repetition score = dateRV × now/day − due_key: ordering by due_key ascending is ordering
    // by score descending, whatever the time, so it can be indexed.
    .addColumn("due_key", "double precision", (c) => c.notNull().defaultTo(0))
    // The folder's dateRepetitionValue while the folder feeds the home review list, else null.
    .addColumn("home_rv", "double precision")
    .addColumn("is_shared", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // Last on purpose: SQLite stores a long text past the page in overflow pages, and a column
    // after it could only be read through them. Lists never read contents.
    .addColumn("contents", "text", (c) => c.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("memos_pk", ["user_id", "id"])
    .addForeignKeyConstraint(
      "memos_folder_fk",
      ["user_id", "folder_id"],
      "folders",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("memos_folder_created_idx")
    .on("memos")
    // Newest first with ties by id ascending is the default listing: the index holds that order.
    .columns(["user_id", "folder_id", "created_at desc", "id"])
    .execute();
  await db.schema
    .createIndex("memos_folder_due_idx")
    .on("memos")
    .columns(["user_id", "folder_id", "due_key", "id"])
    .execute();
  await db.schema
    .createIndex("memos_folder_priority_idx")
    .on("memos")
    .columns(["user_id", "folder_id", "priority desc", "created_at desc", "id"])
    .execute();
  // Covers the review-count sort (count, latest review, then created_at and id) so those modes
  // rank a folder's memos without reading their rows.
  await db.schema
    .createIndex("memos_folder_review_idx")
    .on("memos")
    .columns(["user_id", "folder_id", "review_count", "last_reviewed_at", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("memos_home_idx")
    .on("memos")
    .columns(["user_id", "home_rv", "due_key", "id"])
    .execute();
  await db.schema
    .createIndex("memos_user_created_idx")
    .on("memos")
    .columns(["user_id", "created_at"])
    .execute();

  // Append-only: one row per review, keyed by the client's opId so a retry is applied once.
  await db.schema
    .createTable("memo_reviews")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("op_id", "text", (c) => c.notNull())
    .addColumn("memo_id", "text", (c) => c.notNull())
    .addColumn("value", "double precision", (c) => c.notNull())
    .addColumn("reviewed_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("memo_reviews_pk", ["user_id", "op_id"])
    .addForeignKeyConstraint(
      "memo_reviews_memo_fk",
      ["user_id", "memo_id"],
      "memos",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("memo_reviews_memo_idx")
    .on("memo_reviews")
    .columns(["user_id", "memo_id", "reviewed_at"])
    .execute();
  await db.schema
    .createIndex("memo_reviews_day_idx")
    .on("memo_reviews")
    .columns(["user_id", "reviewed_at"])
    .execute();

  // One row per completion; un-completing stamps the latest live row (undone_at, undo_op_id)
  // instead of deleting it, so the history stays and a retried un-complete is applied once.
  await db.schema
    .createTable("memo_completions")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("op_id", "text", (c) => c.notNull())
    .addColumn("memo_id", "text", (c) => c.notNull())
    .addColumn("completed_at", "bigint", (c) => c.notNull())
    .addColumn("undone_at", "bigint")
    .addColumn("undo_op_id", "text")
    .addPrimaryKeyConstraint("memo_completions_pk", ["user_id", "op_id"])
    .addUniqueConstraint("memo_completions_undo_uq", ["user_id", "undo_op_id"])
    .addForeignKeyConstraint(
      "memo_completions_memo_fk",
      ["user_id", "memo_id"],
      "memos",
      ["user_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("memo_completions_memo_idx")
    .on("memo_completions")
    .columns(["user_id", "memo_id", "completed_at"])
    .execute();
  await db.schema
    .createIndex("memo_completions_day_idx")
    .on("memo_completions")
    .columns(["user_id", "completed_at"])
    .execute();

  // Other single-shot memo operations (priority ± 1) remember their opId here.
  await db.schema
    .createTable("applied_ops")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("op_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("applied_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("applied_ops_pk", ["user_id", "op_id"])
    .execute();

  // Subjects are shared per country (PRODUCT.md › Subjects).
  await db.schema
    .createTable("subjects")
    .addColumn("country_code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("pinned_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("set_count", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("subjects_pk", ["country_code", "name"])
    .execute();

  await db.schema
    .createTable("error_logs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("user_key", "text")
    .addColumn("create_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("error_logs_time_idx").on("error_logs").column("create_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "error_logs",
    "subjects",
    "applied_ops",
    "memo_completions",
    "memo_reviews",
    "memos",
    "folders",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
