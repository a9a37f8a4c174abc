import { type CalendarDay, type CalendarQuery, calendarDays, calendarSpan } from "@mnemo/domain";
import type { ServiceDeps } from "../../deps.js";
import { selectCompletions, selectCreatedMemos, selectReviews } from "./calendar.repo.js";

type Deps = Pick<ServiceDeps, "db">;

/**
 * What happened on each local day from `from` to `to` in the viewer's UTC offset: memos created,
 * reviewed (with counts) and completed (undone ones left out), by the domain's `calendarDays`
 * (the device counts its offline calendar by the same rule). Only days with something.
 */
export async function getCalendar(
  deps: Deps,
  userId: string,
  query: CalendarQuery,
): Promise<CalendarDay[]> {
  const db = deps.db.kysely;
  const { start, end } = calendarSpan(query);
  const [created, reviewed, completed] = await Promise.all([
    selectCreatedMemos(db, userId, start, end),
    selectReviews(db, userId, start, end),
    selectCompletions(db, userId, start, end),
  ]);
  return calendarDays({ created, reviewed, completed }, query);
}
