import {
  type CalendarDay,
  type CalendarEvent,
  type CalendarQuery,
  calendarDays,
  calendarSpan,
} from "@mnemo/domain";
import { cacheDb } from "./cache";
import type { CachedMemo } from "./cache-db";

// The calendar on the device (issue 12 › Gaps seen offline): the server's `GET /api/calendar`
// computed from the cache by the same domain rule (`calendarDays`). The device holds every memo,
// so memos created are counted from the cache; it does not hold every review and completion row,
// so those are the days of the server's last answers plus the changes not sent yet (the outbox),
// as the offline statistics do.

/** The server's calendar days kept on the device, by date, for one UTC offset. */
interface KeptCalendar {
  tz: number;
  days: Record<string, CalendarDay>;
}

/** Keeps a `GET /api/calendar` answer: its days replace what was kept for the query's dates. */
export async function storeServerCalendar(
  query: CalendarQuery,
  days: CalendarDay[],
): Promise<void> {
  const db = cacheDb();
  await db.transaction("rw", db.meta, async () => {
    const stored = (await db.meta.get("calendar"))?.value as KeptCalendar | undefined;
    const kept: KeptCalendar =
      stored && stored.tz === query.tz ? stored : { tz: query.tz, days: {} };
    for (const date of Object.keys(kept.days)) {
      if (date >= query.from && date <= query.to) delete kept.days[date];
    }
    for (const day of days) kept.days[day.date] = day;
    await db.meta.put({ key: "calendar", value: kept });
  });
}

/** Drops the latest event of a memo (an undone review or completion). */
function dropLatest(events: CalendarEvent[], memoId: string): void {
  let latest = -1;
  events.forEach((event, index) => {
    if (event.memoId === memoId && (latest < 0 || event.at >= (events[latest]?.at ?? 0))) {
      latest = index;
    }
  });
  if (latest >= 0) events.splice(latest, 1);
}

/**
 * `GET /api/calendar` computed on the device: memos created from the cached memos; reviews and
 * completions from the kept answers of the server (each at the start of its local day) and the outbox
 * (at their own times; an undo or uncompletion waiting there takes the memo's latest one back).
 * Memos no longer on the device are left out, as the server leaves out deleted ones; titles are
 * the device's, which may hold an edit not sent yet.
 */
export async function readCalendar(query: CalendarQuery): Promise<CalendarDay[]> {
  const db = cacheDb();
  const { start, end } = calendarSpan(query);
  const [memos, stored, outbox] = await Promise.all([
    db.memos.toArray(),
    db.meta.get("calendar"),
    db.outbox.toArray(),
  ]);
  const byId = new Map(memos.map((memo) => [memo.id, memo]));
  const eventOf = (memo: CachedMemo, at: number): CalendarEvent => ({
    memoId: memo.id,
    title: memo.title,
    folderId: memo.folderId,
    at,
  });
  const created = memos
    .filter((memo) => memo.createdAt >= start && memo.createdAt < end)
    .map((memo) => eventOf(memo, memo.createdAt));

  const reviewed: CalendarEvent[] = [];
  const completed: CalendarEvent[] = [];
  const kept = stored?.value as KeptCalendar | undefined;
  if (kept && kept.tz === query.tz) {
    for (const day of Object.values(kept.days)) {
      if (day.date < query.from || day.date > query.to) continue;
      // At the start of the local day, a millisecond apart in the server's order: before the
      // changes made since (the outbox), as they happened.
      const dayStart = Date.parse(day.date) - query.tz * 60_000;
      for (const [list, events] of [
        [day.reviewed, reviewed],
        [day.completed, completed],
      ] as const) {
        for (const [index, item] of list.entries()) {
          const memo = byId.get(item.id);
          if (memo)
            for (let n = 0; n < item.count; n++) events.push(eventOf(memo, dayStart + index));
        }
      }
    }
  }
  for (const { op, queuedAt } of outbox) {
    const memo = "memoId" in op ? byId.get(op.memoId) : undefined;
    if (!memo) continue;
    if (op.kind === "memo.review") reviewed.push(eventOf(memo, op.reviewedAt ?? queuedAt));
    else if (op.kind === "memo.review.undo") dropLatest(reviewed, memo.id);
    else if (op.kind === "memo.complete") completed.push(eventOf(memo, op.completedAt ?? queuedAt));
    else if (op.kind === "memo.uncomplete") dropLatest(completed, memo.id);
    else if (op.kind === "memo.complete.undo") dropLatest(completed, memo.id);
    // An undone un-complete brings back a completion whose day only the server knows: the
    // calendar shows it again once the change is sent and the calendar read afresh.
  }
  return calendarDays({ created, reviewed, completed }, query);
}
