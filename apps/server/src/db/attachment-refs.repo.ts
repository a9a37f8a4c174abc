import { type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
import { type Executor, isPostgres } from "./database.js";
import type { Database } from "./schema.js";
import { inValueList } from "./value-list.js";

// Which of a user's images are still shown: an image belongs to its user, and is shown while one
// of the user's memos (trashed ones too) or the scratch text has it as an <img> source. The memo deletes (one memo,
// or a folder with its memos) delete the images only they showed; uploads purge the user's images
// that nothing has shown for a day (PRODUCT.md › Images). Shared by the memo, folder and attachment
// features, so it lives here.

/** `haystack` contains `needle`: instr on SQLite, strpos on PostgreSQL (no LIKE wildcards). */
function contains(db: Executor, haystack: string, needle: RawBuilder<string>): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`strpos(${sql.ref(haystack)}, ${needle}) > 0`
    : sql<SqlBool>`instr(${sql.ref(haystack)}, ${needle}) > 0`;
}

/**
 * No memo and no scratch text of the image's user has it as a source: sanitized contents write
 * every image source as `src="/api/attachments/{id}"`, and the quotes make the match exact.
 */
function isShownNowhere(db: Executor) {
  const source = sql<string>`'src="/api/attachments/' || attachments.id || '"'`;
  return (eb: ExpressionBuilder<Database, "attachments">) =>
    eb.and([
      eb.not(
        eb.exists(
          eb
            .selectFrom("memos")
            .select(sql.lit(1).as("one"))
            .whereRef("memos.user_id", "=", "attachments.user_id")
            .where(contains(db, "memos.contents", source)),
        ),
      ),
      // A trashed memo still shows its images when it is restored (PRODUCT.md › Trash).
      eb.not(
        eb.exists(
          eb
            .selectFrom("trash_items")
            .select(sql.lit(1).as("one"))
            .whereRef("trash_items.user_id", "=", "attachments.user_id")
            .where(contains(db, "trash_items.contents", source)),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom("scratch_texts")
            .select(sql.lit(1).as("one"))
            .whereRef("scratch_texts.user_id", "=", "attachments.user_id")
            .where(contains(db, "scratch_texts.contents", source)),
        ),
      ),
    ]);
}

/** Deletes the images: their bytes go, their rows stay as a mark that the id was used. */
const deletedImage = (now: number) => ({ deleted_at: now, data: Buffer.alloc(0) });

/**
 * Deletes those of the user's images `ids` that no memo and no scratch text shows any more (call
 * it in the transaction that deleted the memos that showed them for good); the number deleted.
 */
export async function deleteImagesShownNowhere(
  db: Executor,
  userId: string,
  ids: readonly string[],
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable("attachments")
    .set(deletedImage(now))
    .where("user_id", "=", userId)
    .where(inValueList(db, "id", ids))
    .where("deleted_at", "is", null)
    .where(isShownNowhere(db))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the user's images uploaded before `uploadedBefore` that nothing shows, at most `limit`
 * of them (the oldest first), so one call stays short; the number deleted.
 */
export async function purgeImagesShownNowhere(
  db: Executor,
  userId: string,
  options: { uploadedBefore: number; now: number; limit: number },
): Promise<number> {
  const candidates = await db
    .selectFrom("attachments")
    .select("id")
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .where("created_at", "<", options.uploadedBefore)
    .orderBy("created_at")
    .limit(options.limit)
    .execute();
  return deleteImagesShownNowhere(
    db,
    userId,
    candidates.map((row) => row.id),
    options.now,
  );
}
