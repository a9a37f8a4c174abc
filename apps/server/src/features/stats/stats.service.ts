import { type StatsQuery, type StatsResponse, statsSpan, summarizeStats } from "@mnemo/domain";
import type { ServiceDeps } from "../../deps.js";
import {
  selectDuePerLocalDay,
  selectFolderReviewCounts,
  selectFsrsFolders,
  selectReviewsPerLocalDay,
} from "./stats.repo.js";

/**
 * The statistics of the user's reviews (PRODUCT.md › Statistics) for the local days of the query
 * at the server's clock: counted in SQL, summarised by the domain's rules (the web's offline
 * copy ends in the same `summarizeStats`).
 */
export async function getStats(
  deps: ServiceDeps,
  userId: string,
  query: StatsQuery,
): Promise<StatsResponse> {
  const db = deps.db.kysely;
  const span = statsSpan(query, deps.now());
  const reviewDays = await selectReviewsPerLocalDay(
    db,
    userId,
    span.start,
    span.end,
    span.rangeSegments,
  );
  const fsrsFolders = await selectFsrsFolders(db, userId);
  const folderReviews = await selectFolderReviewCounts(
    db,
    userId,
    fsrsFolders.map((folder) => folder.id),
    span.start,
    span.end,
  );
  const dueDays = await selectDuePerLocalDay(
    db,
    userId,
    span.forecastStart,
    span.forecastEnd,
    span.forecastSegments,
  );
  return summarizeStats(query, span, { reviewDays, dueDays, fsrsFolders, folderReviews });
}
