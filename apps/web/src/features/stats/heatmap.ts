/** One day of the year heatmap. */
export interface HeatmapCell {
  /** YYYY-MM-DD (local). */
  date: string;
  count: number;
  /** 0 without reviews, else 1–4 by the share of the busiest day (quarters, rounded up). */
  level: 0 | 1 | 2 | 3 | 4;
}

/** Day number (days since 1970-01-01) of a YYYY-MM-DD date, without time zones. */
function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

function isoOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The heatmap's weeks: every date from `from` to `to` (both included) with its count, cut into
 * columns of seven (the first column starts at `from`, a Sunday for a calendar-like grid).
 */
export function heatmapWeeks(
  from: string,
  to: string,
  days: readonly { date: string; count: number }[],
): HeatmapCell[][] {
  const counts = new Map(days.map((day) => [day.date, day.count]));
  const max = Math.max(0, ...days.map((day) => day.count));
  const weeks: HeatmapCell[][] = [];
  const first = dayNumber(from);
  const last = dayNumber(to);
  for (let day = first; day <= last; day++) {
    const date = isoOfDay(day);
    const count = counts.get(date) ?? 0;
    const level = count === 0 ? 0 : (Math.min(4, Math.ceil((4 * count) / max)) as 1 | 2 | 3 | 4);
    const index = Math.floor((day - first) / 7);
    weeks[index] ??= [];
    weeks[index].push({ date, count, level });
  }
  return weeks;
}
