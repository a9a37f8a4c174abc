import type { CalendarResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { api, query, utcOffsetMinutes } from "./client";

export const calendarKeys = {
  all: ["calendar"] as const,
  range: (from: string, to: string) => [...calendarKeys.all, from, to] as const,
};

/** Days `from`…`to` (YYYY-MM-DD, both included, at most 62) in the viewer's time zone. */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: async () =>
      (
        await api<CalendarResponse>(
          "GET",
          `/api/calendar${query({ from, to, tz: utcOffsetMinutes() })}`,
        )
      ).days,
  });
}
