import { describe, expect, it } from "vitest";
import { calendarQuerySchema } from "../api/calendar.js";
import { type CalendarEvent, calendarDays, calendarSpan } from "./calendar-days.js";

const HOUR = 3_600_000;
const seoul = calendarQuerySchema.parse({ from: "2026-11-23", to: "2026-11-24", tz: "540" });

function event(memoId: string, title: string, at: number): CalendarEvent {
  return { memoId, title, folderId: "f1", at };
}

describe("calendarSpan", () => {
  it("covers the local days from…to in the query's UTC offset", () => {
    expect(calendarSpan(seoul)).toEqual({
      start: Date.UTC(2026, 10, 22, 15),
      end: Date.UTC(2026, 10, 24, 15),
    });
  });
});

describe("calendarDays", () => {
  it("puts each event on its local date and leaves out what falls outside", () => {
    const days = calendarDays(
      {
        created: [
          event("a", "사과", Date.UTC(2026, 10, 22, 14)), // 23:00 on the 22nd in Seoul: outside
          event("b", "Banana", Date.UTC(2026, 10, 22, 15)), // 00:00 on the 23rd
          event("c", "체리", Date.UTC(2026, 10, 24, 14, 59)), // 23:59 on the 24th
          event("d", "Date", Date.UTC(2026, 10, 24, 15)), // 00:00 on the 25th: outside
        ],
        reviewed: [],
        completed: [],
      },
      seoul,
    );
    expect(days).toEqual([
      {
        date: "2026-11-23",
        created: [{ id: "b", title: "Banana", folderId: "f1" }],
        reviewed: [],
        completed: [],
      },
      {
        date: "2026-11-24",
        created: [{ id: "c", title: "체리", folderId: "f1" }],
        reviewed: [],
        completed: [],
      },
    ]);
  });

  it("counts reviews and completions per memo, in order of the first one that day", () => {
    const t0 = Date.UTC(2026, 10, 23, 0);
    const [day] = calendarDays(
      {
        created: [],
        // Given out of order, as a device merging kept and pending events may.
        reviewed: [
          event("b", "Banana", t0 + 2 * HOUR),
          event("a", "사과", t0 + HOUR),
          event("a", "사과", t0 + 3 * HOUR),
        ],
        completed: [event("a", "사과", t0 + 4 * HOUR)],
      },
      seoul,
    );
    expect(day?.reviewed).toEqual([
      { id: "a", title: "사과", folderId: "f1", count: 2 },
      { id: "b", title: "Banana", folderId: "f1", count: 1 },
    ]);
    expect(day?.completed).toEqual([{ id: "a", title: "사과", folderId: "f1", count: 1 }]);
  });

  it("answers no days for no events", () => {
    expect(calendarDays({ created: [], reviewed: [], completed: [] }, seoul)).toEqual([]);
  });
});
