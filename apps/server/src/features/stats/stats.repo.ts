import {
  DAY_MS,
  type DayCount,
  type FolderReviewCount,
  localDayNumber,
  type OffsetSegment,
  type StatsFolder,
} from "@mnemo/domain";
import { type RawBuilder, sql } from "kysely";
import type { Executor } from "../../db/database.js";
import { integerPairs, inValueList } from "../../db/value-list.js";

/** The bucket width of review_quarter_counts and folder_review_quarter_counts, in ms. */
const QUARTER_MS = 900_000;

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

/** Quarters in a UTC day: review_quarter_counts.day_before sums within one (see its migration). */
const QUARTERS_PER_DAY = 96;

/** An interval of quarters [from, to) of one local day. */
interface DayQuarters {
  day: number;
  from: number;
  to: number;
}

/**
 * The quarters of [start, end) (epoch ms) by local day, as `localDayOf` assigns them: a quarter
 * belongs to the segment its start falls in, and to the local day of its start at that
 * segment's offset. One interval per local day and segment.
 */
function quartersByLocalDay(
  start: number,
  end: number,
  segments: readonly OffsetSegment[],
): DayQuarters[] {
  const pieces: DayQuarters[] = [];
  let segmentStart = Number.NEGATIVE_INFINITY;
  for (const segment of segments) {
    const until = segment.until ?? Number.POSITIVE_INFINITY;
    const first = Math.ceil(Math.max(start, segmentStart) / QUARTER_MS);
    const last = Math.ceil(Math.min(end, until) / QUARTER_MS);
    segmentStart = until;
    if (first >= last) continue;
    const offsetMs = segment.offsetMinutes * 60_000;
    const dayOf = (quarter: number) => Math.floor((quarter * QUARTER_MS + offsetMs) / DAY_MS);
    const firstOf = (day: number) => Math.ceil((day * DAY_MS - offsetMs) / QUARTER_MS);
    for (let day = dayOf(first); day <= dayOf(last - 1); day += 1) {
      pieces.push({
        day,
        from: Math.max(first, firstOf(day)),
        to: Math.min(last, firstOf(day + 1)),
      });
    }
  }
  return pieces;
}

/**
 * The user's reviews in the quarters [a, b) of one UTC day (a its start), for each pair; exported
 * so a test can read its plan. The last count row before `b` holds them as its day_before plus
 * its reviews, so each pair is one seek of the primary key, however many reviews the user has.
 */
export function reviewsBeforeInDayQuery(
  db: Executor,
  userId: string,
  pairs: readonly (readonly [number, number])[],
) {
  return db
    .selectFrom(integerPairs(db, pairs).as("pair"))
    .select((eb) => [
      "pair.a",
      "pair.b",
      eb.fn
        .coalesce(
          eb
            .selectFrom("review_quarter_counts as c")
            .select(sql<number>`c.day_before + c.reviews`.as("before"))
            .where("c.user_id", "=", userId)
            .whereRef("c.quarter", ">=", "pair.a")
            .whereRef("c.quarter", "<", "pair.b")
            .orderBy("c.quarter", "desc")
            .limit(1),
          sql.lit(0),
        )
        .as("reviews"),
    ]);
}

/**
 * The user's reviews per local day in [start, end) (epoch ms), days with none left out. A local
 * day is an interval of quarters; the reviews of [from, to) are `reviewsBefore(to) −
 * reviewsBefore(from)`, each the whole UTC days before it plus the part of its own day, all read
 * by {@link reviewsBeforeInDayQuery}: ~2 seeks a day instead of every quarter of the range.
 */
