import {
  DAY_MS,
  type DayCount,
  type FolderReviewCount,
  localDayNumber,
  type OffsetSegment,
  type StatsFolder,
} from "@mnemo/domain";
import { sql } from "kysely";
import type { Executor } from "../../db/database.js";
import { integerPairs, inValueList } from "../../db/value-list.js";

/** The bucket width of review_quarter_counts and folder_review_quarter_counts, in ms. */
const QUARTER_MS = 900_000;

/** Quarters in a UTC day: review_quarter_counts.day_before sums within one (see its migration). */
const QUARTERS_PER_DAY = 96;

/** UTC days in a row of folder_review_block_counts (see its migration). */
const BLOCK_DAYS = 16;

/** An interval [from, to) of units (quarters, or ms) of one local day. */
interface DayInterval {
  day: number;
  from: number;
  to: number;
}

/**
 * The units of `unitMs` (a quarter, or 1 for ms) of [start, end) (epoch ms) by local day, as the
 * domain's `localDayNumber` assigns times: a unit belongs to the segment its start falls in,
 * and to the local day of its start at that segment's offset. One interval per local day and
 * segment.
 */
function intervalsByLocalDay(
  start: number,
  end: number,
  segments: readonly OffsetSegment[],
  unitMs: number,
): DayInterval[] {
  const pieces: DayInterval[] = [];
  let segmentStart = Number.NEGATIVE_INFINITY;
  for (const segment of segments) {
    const until = segment.until ?? Number.POSITIVE_INFINITY;
    const first = Math.ceil(Math.max(start, segmentStart) / unitMs);
    const last = Math.ceil(Math.min(end, until) / unitMs);
    segmentStart = until;
    if (first >= last) continue;
    const offsetMs = segment.offsetMinutes * 60_000;
    const dayOf = (unit: number) => Math.floor((unit * unitMs + offsetMs) / DAY_MS);
    const firstOf = (day: number) => Math.ceil((day * DAY_MS - offsetMs) / unitMs);
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
 * The number each row of a pair query holds, looked up by its pair (0 for a pair without a row);
 * PostgreSQL answers bigints as strings, so pairs are compared as text.
 */
function byPair<Row extends { a: number; b: number }>(
  rows: readonly Row[],
  numberOf: (row: Row) => number | string | null,
): (a: number, b: number) => number {
  const values = new Map(rows.map((row) => [`${row.a}:${row.b}`, Number(numberOf(row))]));
  return (a, b) => values.get(`${a}:${b}`) ?? 0;
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
  const pieces = intervalsByLocalDay(start, end, segments, QUARTER_MS);
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
  const sumOf = byPair(rows, (row) => row.reviews);
  const inRange = (from: number, to: number) => (from === to ? 0 : sumOf(from, to));
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
 * folders' block counts of the range's whole blocks of UTC days, their day counts of the whole
 * days outside those blocks, and their quarter counts of the partial days at its two ends (at
 * most 96 a folder and end), each a range of a primary key per folder, never the review rows: a
 * year is ~22 block rows, up to 30 day rows and 192 quarter rows a folder, whatever the number
 * of reviews.
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
  const firstWholeBlock = Math.ceil(firstWholeDay / BLOCK_DAYS);
  const endWholeBlock = Math.floor(endWholeDay / BLOCK_DAYS);
  // The folders' rows of one count table whose `unit` (quarter, day or block) is in [from, to).
  const countsIn = (
    table:
      | "folder_review_quarter_counts"
      | "folder_review_day_counts"
      | "folder_review_block_counts",
    unit: "quarter" | "day" | "block",
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
  const days = (from: number, to: number) => countsIn("folder_review_day_counts", "day", from, to);
  const counts =
    firstWholeDay >= endWholeDay
      ? quarters(first, last)
      : (firstWholeBlock >= endWholeBlock
          ? days(firstWholeDay, endWholeDay)
          : countsIn("folder_review_block_counts", "block", firstWholeBlock, endWholeBlock)
              .unionAll(days(firstWholeDay, firstWholeBlock * BLOCK_DAYS))
              .unionAll(days(endWholeBlock * BLOCK_DAYS, endWholeDay))
        )
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
 * The query behind {@link selectDuePerLocalDay}, exported so a test can read its plan: for each
 * pair [a, b) of due times, the user's FSRS memos due in it, counted on memo_fsrs_due_idx.
 */
export function dueInIntervalsQuery(
  db: Executor,
  userId: string,
  pairs: readonly (readonly [number, number])[],
) {
  return db.selectFrom(integerPairs(db, pairs).as("pair")).select((eb) => [
    "pair.a",
    "pair.b",
    eb
      .selectFrom("memo_fsrs")
      .select((inner) => inner.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .whereRef("due", ">=", "pair.a")
      .whereRef("due", "<", "pair.b")
      .as("count"),
  ]);
}

/**
 * The user's FSRS memos per local due day, for due times before `end` (epoch ms). Those due
 * before `start` (today's first instant) are counted as one, on the day before `start`'s (the
 * domain counts overdue memos on today). Each local day is an interval of due times counted on
 * memo_fsrs_due_idx, all in one statement: grouping the memos by a day computed per row sorted
 * them (0.15 ms for the bench's 1,300 memos due within 30 days, against 0.06).
 */
export async function selectDuePerLocalDay(
  db: Executor,
  userId: string,
  start: number,
  end: number,
  segments: readonly OffsetSegment[],
): Promise<DayCount[]> {
  const overdueStart = Number.MIN_SAFE_INTEGER;
  const days = intervalsByLocalDay(start, end, segments, 1);
  const rows = await dueInIntervalsQuery(db, userId, [
    [overdueStart, Math.floor(start)],
    ...days.map((day) => [day.from, day.to] as const),
  ]).execute();
  const countOf = byPair(rows, (row) => row.count);
  const perDay = new Map<number, number>();
  const overdueCount = countOf(overdueStart, Math.floor(start));
  if (overdueCount > 0) perDay.set(localDayNumber(segments, start - 1), overdueCount);
  for (const day of days) {
    perDay.set(day.day, (perDay.get(day.day) ?? 0) + countOf(day.from, day.to));
  }
  return [...perDay].filter(([, count]) => count > 0).map(([day, count]) => ({ day, count }));
}
