import type { SortMode } from "@mnemo/domain";
import { REVIEWED_TODAY_SHIFT } from "@mnemo/domain";
import { type RawBuilder, sql } from "kysely";
import type { Executor } from "../../db/database.js";
import {
  memoSummaryColumns,
  type StoredMemoSummary,
  toStoredMemoSummary,
} from "../../db/memo-rows.js";
import { precompile } from "../../db/precompiled.js";

// The folder page query: one keyset page of a folder's memos in a sort mode, built once per mode
// (with or without a cursor) and rerun with new arguments.

/** Where a page ends: the sort-key values of its last memo (see `memoPageKey`) and its id. */
export interface PagePosition {
  values: number[];
  id: string;
}

/** What one page is: the folder, the order, where the previous page ended and its size. */
export interface PageRequest {
  folderId: string;
  mode: SortMode;
  /**
   * Start of "today" (epoch ms): memos reviewed since then sort as reviewed today. In the
   * `retrievability` mode: the time recall is ranked at (the first page's now).
   */
  todayStart: number;
  /** The previous page's last memo, or null for the first page. */
  after: PagePosition | null;
  limit: number;
}

interface SortColumn {
  expr: RawBuilder<number>;
  isDescending: boolean;
}

/**
 * The ORDER BY of a sort mode, before the id: the same order as the domain's `memoSortKey`.
 * `todayStart` (epoch ms) decides which memos count as reviewed today.
 */
function sortColumns(mode: SortMode, todayStart: number): SortColumn[] {
  const createdAt = sql<number>`created_at`;
  const reviewedToday = sql<number>`(case when last_reviewed_at >= ${todayStart} then ${sql.lit(REVIEWED_TODAY_SHIFT)} else 0 end)`;
  switch (mode) {
    case "latest":
      return [{ expr: createdAt, isDescending: true }];
    case "oldest":
      return [{ expr: createdAt, isDescending: false }];
    case "priority":
      return [
        { expr: sql<number>`priority`, isDescending: true },
        { expr: createdAt, isDescending: true },
      ];
    case "review_count_asc":
      return [
        { expr: sql<number>`review_count + ${reviewedToday}`, isDescending: false },
        { expr: createdAt, isDescending: true },
      ];
    case "review_count_desc":
      return [
        { expr: sql<number>`review_count - ${reviewedToday}`, isDescending: true },
        { expr: createdAt, isDescending: true },
      ];
    case "repetition_value":
      return [{ expr: sql<number>`due_key`, isDescending: false }];
    case "retrievability":
      return retrievabilityColumns(todayStart);
  }
}

/**
 * The `retrievability` order at `now` (epoch ms), as the domain's `retrievabilityKey` and
 * `memoPageKey`: never-reviewed FSRS memos first, then recall ascending (elapsed ms / stability
 * descending: the same division as the domain's, so keys compare exactly), memos without an
 * FSRS state last. The state is in memo_fsrs, read by scalar subqueries on its primary key.
 */
function retrievabilityColumns(now: number): SortColumn[] {
  const fsrs = (column: string) =>
    sql`(select ${sql.ref(`f.${column}`)} from memo_fsrs f where f.user_id = memos.user_id and f.memo_id = memos.id)`;
  const group = sql<number>`(case when ${fsrs("memo_id")} is null then 2 when ${fsrs("last_review")} is null or ${fsrs("stability")} <= 0 then 0 else 1 end)`;
  const ratio = sql<number>`coalesce((select (case when ${now} > f.last_review then ${now} - f.last_review else 0 end) / f.stability from memo_fsrs f where f.user_id = memos.user_id and f.memo_id = memos.id and f.last_review is not null and f.stability > 0), 0)`;
  return [
    { expr: group, isDescending: false },
    { expr: ratio, isDescending: true },
  ];
}

/** How many key values a page position of `mode` carries. */
export function pageKeyLength(mode: SortMode): number {
  return sortColumns(mode, 0).length;
}

/**
 * Whether the order of `mode` depends on the clock: the start of today (it ranks "reviewed
 * today") or the time recall is ranked at.
 */
function usesToday(mode: SortMode): boolean {
  return mode === "review_count_asc" || mode === "review_count_desc" || mode === "retrievability";
}

