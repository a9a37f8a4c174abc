import type { CalendarDay } from "@mnemo/domain";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format";
import { localIsoDate } from "../../lib/local-date";

const MARKERS = ["created", "reviewed", "completed"] as const;

/** How many of each kind a day shows: memos created, reviews (all of them), memos completed. */
export function dayCounts(day: CalendarDay | undefined): Record<(typeof MARKERS)[number], number> {
  return {
    created: day?.created.length ?? 0,
    reviewed: day?.reviewed.reduce((sum, memo) => sum + memo.count, 0) ?? 0,
    completed: day?.completed.length ?? 0,
  };
}

/** Seven columns of day buttons under the weekday names of the interface language. */
export function MonthGrid({
  month,
  days,
  byDate,
  todayIso,
  selectedIso,
  onChoose,
}: {
  month: Date;
  days: Date[];
  byDate: ReadonlyMap<string, CalendarDay>;
  todayIso: string;
  selectedIso: string;
  onChoose: (day: Date) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const fullDate = new Intl.DateTimeFormat(format.locale, { dateStyle: "full" });
  // 4 January 2026 is a Sunday: the weekday names from Sunday on, in the interface language.
  const weekdays = Array.from({ length: 7 }, (_, index) =>
    format.weekday(new Date(2026, 0, 4 + index).getTime()),
  );

  return (
    <div className="calendar-grid">
      <div className="calendar-weekdays" aria-hidden="true">
        {weekdays.map((name, index) => (
          <span key={name} className={index === 0 ? "calendar-sunday" : undefined}>
            {name}
          </span>
        ))}
      </div>
      <div className="calendar-days">
        {days.map((day) => {
          const iso = localIsoDate(day);
          const counts = dayCounts(byDate.get(iso));
          const isToday = iso === todayIso;
          const isOutside = day.getMonth() !== month.getMonth();
          const parts = [fullDate.format(day)];
          if (isToday) parts.push(t("calendar.today"));
          const summary = MARKERS.filter((kind) => counts[kind] > 0).map((kind) =>
            t(`calendar.count.${kind}`, { count: counts[kind] }),
          );
          if (summary.length > 0) parts.push(summary.join(", "));
          const className = [
            "calendar-day",
            isToday && "calendar-day-today",
            isOutside && "calendar-day-outside",
            iso === selectedIso && "calendar-day-selected",
            day.getDay() === 0 && !isOutside && "calendar-day-sunday",
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <button
              key={iso}
              type="button"
              className={className}
              aria-pressed={iso === selectedIso}
              aria-current={isToday ? "date" : undefined}
              onClick={() => onChoose(day)}
            >
              {/* The name is the full date in the interface language (issue 12 §3), read from
                  the content rather than an aria-label that would not contain the visible "5"
                  as a word ("11월 5일"), which WCAG 2.5.3 asks of a label. */}
              <span className="visually-hidden">{parts.join(", ")}</span>
              <span className="calendar-day-number" aria-hidden="true">
                {day.getDate()}
              </span>
              <span className="calendar-markers" aria-hidden="true">
                {MARKERS.map((kind) =>
                  counts[kind] > 0 ? (
                    <span key={kind} className={`calendar-marker calendar-marker-${kind}`}>
                      {counts[kind] > 99 ? "99+" : counts[kind]}
                    </span>
                  ) : null,
                )}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
