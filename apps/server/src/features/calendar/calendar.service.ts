import type { CalendarDay, CalendarQuery } from "@mnemo/domain";
import { DAY_MS } from "@mnemo/domain";
import type { ServiceDeps } from "../../deps.js";
import {
  type MemoEvent,
  selectCompletions,
  selectCreatedMemos,
  selectReviews,
} from "./calendar.repo.js";

type Deps = Pick<ServiceDeps, "db">;

/** The local date (`YYYY-MM-DD`) of an instant in a UTC offset (minutes east of UTC). */
function localDate(at: number, offsetMs: number): string {
  return new Date(at + offsetMs).toISOString().slice(0, 10);
}

function dayOf(days: Map<string, CalendarDay>, date: string): CalendarDay {
  let day = days.get(date);
  if (!day) {
    day = { date, created: [], reviewed: [], completed: [] };
    days.set(date, day);
  }
  return day;
}

/** Adds events counted per memo and day, memos in order of their first event that day. */
function addCounted(
  days: Map<string, CalendarDay>,
  events: readonly MemoEvent[],
  offsetMs: number,
  list: "reviewed" | "completed",
): void {
  for (const event of events) {
    const day = dayOf(days, localDate(event.at, offsetMs));
    const entry = day[list].find((item) => item.id === event.memoId);
    if (entry) entry.count += 1;
    else
      day[list].push({ id: event.memoId, title: event.title, folderId: event.folderId, count: 1 });
  }
}

/**
 * What happened on each local day from `from` to `to` in the viewer's UTC offset: memos created,
 * reviewed (with counts) and completed (undone completions left out). Only days with something.
 */
export async function getCalendar(
  deps: Deps,
  userId: string,
  query: CalendarQuery,
): Promise<CalendarDay[]> {
  const db = deps.db.kysely;
  const offsetMs = query.tz * 60_000;
  const start = Date.parse(query.from) - offsetMs;
  const end = Date.parse(query.to) + DAY_MS - offsetMs;
  const days = new Map<string, CalendarDay>();
  for (const memo of await selectCreatedMemos(db, userId, start, end)) {
    dayOf(days, localDate(memo.at, offsetMs)).created.push({
      id: memo.memoId,
      title: memo.title,
      folderId: memo.folderId,
    });
  }
  addCounted(days, await selectReviews(db, userId, start, end), offsetMs, "reviewed");
  addCounted(days, await selectCompletions(db, userId, start, end), offsetMs, "completed");
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
