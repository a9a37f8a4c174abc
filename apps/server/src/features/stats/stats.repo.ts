import {
  DAY_MS,
  type DayCount,
  type FolderReviewCount,
  type OffsetSegment,
  type StatsFolder,
} from "@mnemo/domain";
import { type RawBuilder, sql } from "kysely";
import type { Executor } from "../../db/database.js";
import { inValueList } from "../../db/value-list.js";

/** The bucket width of review_quarter_counts and folder_review_quarter_counts, in ms. */
const QUARTER_MS = 900_000;

/**
 * The quarters of [start, end) (epoch ms) as quarter numbers [first, end), integer literals
 * (better-sqlite3 would bind a JS number as REAL). A stats range starts and ends at local
 * midnights, which are quarter starts, so its quarters hold exactly its reviews.
 */
function quartersIn(start: number, end: number) {
  return {
    first: sql.lit(Math.floor(start / QUARTER_MS)),
    end: sql.lit(Math.ceil(end / QUARTER_MS)),
  };
}

/**
 * The local day number of a time expression (epoch ms) by offset segments: a CASE with one branch
 * per segment, `(t + offset) / day` in each. Numbers are inlined integers: better-sqlite3 binds
 * JS numbers as REAL, which would make the division fractional; bigint / bigint truncates on both
 * engines, which is the floor for times after 1970.
 */
function localDayOf(time: RawBuilder<number>, segments: readonly OffsetSegment[]) {
  const dayOf = (offsetMinutes: number) =>
    sql`(${time} + ${sql.lit(offsetMinutes * 60_000)}) / ${sql.lit(DAY_MS)}`;
  const [only] = segments;
  if (segments.length === 1 && only) return sql<number>`${dayOf(only.offsetMinutes)}`;
  const branches = segments.map((segment) =>
    segment.until === null
      ? sql`ELSE ${dayOf(segment.offsetMinutes)}`
      : sql`WHEN ${time} < ${sql.lit(segment.until)} THEN ${dayOf(segment.offsetMinutes)}`,
  );
  return sql<number>`CASE ${sql.join(branches, sql` `)} END`;
}

/**
 * The user's reviews per local day in [start, end) (epoch ms), days with none left out, from the
 * quarter-hour counts: a quarter's reviews all fall on the local day of its start.
 */
export async function selectReviewsPerLocalDay(
  db: Executor,
  userId: string,
  start: number,
  end: number,
  segments: readonly OffsetSegment[],
): Promise<DayCount[]> {
  const quarterStart = sql<number>`quarter * ${sql.lit(QUARTER_MS)}`;
  const day = localDayOf(quarterStart, segments);
  const quarters = quartersIn(start, end);
  const rows = await db
    .selectFrom("review_quarter_counts")
    .select([day.as("day"), (eb) => eb.fn.sum<number>("reviews").as("count")])
    .where("user_id", "=", userId)
    .where("quarter", ">=", quarters.first)
    .where("quarter", "<", quarters.end)
    .where("reviews", ">", 0)
    .groupBy(sql.ref("day"))
    .execute();
  return rows.map((row) => ({ day: Number(row.day), count: Number(row.count) }));
}

/** The user's folders that use the FSRS scheduler, with their desired retention. */
export async function selectFsrsFolders(db: Executor, userId: string): Promise<StatsFolder[]> {
  const rows = await db
    .selectFrom("folders")
    .select(["id", "title", "desired_retention"])
    .where("user_id", "=", userId)
    .where("scheduler", "=", "fsrs")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    desiredRetention: Number(row.desired_retention),
  }));
}

/**
 * The query behind {@link selectFolderReviewCounts}, exported so a test can read its plan: the
 * folders' quarter counts in the range (at most 96 a folder and day, whatever the number of
 * reviews), one range of the primary key per folder, never the review rows.
 */
export function folderReviewCountsQuery(
  db: Executor,
  userId: string,
  folderIds: readonly string[],
  start: number,
  end: number,
) {
  const quarters = quartersIn(start, end);
  return db
    .selectFrom("folder_review_quarter_counts")
    .select([
      "folder_id",
      (eb) => eb.fn.sum<number>("reviews").as("reviews"),
      (eb) => eb.fn.sum<number>("passed").as("passed"),
    ])
    .where("user_id", "=", userId)
    .where(inValueList(db, "folder_id", folderIds))
    .where("quarter", ">=", quarters.first)
    .where("quarter", "<", quarters.end)
    .where("reviews", ">", 0)
    .groupBy("folder_id");
}

/**
 * Reviews in [start, end) of the memos now in these folders, per folder, and how many were not
 * graded Again (no grade counts as Good); undone reviews do not count.
 */
export async function selectFolderReviewCounts(
  db: Executor,
  userId: string,
  folderIds: readonly string[],
  start: number,
  end: number,
): Promise<FolderReviewCount[]> {
  if (folderIds.length === 0) return [];
  const rows = await folderReviewCountsQuery(db, userId, folderIds, start, end).execute();
  return rows.map((row) => ({
    folderId: row.folder_id,
    reviews: Number(row.reviews),
    passed: Number(row.passed),
  }));
}

/**
 * The user's FSRS memos per local due day, for due times before `end` (epoch ms); overdue memos
 * land on days before today, which the domain counts on today. One range of memo_fsrs_due_idx.
 */
export async function selectDuePerLocalDay(
  db: Executor,
  userId: string,
  end: number,
  segments: readonly OffsetSegment[],
): Promise<DayCount[]> {
  const day = localDayOf(sql<number>`due`, segments);
  const rows = await db
    .selectFrom("memo_fsrs")
    .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("count")])
    .where("user_id", "=", userId)
    .where("due", "<", sql.lit(Math.floor(end)))
    .groupBy(sql.ref("day"))
    .execute();
  return rows.map((row) => ({ day: Number(row.day), count: Number(row.count) }));
}
