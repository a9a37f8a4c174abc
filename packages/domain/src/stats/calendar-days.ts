import type { CalendarDay, CalendarQuery } from "../api/calendar.js";
import { DAY_MS } from "../constants.js";

/** Something that happened to a memo at an instant (epoch ms): created, reviewed or completed. */
export interface CalendarEvent {
  memoId: string;
  title: string;
  folderId: string;
  at: number;
}

/** The events of a calendar, each list oldest first (undone reviews and completions left out). */
export interface CalendarEvents {
  created: readonly CalendarEvent[];
  reviewed: readonly CalendarEvent[];
  completed: readonly CalendarEvent[];
}

/**
 * The instants `[start, end)` (epoch ms) a calendar query covers: from the start of local day
 * `from` to the end of local day `to` in the query's UTC offset (minutes east of UTC).
 */
export function calendarSpan(query: CalendarQuery): { start: number; end: number } {
  const offsetMs = query.tz * 60_000;
  return {
    start: Date.parse(query.from) - offsetMs,
    end: Date.parse(query.to) + DAY_MS - offsetMs,
  };
}

/**
 * `GET /api/calendar`'s days from the events in the query's span (PRODUCT.md › Calendar): the
 * server computes them from its rows, the device offline from its cache, so both count alike.
 * Each event falls on its local date in the query's UTC offset; a day lists the memos created
 * (oldest first) and the memos reviewed and completed with how many times, in order of their
 * first event that day. Only days with something, in date order; events outside the span are
 * left out.
 */
export function calendarDays(events: CalendarEvents, query: CalendarQuery): CalendarDay[] {
  const offsetMs = query.tz * 60_000;
  const { start, end } = calendarSpan(query);
  const days = new Map<string, CalendarDay>();
  const dayOf = (at: number): CalendarDay | null => {
    if (at < start || at >= end) return null;
    const date = new Date(at + offsetMs).toISOString().slice(0, 10);
    let day = days.get(date);
    if (!day) {
      day = { date, created: [], reviewed: [], completed: [] };
      days.set(date, day);
    }
    return day;
  };
  const byTime = (list: readonly CalendarEvent[]) => [...list].sort((a, b) => a.at - b.at);
  for (const event of byTime(events.created)) {
    dayOf(event.at)?.created.push({
      id: event.memoId,
      title: event.title,
      folderId: event.folderId,
    });
  }
  for (const list of ["reviewed", "completed"] as const) {
    for (const event of byTime(events[list])) {
      const day = dayOf(event.at);
      if (!day) continue;
      const entry = day[list].find((item) => item.id === event.memoId);
      if (entry) entry.count += 1;
      else {
        day[list].push({
          id: event.memoId,
          title: event.title,
          folderId: event.folderId,
          count: 1,
        });
      }
    }
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