export async function selectReviewsPerLocalDay(
  db: Executor,
  userId: string,
  start: number,
  end: number,
  segments: readonly OffsetSegment[],
): Promise<DayCount[]> {
  const pieces = quartersByLocalDay(start, end, segments);
  if (pieces.length === 0) return [];
  const edges = pieces.flatMap((piece) => [piece.from, piece.to]);
  const firstDay = Math.floor(Math.min(...edges) / QUARTERS_PER_DAY);
  const lastDay = Math.floor(Math.max(...edges) / QUARTERS_PER_DAY);
  const dayStart = (day: number) => day * QUARTERS_PER_DAY;
  const dayOfQuarter = (quarter: number) => Math.floor(quarter / QUARTERS_PER_DAY);
  const pairs: [number, number][] = [];
  for (let day = firstDay; day < lastDay; day += 1) pairs.push([dayStart(day), dayStart(day + 1)]);
  for (const edge of new Set(edges)) {
    if (edge % QUARTERS_PER_DAY !== 0) pairs.push([dayStart(dayOfQuarter(edge)), edge]);
  }
  const rows = await reviewsBeforeInDayQuery(db, userId, pairs).execute();
  const sums = new Map(rows.map((row) => [`${row.a}:${row.b}`, Number(row.reviews)]));
  const inRange = (from: number, to: number) =>
    from === to ? 0 : (sums.get(`${from}:${to}`) ?? 0);
  // Reviews in the quarters [firstDay's start, quarter).
  const wholeDays = [0];
  for (let day = firstDay; day < lastDay; day += 1) {
    wholeDays.push((wholeDays.at(-1) ?? 0) + inRange(dayStart(day), dayStart(day + 1)));
  }
  const reviewsBefore = (quarter: number) => {
    const day = dayOfQuarter(quarter);
    return (wholeDays[day - firstDay] ?? 0) + inRange(dayStart(day), quarter);
  };
  const perDay = new Map<number, number>();
  for (const piece of pieces) {
    const count = reviewsBefore(piece.to) - reviewsBefore(piece.from);
    perDay.set(piece.day, (perDay.get(piece.day) ?? 0) + count);
  }
  return [...perDay].filter(([, count]) => count > 0).map(([day, count]) => ({ day, count }));
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
 * folders' day counts of the range's whole UTC days, and their quarter counts of the partial
 * days at its two ends (at most 96 a folder and end, whatever the number of reviews), each a
 * range of a primary key per folder, never the review rows.
 */
export function folderReviewCountsQuery(
  db: Executor,
  userId: string,
  folderIds: readonly string[],
  start: number,
  end: number,
) {
  const first = Math.floor(start / QUARTER_MS);
  const last = Math.ceil(end / QUARTER_MS);
  const firstWholeDay = Math.ceil(first / QUARTERS_PER_DAY);
  const endWholeDay = Math.floor(last / QUARTERS_PER_DAY);
  // The folders' rows of one count table whose `unit` (quarter or day number) is in [from, to).
  const countsIn = (
    table: "folder_review_quarter_counts" | "folder_review_day_counts",
    unit: "quarter" | "day",
    from: number,
    to: number,
  ) =>
    db
      .selectFrom(table)
      .select(["folder_id", "reviews", "passed"])
      .where("user_id", "=", userId)
      .where(inValueList(db, "folder_id", folderIds))
      .where(sql.ref(unit), ">=", sql.lit(from))
      .where(sql.ref(unit), "<", sql.lit(to))
      .where("reviews", ">", 0);
  const quarters = (from: number, to: number) =>
    countsIn("folder_review_quarter_counts", "quarter", from, to);
  const counts =
    firstWholeDay >= endWholeDay
      ? quarters(first, last)
      : countsIn("folder_review_day_counts", "day", firstWholeDay, endWholeDay)
          .unionAll(quarters(first, firstWholeDay * QUARTERS_PER_DAY))
          .unionAll(quarters(endWholeDay * QUARTERS_PER_DAY, last));
  return db
    .selectFrom(counts.as("counts"))
    .select([
      "counts.folder_id",
      (eb) => eb.fn.sum<number>("counts.reviews").as("reviews"),
      (eb) => eb.fn.sum<number>("counts.passed").as("passed"),
    ])
    .groupBy("counts.folder_id");
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
 * The user's FSRS memos per local due day, for due times before `end` (epoch ms). Those due
 * before `start` (today's first instant) are counted as one, on the day before `start`'s (the
 * domain counts overdue memos on today): a count over memo_fsrs_due_idx, where grouping them
 * by day cost 2.5 of 3 ms for 10,000 FSRS memos, most of them overdue. The rest is grouped by
 * local day.
 */
export async function selectDuePerLocalDay(
  db: Executor,
  userId: string,
  start: number,
  end: number,
  segments: readonly OffsetSegment[],
): Promise<DayCount[]> {
  const overdue = await db
    .selectFrom("memo_fsrs")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("due", "<", sql.lit(Math.floor(start)))
    .executeTakeFirstOrThrow();
  const day = localDayOf(sql<number>`due`, segments);
  const rows = await db
    .selectFrom("memo_fsrs")
    .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("count")])
    .where("user_id", "=", userId)
    .where("due", ">=", sql.lit(Math.floor(start)))
    .where("due", "<", sql.lit(Math.floor(end)))
    .groupBy(sql.ref("day"))
    .execute();
  const dueDays = rows.map((row) => ({ day: Number(row.day), count: Number(row.count) }));
  const overdueCount = Number(overdue.count);
  if (overdueCount === 0) return dueDays;
  const dayBeforeStart = localDayNumber(segments, start - 1);
  return [{ day: dayBeforeStart, count: overdueCount }, ...dueDays];
}