/** The page query's arguments by name (precompile binds them as one flat list). */
interface PageArgs {
  userId: string;
  folderId: string;
  limit: number;
  /** Review-count modes only; null otherwise. */
  todayStart: number | null;
  /** With a cursor only; null otherwise. */
  after: PagePosition | null;
}

/** The arguments in the one order {@link fromArgList} reads them back. */
function toArgList(args: PageArgs): Array<string | number> {
  const list: Array<string | number> = [args.userId, args.folderId, args.limit];
  if (args.todayStart !== null) list.push(args.todayStart);
  if (args.after !== null) list.push(...args.after.values, args.after.id);
  return list;
}

/** Reads {@link toArgList}'s list back by name, for a query of `mode` with or without a cursor. */
function fromArgList(mode: SortMode, hasCursor: boolean, list: Array<string | number>): PageArgs {
  let next = 0;
  const take = () => list[next++] as never;
  const userId: string = take();
  const folderId: string = take();
  const limit: number = take();
  const todayStart: number | null = usesToday(mode) ? take() : null;
  if (!hasCursor) return { userId, folderId, limit, todayStart, after: null };
  const values: number[] = Array.from({ length: pageKeyLength(mode) }, () => take());
  const id: string = take();
  return { userId, folderId, limit, todayStart, after: { values, id } };
}

type PageQuery = ReturnType<typeof buildPageQuery>;

/** The page query of one sort mode, with or without a cursor, built once (see precompile). */
function buildPageQuery(mode: SortMode, hasCursor: boolean) {
  return precompile((db, ...list: Array<string | number>) => {
    const { userId, folderId, limit, todayStart, after } = fromArgList(mode, hasCursor, list);
    const columns = sortColumns(mode, todayStart ?? 0);
    // Ties by id in code-unit order on both engines: the id column has the "C" collation on
    // PostgreSQL (see the migration), SQLite compares bytes.
    const id = sql<string>`id`;
    let page = db
      .selectFrom("memos")
      .where("user_id", "=", userId)
      .where("folder_id", "=", folderId);
    if (after) {
      page = page.where((eb) => {
        const branches = [];
        for (let i = 0; i <= columns.length; i += 1) {
          const equal = columns
            .slice(0, i)
            .map((column, j) => eb(column.expr, "=", after.values[j] ?? 0));
          const column = columns[i];
          branches.push(
            column
              ? eb.and([
                  ...equal,
                  eb(column.expr, column.isDescending ? "<" : ">", after.values[i] ?? 0),
                ])
              : eb.and([...equal, eb(id, ">", after.id)]),
          );
        }
        return eb.or(branches);
      });
    }
    const ordered = (query: typeof page): typeof page => {
      let result = query;
      for (const column of columns) {
        result = result.orderBy(column.expr, column.isDescending ? "desc" : "asc");
      }
      return result.orderBy(id, "asc");
    };
    if (todayStart === null) return ordered(page).select(memoSummaryColumns).limit(limit);
    // Review-count modes sort by an expression no index holds, so every memo of the folder is
    // ranked: rank ids on the covering index memos_folder_review_idx first, then read only the
    // page's rows (reading all rows to sort them cost ~3× as much).
    const pageIds = ordered(page).select("id").limit(limit);
    return ordered(
      db.selectFrom("memos").where("user_id", "=", userId).where("id", "in", pageIds),
    ).select(memoSummaryColumns);
  });
}

const pageQueries = new Map<string, PageQuery>();

/**
 * One keyset page of a folder's memos in a sort mode (ties by id), after `page.after` when given.
 * Never OFFSET: the cursor holds the last row's sort values.
 */
export async function selectMemoPage(
  db: Executor,
  userId: string,
  page: PageRequest,
): Promise<StoredMemoSummary[]> {
  const hasCursor = page.after !== null;
  const key = `${page.mode}:${hasCursor}`;
  let query = pageQueries.get(key);
  if (!query) {
    query = buildPageQuery(page.mode, hasCursor);
    pageQueries.set(key, query);
  }
  const args = toArgList({
    userId,
    folderId: page.folderId,
    limit: page.limit,
    todayStart: usesToday(page.mode) ? page.todayStart : null,
    after: page.after,
  });
  const rows = await query(db, ...args);
  return rows.map(toStoredMemoSummary);
}
